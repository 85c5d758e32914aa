// @ts-check
// The signed-out home page's JavaScript budget (issue 4, pwa/BUDGET.md): at most 125 kB gzipped, counted by
// measure-home.mjs. A count of bytes, not a timing: one build gives the same figure on any host, so it is checked on
// every run here. Until now only `npm run bench` read it, and a change that crossed it (the margin is ~0.1 kB) showed
// only to whoever ran the bench next.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { BASE_URL } from '../lib/browser.mjs';

/** @returns {Promise<{ status: number | null, stdout: string, stderr: string }>} */
function measureHome() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('../measure-home.mjs', import.meta.url)), BASE_URL, '--json']);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the signed-out home page', () => {
  it('loads at most 125 kB of gzipped JavaScript', async () => {
    const run = await measureHome();
    assert.equal(run.status, 0, `measure-home.mjs failed: ${run.stderr.slice(-2000)}`);
    const { files, totalGzipBytes, budgetBytes } = /** @type {{ files: { url: string, gzip: number }[], totalGzipBytes: number, budgetBytes: number }} */ (
      JSON.parse(run.stdout)
    );
    assert.equal(budgetBytes, 125_000);
    assert.ok(files.length > 0, 'the page loaded scripts');
    const list = files.map((f) => `${new URL(f.url).pathname} ${f.gzip}`).join(', ');
    assert.ok(totalGzipBytes <= budgetBytes, `${totalGzipBytes.toLocaleString('en')} bytes of gzipped JavaScript, over the ${budgetBytes.toLocaleString('en')} budget: ${list}`);
  });
});
