import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_CLIENT, LOGIN_ATTEMPTS_PER_EMAIL } from '../db/identity.ts';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { DEVICE_COOKIE_DAYS, deviceCookieName } from './device-cookie.ts';

// Issue 45.4: nobody can lock the owner out of a device they signed in on before, however many wrong passwords they
// send from wherever; devices never seen before still wait under the per-address and per-e-mail limits.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Attempt {
  status: number;
  retryAfter: string | null;
  /** The device cookie the answer set, as a browser would send it back (`name=value`), if any. */
  device: string | undefined;
  setCookie: string | null;
}

async function login(from: string, email: string, password: string, cookie?: string): Promise<Attempt> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const res = await t.app.request(
    '/auth/login',
    { method: 'POST', headers, body: JSON.stringify({ email, password }) },
    { incoming: { socket: { remoteAddress: from, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, retryAfter: res.headers.get('retry-after'), device: setCookie?.split(';')[0], setCookie };
}

describe('device cookies', () => {
  it('a successful sign-in makes the device known: an HttpOnly, SameSite=Strict cookie for /auth only, named without the e-mail', async () => {
    const u = await createUser(t, { password: 'right-pass' });
    const ok = await login('192.0.2.10', u.email, 'right-pass');
    expect(ok.status).toBe(200);
    expect(ok.device).toMatch(new RegExp(`^${deviceCookieName(u.email)}=`));
    expect(ok.setCookie).not.toContain(u.email);
    expect(ok.setCookie).toMatch(/HttpOnly/);
    expect(ok.setCookie).toMatch(/SameSite=Strict/);
    expect(ok.setCookie).toMatch(/Path=\/auth/);
    expect(ok.setCookie).toContain(`Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`);
    // A wrong password makes nothing known.
    expect((await login('192.0.2.10', u.email, 'wrong-pass')).setCookie).toBeNull();
  });

  it("failures from the owner's own address and from many others do not lock out the owner's known device; an unknown one waits", async () => {
    const u = await createUser(t, { password: 'right-pass' });
    const office = '198.51.100.20';
    const known = (await login(office, u.email, 'right-pass')).device!;

    // Someone at the same office, then a guess spread over many addresses up to the e-mail's cap.
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_CLIENT + 1; i++) await login(office, u.email, 'wrong-pass');
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_EMAIL + 5; i++) await login(`10.1.${i}.1`, u.email, 'wrong-pass');
    expect((await login('192.0.2.99', u.email, 'wrong-pass')).status).toBe(429);

    // The owner's device, from that same office, still signs in; without its cookie the same request waits.
    const owner = await login(office, u.email, 'right-pass', known);
    expect(owner.status).toBe(200);
    const unknown = await login(office, u.email, 'right-pass');
    expect(unknown.status).toBe(429);
    expect(Number(unknown.retryAfter)).toBeGreaterThan(0);
  });

  it("a known device's own wrong passwords are limited like an address's, and do not count against anyone else", async () => {
    const u = await createUser(t, { password: 'right-pass' });
    const known = (await login('192.0.2.30', u.email, 'right-pass')).device!;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_CLIENT; i++) expect((await login('192.0.2.30', u.email, 'wrong-pass', known)).status).toBe(401);
    const stopped = await login('192.0.2.30', u.email, 'right-pass', known);
    expect(stopped.status).toBe(429);
    // The same address without the cookie, and another device, were never charged for them.
    expect((await login('192.0.2.30', u.email, 'right-pass')).status).toBe(200);
  });

  it("a forged cookie, or one of another account, is an unknown device", async () => {
    const u = await createUser(t, { password: 'right-pass' });
    const other = await createUser(t, { password: 'other-pass' });
    const othersDevice = (await login('192.0.2.40', other.email, 'other-pass')).device!;
    const [, value] = othersDevice.split('=');
    const name = deviceCookieName(u.email);
    // Their own signed cookie under this account's name; and a cookie whose signature was changed.
    const borrowed = `${name}=${value}`;
    const forged = `${name}=${value!.slice(0, -4)}AAAA`;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_CLIENT; i++) await login('192.0.2.41', u.email, 'wrong-pass');
    expect((await login('192.0.2.41', u.email, 'right-pass', borrowed)).status).toBe(429);
    expect((await login('192.0.2.41', u.email, 'right-pass', forged)).status).toBe(429);
  });

  it('the password confirmations under /auth count on the known device too', async () => {
    const u = await createUser(t, { password: 'right-pass' });
    const known = (await login('192.0.2.50', u.email, 'right-pass')).device!;
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_EMAIL + 1; i++) await login(`10.2.${i}.1`, u.email, 'wrong-pass');
    const res = await t.app.request(
      '/auth/change-password',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}`, cookie: known },
        body: JSON.stringify({ currentPassword: 'right-pass', newPassword: 'newer-pass' }),
      },
      { incoming: { socket: { remoteAddress: '192.0.2.50', remotePort: 40000, remoteFamily: 'IPv4' } } },
    );
    expect(res.status).toBe(200);
  });
});
