import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress.ts';

describe('precompressFiles', () => {
  it('writes Brotli and gzip copies that decompress to the file, only for text worth compressing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fb-precompress-'));
    try {
      const js = 'export const greeting = "hello";\n'.repeat(200);
      writeFileSync(join(dir, 'app.js'), js);
      writeFileSync(join(dir, 'tiny.css'), 'a{b:c}');
      writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7));
      const written = await precompressFiles(dir, ['app.js', 'tiny.css', 'photo.png']);
      expect(written.map((p) => p.slice(dir.length + 1)).sort()).toEqual(['app.js.br', 'app.js.gz']);
      expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(js);
      expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(js);
      expect(readFileSync(join(dir, 'app.js.br')).length).toBeLessThan(js.length / 10);
      expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
