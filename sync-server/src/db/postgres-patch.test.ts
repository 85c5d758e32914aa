import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_MARK, PATCHED_FILES } from '../../../scripts/patch-deps.mjs';

// The server must never run on an unpatched postgres.js: a connection lost at the wrong moment would end the process
// (scripts/patch-deps.mjs says why). This fails if an install skipped the patch, or a new release changed the code.
describe('postgres.js as installed', () => {
  it('has the null-socket guard in the code the server loads, ESM and CommonJS', () => {
    // The package's folder, where the server resolves it from (its entry lies a few folders down).
    let packageDir = createRequire(import.meta.url).resolve('postgres');
    while (basename(packageDir) !== 'postgres') packageDir = dirname(packageDir);
    for (const file of PATCHED_FILES as string[]) {
      const text = readFileSync(join(packageDir, file.replace(/^node_modules\/postgres\//, '')), 'utf8');
      expect(text, file).toContain(PATCH_MARK);
    }
  });
});
