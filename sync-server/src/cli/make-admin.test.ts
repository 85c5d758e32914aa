import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../db/connection.ts';
import { insertUser } from '../db/users.ts';
import { bundleScripts, type BundledScripts } from '../testing/bundled-scripts.ts';
import { writeMigratedDataDir } from '../testing/test-database.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAKE_ADMIN = 'sync-server/src/cli/make-admin.ts';
const SEED = 'sync-server/src/seed/seed-cli.ts';

let scripts: BundledScripts;
beforeAll(async () => {
  scripts = await bundleScripts([MAKE_ADMIN, SEED]);
});
afterAll(() => scripts?.remove());

/** Runs one of the server's command-line scripts in a process of its own, on the embedded database in `dataDir`. */
function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [scripts.path(script), ...args], {
    cwd: rootDir,
    // Empty values win over a developer's .env (the scripts never overwrite variables already set).
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: '', ALLOW_DEMO_DATA: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('exit', (code) => done({ code, stdout, stderr })),
  );
}

describe('npm run admin -- --email', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-admin-cli-'));
  beforeAll(async () => {
    await writeMigratedDataDir(join(dataDir, 'pglite'));
    const db = await openEmbedded(join(dataDir, 'pglite'));
    await insertUser(db.sql, { email: 'first.admin@example.test', name: 'First Admin', role: 'user' });
    await db.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes an existing account admin, found by its e-mail in any case and spacing', async () => {
    const res = await run(MAKE_ADMIN, ['--email', ' First.Admin@Example.test '], { DATA_DIR: dataDir });
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toContain('First Admin <first.admin@example.test> is now an admin.');
    const db = await openEmbedded(join(dataDir, 'pglite'));
    try {
      const [row] = await db.sql`SELECT role FROM users WHERE email = 'first.admin@example.test'`;
      expect(row!.role).toBe('admin');
      // Every role change is in the history: made by FoodBridge, by way of the operator's command.
      const grants = await db.sql`SELECT actor_name, from_state, to_state, detail FROM history WHERE kind = 'user.role-changed'`;
      expect(grants).toEqual([
        { actor_name: 'FoodBridge', from_state: 'user', to_state: 'admin', detail: expect.objectContaining({ via: 'npm run admin', email: 'first.admin@example.test' }) },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('says so and exits non-zero for an unknown e-mail or none', async () => {
    const unknown = await run(MAKE_ADMIN, ['--email', 'nobody@example.test'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the e-mail nobody@example.test. The person registers first');
    const none = await run(MAKE_ADMIN, [], { DATA_DIR: dataDir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run admin -- --email someone@example.org');
  }, 60_000);
});

describe('npm run seed with NODE_ENV=production', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-seed-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to add the demo accounts unless ALLOW_DEMO_DATA=true, and touches no database', async () => {
    const res = await run(SEED, [], { NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('npm run seed refuses to add the demo accounts with NODE_ENV=production');
    expect(res.stderr).toContain('ALLOW_DEMO_DATA=true');
    expect(res.stdout).toBe('');
  }, 60_000);
});
