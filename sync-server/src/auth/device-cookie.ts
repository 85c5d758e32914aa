// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"), issue 45.4: a browser that signed
// in to an account before carries a signed cookie saying so, and its password tries are counted on their own. Guesses
// from elsewhere, however many, then cannot lock the owner out of the devices they use; devices never seen before
// still wait under the per-address and per-e-mail limits of db/identity.ts.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../deps.ts';

/** How long a device stays known after its last successful sign-in (each one renews it). */
export const DEVICE_COOKIE_DAYS = 180;

/**
 * One cookie per account, so that a shared tablet known to two accounts stays known to both. Only the routes under
 * /auth receive it: sign-in and the password confirmations there, not every API call and picture (bytes a driver's
 * weak uplink would pay on each request). The e-mail is hashed: the cookie's name says nothing of whose it is.
 */
export function deviceCookieName(email: string): string {
  return `fb_device_${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
}

/** The id of this device when it holds a valid device cookie for `email`, else undefined (unknown device). */
export async function knownDevice(c: Context<AppEnv>, deps: Deps, email: string): Promise<string | undefined> {
  const value = getCookie(c, deviceCookieName(email));
  if (!value) return undefined;
  const device = await deps.tokens.verifyDevice(value);
  return device?.email === email ? device.deviceId : undefined;
}

/** After the right password: this device is known to the account from now on (a fresh id, a fresh expiry). */
export async function rememberDevice(c: Context<AppEnv>, deps: Deps, account: { id: string; email: string }): Promise<void> {
  // Firebase signs people in itself: its sign-ins never reach here, and its servers have no built-in keys to sign with.
  if (deps.firebase) return;
  const value = await deps.tokens.signDevice(account.id, account.email, DEVICE_COOKIE_DAYS);
  const https = deps.config.PUBLIC_URL?.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
  setCookie(c, deviceCookieName(account.email), value, {
    path: '/auth',
    httpOnly: true,
    secure: https,
    sameSite: 'Strict',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
