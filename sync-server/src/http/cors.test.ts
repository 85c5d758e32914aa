import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

const PARTNER = 'https://partner.example.org';
const EVIL = 'https://evil.example';

let plain: TestApp;
let open: TestApp;
let user: TestUser;

beforeAll(async () => {
  [plain, open] = await Promise.all([createTestApp(), createTestApp({ CORS_ORIGINS: `${PARTNER}/, https://Admin.Example.org` })]);
  user = await createUser(open);
});
afterAll(async () => {
  await plain?.close();
  await open?.close();
});

const preflight = (t: TestApp, origin: string, path = '/users/me') =>
  t.app.request(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS', () => {
  it('sends no CORS header by default, and refuses every preflight: same-origin only', async () => {
    const res = await plain.app.request('/auth/config', { headers: { origin: PARTNER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(plain, PARTNER);
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(await pre.json()).toEqual({ message: 'This site may not call the FoodBridge API from another origin.', code: 'request/foreign-origin' });
  });

  it('answers the preflight of a configured origin, with the methods and headers the app uses', async () => {
    for (const origin of [PARTNER, 'https://admin.example.org']) {
      const res = await preflight(open, origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('lets a configured origin read answers (and Retry-After), and gives any other origin nothing', async () => {
    const allowed = await open.app.request('/users/me', { headers: { origin: PARTNER, authorization: `Bearer ${user.token}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(allowed.headers.get('vary')).toContain('Origin');

    const other = await open.app.request('/users/me', { headers: { origin: EVIL, authorization: `Bearer ${user.token}` } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toContain('Origin');
    const pre = await preflight(open, EVIL);
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    // A look-alike is another origin.
    expect((await preflight(open, `${PARTNER}.evil.example`)).status).toBe(403);
    expect((await preflight(open, 'http://partner.example.org')).status).toBe(403);
  });
});
