import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATCHES } from '../../../scripts/patch-deps.mjs';

// The package's folder, where the server resolves it from (its entry lies a few folders down).
let packageDir = createRequire(import.meta.url).resolve('postgres');
while (basename(packageDir) !== 'postgres') packageDir = dirname(packageDir);
const installed = (file: string) => join(packageDir, file.replace(/^node_modules\/postgres\//, ''));

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

// The server must never run on an unpatched postgres.js: a connection lost at the wrong moment would end the process,
// and a pool under steady load would slow down with every query (scripts/patch-deps.mjs says why). This fails if an
// install skipped a patch, or a new release changed the code.
describe('postgres.js as installed', () => {
  it('has every patch in the code the server loads, ESM and CommonJS', () => {
    for (const patch of PATCHES) {
      for (const file of patch.files) expect(readFileSync(installed(file), 'utf8'), `${file}: ${patch.name}`).toContain(patch.mark);
    }
  });

  it("keeps the pool's queue a queue while it drops its blanked front", async () => {
    const { default: Queue } = (await import(pathToFileURL(installed('node_modules/postgres/src/queue.js')).href)) as {
      default: <T>(initial?: T[]) => Queue<T>;
    };
    // What the pool does on every query: take the first connection, remove it from the queue it is in (already gone:
    // shifted), and push it to the back. Long enough to pass the point where the blanked front is dropped many times.
    const q = Queue(['a', 'b', 'c', 'd', 'e']);
    for (let i = 0; i < 10_000; i++) {
      const c = q.shift()!;
      expect(q.remove(c)).toBeNull();
      q.push(c);
    }
    expect(q.length).toBe(5);
    // 10,000 rotations of five bring the order back round; removing one from the middle keeps the others in order.
    expect(q.remove('c')).toBe('c');
    expect(q.remove('c')).toBeNull();
    expect([q.shift(), q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(['a', 'b', 'd', 'e', undefined]);
    expect(q.length).toBe(0);
    // A queue that fills and drains: pending queries behind a busy pool.
    for (let i = 0; i < 100; i++) q.push(String(i));
    for (let i = 0; i < 60; i++) expect(q.shift()).toBe(String(i));
    expect(q.remove('70')).toBe('70');
    expect(q.length).toBe(39);
    expect(q.shift()).toBe('60');
  });
});
