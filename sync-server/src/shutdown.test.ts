import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleScripts, type BundledScripts } from './testing/bundled-scripts.ts';
import { writeMigratedDataDir } from './testing/test-database.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = 'sync-server/src/index.ts';

/**
 * The real server process (its entry bundled as `npm start` builds it) on an embedded database of its own, with its
 * output and exit.
 */
async function startServer(scripts: BundledScripts, dataDir: string) {
  const child: ChildProcess = spawn(process.execPath, [scripts.path(SERVER)], {
    cwd: rootDir,
    // Empty values win over a developer's .env (the server never overwrites variables already set).
    env: { ...process.env, NODE_ENV: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO_DATA: 'never', PWA_DIST: '', FIREBASE_PROJECT_ID: '', STRIPE_SECRET_KEY: '', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; at: number }>((done) => child.on('exit', (code) => done({ code, at: Date.now() })));
  const deadline = Date.now() + 60_000;
  let port: number | undefined;
  while (!port) {
    port = Number(/sync-server on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]) || undefined;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, exited, output: () => output };
}

describe('graceful shutdown on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-shutdown-'));
  let scripts: BundledScripts;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    // A data folder already made and migrated, as on every start but the first (the first runs initdb: seconds of CPU
    // that have nothing to do with stopping).
    [scripts] = await Promise.all([bundleScripts([SERVER]), writeMigratedDataDir(join(dataDir, 'pglite'))]);
    server = await startServer(scripts, dataDir);
  }, 90_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    scripts?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, ends sync streams with a retry hint, refuses new connections and exits 0 within 10 s', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    // A signed-in device with its live stream open.
    const account = createRegisterInput();
    const registered = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    const { idToken } = (await registered.json()) as { idToken: string };
    const ticket = await fetch(`${base}/sync/stream-ticket`, { method: 'POST', headers: { authorization: `Bearer ${idToken}` } });
    const { ticket: streamTicket } = (await ticket.json()) as { ticket: string };
    const stream = await fetch(`${base}/sync/donations/pull/stream?ticket=${streamTicket}`);
    expect(stream.status).toBe(200);
    const streamText = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!) text += decoder.decode(chunk as Uint8Array);
      return text;
    })();

    // A request whose body is still on its way when the signal comes: half now, the rest after SIGTERM.
    const body = JSON.stringify(createRegisterInput());
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const answered = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write(`POST /auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // New connections are refused at once.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    socket.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);

    expect(await streamText).toMatch(/retry: 1000\n\n$/);
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"shut down"');
  }, 60_000);
});
