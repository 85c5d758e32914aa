import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, HASHES_WAITING, PARAMS, hashesRunning, hashPassword, lowerPasswordCostForTests, verifyPassword } from './passwords.ts';

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

describe('hashing under a burst', () => {
  it(`works out at most ${HASHES_AT_ONCE} hashes at once, so libuv's other threads stay free for compression and files`, async () => {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, hashesRunning())), 0);
    try {
      const hashes = await Promise.all(Array.from({ length: 20 }, (_, i) => hashPassword(`password-${i}`)));
      expect(new Set(hashes).size).toBe(20);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(hashesRunning()).toBe(0);
  });

  it('answers 503 server/busy beyond the waiting line, and every admitted hash still completes', async () => {
    const calls = Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING + 5 }, (_, i) => hashPassword(`burst-${i}`));
    const results = await Promise.allSettled(calls);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'server/busy' });
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(HASHES_AT_ONCE + HASHES_WAITING);
    expect(hashesRunning()).toBe(0);
  });
});
