import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A built app's folder for `PWA_DIST`, with the given files (paths relative to it), removed again by `remove()`:
 * each test file that served pages left one of these in the system's temp folder on every run.
 */
export function appDist(files: Record<string, string | Uint8Array>): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'fb-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
