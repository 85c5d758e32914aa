import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PARAMS, hashPassword, lowerPasswordCostForTests, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are scrypt with their parameters, salt and key, and check only the password they were made from', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horse!', stored)).toBe(false);
    expect(await verifyPassword('correct horse', stored.replace(/^scrypt/, 'bcrypt'))).toBe(false);
  });

  it('made with the production cost are checked too, whatever the cost of new ones', async () => {
    // Test runs make hashes at a lower cost (testing/setup.ts); a production hash names its own.
    expect(PARAMS).toEqual({ N: 16384, r: 8, p: 1, keylen: 64 });
    const salt = randomBytes(16);
    const key = scryptSync('Ünïcödé'.normalize('NFKC'), salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('Ünïcödé', stored)).toBe(true);
    expect(await verifyPassword('Unicode', stored)).toBe(false);
  });

  it('keep the production cost outside a test run', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => lowerPasswordCostForTests(2)).toThrow(/tests only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
