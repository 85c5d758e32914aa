import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { productionProblems } from './startup-checks.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { insertUser } from './db/users.ts';
import { hasDemoAccounts, seedIfEmpty } from './seed/seed.ts';

const POSTGRES = 'postgres://db.internal:5432/foodbridge';
const STRIPE = 'sk_live_x';
const SAFE = { NODE_ENV: 'production', DATABASE_URL: POSTGRES, STRIPE_SECRET_KEY: STRIPE, PUBLIC_URL: 'https://foodbridge.example.org' };

/** Each row: the environment, whether demo accounts exist (undefined: not asked yet), the settings named. */
const table: [name: string, env: Record<string, string>, demoAccountsExist: boolean | undefined, named: string[]][] = [
  ['development: anything goes', { DATABASE_URL: '', SEED_DEMO_DATA: 'always' }, true, []],
  ['test: anything goes', { NODE_ENV: 'test' }, true, []],
  ['production on Postgres with Stripe', SAFE, false, []],
  ['production, before the database is asked', SAFE, undefined, []],
  ['production, auto seed on Postgres seeds nothing', { ...SAFE, SEED_DEMO_DATA: 'auto' }, false, []],
  ['production without a Stripe key', { ...SAFE, STRIPE_SECRET_KEY: '' }, false, ['ALLOW_TEST_PAYMENTS']],
  ['production, test payments allowed', { ...SAFE, STRIPE_SECRET_KEY: '', ALLOW_TEST_PAYMENTS: 'true' }, false, []],
  ['production, ALLOW_TEST_PAYMENTS=false', { ...SAFE, STRIPE_SECRET_KEY: '', ALLOW_TEST_PAYMENTS: 'false' }, false, ['ALLOW_TEST_PAYMENTS']],
  ['production on the embedded database', { ...SAFE, DATABASE_URL: '', SEED_DEMO_DATA: 'never' }, false, ['ALLOW_EMBEDDED_DATABASE']],
  ['production, embedded database allowed', { ...SAFE, DATABASE_URL: '', SEED_DEMO_DATA: 'never', ALLOW_EMBEDDED_DATABASE: 'true' }, false, []],
  ['production, embedded with the default seed', { ...SAFE, DATABASE_URL: '', ALLOW_EMBEDDED_DATABASE: 'true' }, undefined, ['ALLOW_DEMO_DATA']],
  ['production, SEED_DEMO_DATA=always on Postgres', { ...SAFE, SEED_DEMO_DATA: 'always' }, undefined, ['ALLOW_DEMO_DATA']],
  ['production, demo seed allowed', { ...SAFE, SEED_DEMO_DATA: 'always', ALLOW_DEMO_DATA: 'true' }, true, []],
  ['production, demo accounts in the database', SAFE, true, ['ALLOW_DEMO_DATA']],
  ['production, demo accounts allowed', { ...SAFE, ALLOW_DEMO_DATA: 'true' }, true, []],
  ['production with the test-only RATE_LIMIT_SCALE', { ...SAFE, RATE_LIMIT_SCALE: '100' }, false, ['RATE_LIMIT_SCALE']],
  ['production, RATE_LIMIT_SCALE=1 is the default', { ...SAFE, RATE_LIMIT_SCALE: '1' }, false, []],
  ['development with RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: '100' }, false, []],
  ['production without PUBLIC_URL: e-mailed links would point to localhost', { ...SAFE, PUBLIC_URL: '' }, false, ['PUBLIC_URL']],
  ['production with Firebase needs no PUBLIC_URL (Firebase sends its own e-mails)', { ...SAFE, PUBLIC_URL: '', FIREBASE_PROJECT_ID: 'p' }, false, []],
  [
    'production, nothing set: every problem at once',
    { NODE_ENV: 'production' },
    undefined,
    ['ALLOW_TEST_PAYMENTS', 'ALLOW_EMBEDDED_DATABASE', 'PUBLIC_URL', 'ALLOW_DEMO_DATA'],
  ],
  [
    'production, everything allowed',
    { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', ALLOW_EMBEDDED_DATABASE: 'true', ALLOW_DEMO_DATA: 'true', PUBLIC_URL: 'https://x.example' },
    true,
    [],
  ],
];

describe('productionProblems', () => {
  it.each(table)('%s', (_name, env, demoAccountsExist, named) => {
    const database = demoAccountsExist === undefined ? undefined : { demoAccountsExist };
    expect(productionProblems(loadConfig(env), database).map((p) => p.allowedBy)).toEqual(named);
  });

  it('says what is wrong and which setting changes it', () => {
    const messages = (env: Record<string, string>, demoAccountsExist?: boolean) =>
      productionProblems(loadConfig(env), demoAccountsExist === undefined ? undefined : { demoAccountsExist }).map(
        (p) => p.message,
      );
    expect(messages({ NODE_ENV: 'production' })).toEqual([
      'Payments would run in test mode (no STRIPE_SECRET_KEY): set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, ' +
        'or ALLOW_TEST_PAYMENTS=true if this deployment takes no real payments.',
      'The database is the embedded PGlite (no DATABASE_URL), a store for one process and for demos: set ' +
        'DATABASE_URL to a Postgres server, or ALLOW_EMBEDDED_DATABASE=true.',
      'The links in account e-mails (verify your e-mail, reset your password) would point to localhost: set ' +
        'PUBLIC_URL to the address users open, e.g. https://foodbridge.example.org.',
      'Demo data would be seeded (SEED_DEMO_DATA=auto seeds the embedded database), with accounts whose password ' +
        'is in the README: set SEED_DEMO_DATA=never, or ALLOW_DEMO_DATA=true.',
    ]);
    expect(messages({ ...SAFE, SEED_DEMO_DATA: 'always' })).toEqual([
      'Demo data would be seeded (SEED_DEMO_DATA=always), with accounts whose password is in the README: set ' +
        'SEED_DEMO_DATA=never, or ALLOW_DEMO_DATA=true.',
    ]);
    expect(messages(SAFE, true)).toEqual([
      'The database holds the demo accounts (admin@foodbridge.test and others), whose password is in the README: ' +
        'delete them or start on a fresh database, or set ALLOW_DEMO_DATA=true.',
    ]);
  });
});

describe('HOST', () => {
  it('defaults to 127.0.0.1, and to 0.0.0.0 with NODE_ENV=production (a container must be reachable)', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses an ALLOW_ setting that is neither true nor false', () => {
    expect(() => loadConfig({ ALLOW_DEMO_DATA: 'yes' })).toThrow(/ALLOW_DEMO_DATA/);
  });
});

describe('demo accounts in the database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('are found after the demo seed, not among accounts of our own', async () => {
    await insertUser(db.sql, { email: 'someone@example.test', name: 'Someone', role: 'user' });
    expect(await hasDemoAccounts(db.sql)).toBe(false);
    await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'always' }, { log: () => {} });
    expect(await hasDemoAccounts(db.sql)).toBe(true);
  });
});

describe('the server process with NODE_ENV=production', () => {
  const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'foodbridge-startup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start with test payments, names the setting and exits non-zero', async () => {
    // Empty values win over a developer's .env (the server never overwrites variables already set).
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_EMBEDDED_DATABASE: 'true',
      SEED_DEMO_DATA: 'never',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      FIREBASE_PROJECT_ID: '',
      ALLOW_TEST_PAYMENTS: '',
      ALLOW_DEMO_DATA: '',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
      cwd: rootDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // A server that does not refuse keeps running: stop it, so the test fails on the exit code instead of hanging.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    clearTimeout(timer);

    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toContain('FoodBridge refuses to start with NODE_ENV=production:');
    expect(stderr).toContain('set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or ALLOW_TEST_PAYMENTS=true');
    expect(stderr).not.toContain('ALLOW_EMBEDDED_DATABASE=true');
  }, 30_000);
});
