import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { HistoryEntry } from '@foodbridge/shared/schemas/history';
import type { User } from '@foodbridge/shared/schemas/user';
import {
  ApiError,
  apiPath,
  call,
  expectAccountGone,
  getPage,
  imageUrl,
  nextPageOf,
  onAccountGone,
  send,
  setTokenSource,
  type ApiPath,
  type TokenSource,
} from './api-client';
import { setLocale } from './i18n/i18n';
import { notify } from './notify';

// Every step the client takes, in order, so a test can assert the whole conversation rather than a count.
let log: string[];
let answers: Array<() => Response | Promise<Response>>;
let sent: Array<{ url: string; init: RequestInit }>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A token source like the real ones: refresh stores the new token, and getToken returns it from then on. */
function tokens(initial: string | null, refreshed: string | null): TokenSource {
  let current = initial;
  return {
    getToken: async () => {
      log.push(`getToken -> ${current}`);
      return current;
    },
    refresh: async () => {
      log.push(`refresh -> ${refreshed}`);
      current = refreshed;
      return refreshed;
    },
  };
}

const headersOf = (i: number) => sent[i]!.init.headers as Record<string, string>;

// Bodies of the routes the refusals below come from; the server's answer is the test's, whatever was sent.
const LOGIN = { email: 'a@b.co', password: 'secret123' };
const REQUEST = { donationId: '0b7e6a36-5f1e-4d36-9a57-3f4c4b0f8a11', requestDescription: 'For the shelter', pickupTime: '18:00' };
const REVIEW = { donationId: '0b7e6a36-5f1e-4d36-9a57-3f4c4b0f8a11', rating: 5, description: 'Lovely' };

beforeEach(() => {
  log = [];
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const auth = (init.headers as Record<string, string>).Authorization ?? 'no token';
      log.push(`fetch ${init.method} ${url} (${auth})`);
      const next = answers.shift();
      if (!next) throw new Error(`unexpected request ${init.method} ${url}`);
      return next();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource({ getToken: async () => null, refresh: async () => null });
});

describe('api client', () => {
  it('sends the bearer token and parses the JSON answer', async () => {
    setTokenSource(tokens('t1', null));
    answers.push(() => json(200, { items: [1, 2] }));

    await expect(call('GET /donations')).resolves.toEqual({ items: [1, 2] });
    expect(headersOf(0)).toEqual({ Accept: 'application/json', Authorization: 'Bearer t1' });
    expect(sent[0]!.init.body).toBeUndefined();
  });

  it('sends no token, and does not even ask for one, on an anonymous call', async () => {
    setTokenSource(tokens('t1', 't2'));
    answers.push(() => json(200, { ok: true }));

    await call('POST /auth/login', { body: { email: 'a@b.co', password: 'secret123' }, anonymous: true });
    expect(log).toEqual(['fetch POST /auth/login (no token)']);
    expect(headersOf(0).Authorization).toBeUndefined();
  });

  it('sends a JSON body with its Content-Type, and an empty object when a write has no body', async () => {
    setTokenSource(tokens(null, null));
    answers.push(
      () => json(200, {}),
      () => json(200, {}),
    );

    await call('PATCH /users/me', { body: { name: 'Bread' } });
    await call('POST /notifications/read-all');
    expect(sent.map((s) => [s.init.method, s.init.body, headersOf(sent.indexOf(s))['Content-Type']])).toEqual([
      ['PATCH', '{"name":"Bread"}', 'application/json'],
      ['POST', '{}', 'application/json'],
    ]);
  });

  it('sends a FormData body as it is, with no Content-Type (the browser adds the multipart boundary)', async () => {
    setTokenSource(tokens('t1', null));
    answers.push(() => json(201, { ok: true }));
    const form = new FormData();
    form.append('name', 'x');

    await send('POST', '/upload', form, {});
    expect(sent[0]!.init.body).toBe(form);
    expect(headersOf(0)).toEqual({ Accept: 'application/json', Authorization: 'Bearer t1' });
  });

  it('on a 401 refreshes once, then sends the original request once more with the new token', async () => {
    setTokenSource(tokens('old', 'new'));
    answers.push(
      () => json(401, { message: 'Token expired' }),
      () => json(200, { name: 'Ada' }),
    );

    await expect(call('PATCH /users/me', { body: { name: 'Ada' } })).resolves.toEqual({ name: 'Ada' });
    expect(log).toEqual([
      'getToken -> old',
      'fetch PATCH /users/me (Bearer old)',
      'refresh -> new',
      'getToken -> new',
      'fetch PATCH /users/me (Bearer new)',
    ]);
    expect(sent[1]!.init.body).toBe('{"name":"Ada"}');
  });

  it('does not retry a second 401: the caller gets the server message of the retried request', async () => {
    setTokenSource(tokens('old', 'new'));
    answers.push(
      () => json(401, { message: 'Token expired' }),
      () => json(401, { message: 'Account removed', code: 'auth/user-disabled' }),
    );

    await expect(call('GET /users/me')).rejects.toEqual(new ApiError(401, 'Account removed', 'auth/user-disabled'));
    expect(log.filter((l) => l.startsWith('refresh'))).toEqual(['refresh -> new']);
    expect(sent).toHaveLength(2);
  });

  it('gives the 401 as an ApiError when the refresh returns no token', async () => {
    setTokenSource(tokens('old', null));
    answers.push(() => json(401, { message: 'Token expired', code: 'auth/id-token-expired' }));

    const err = await call('GET /users/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Token expired', code: 'auth/id-token-expired' });
    expect(log).toEqual(['getToken -> old', 'fetch GET /users/me (Bearer old)', 'refresh -> null']);
  });

  it('does not refresh on a 401 to a request sent without a token', async () => {
    setTokenSource(tokens(null, 'new'));
    answers.push(() => json(401, { message: 'Please sign in to continue.' }));

    await expect(call('GET /users/me')).rejects.toMatchObject({ status: 401, message: 'Please sign in to continue.' });
    expect(log).toEqual(['getToken -> null', 'fetch GET /users/me (no token)']);
  });

  it('does not refresh on a 401 to an anonymous call (a wrong password is not an expired token)', async () => {
    setTokenSource(tokens('t1', 'new'));
    answers.push(() => json(401, { message: 'Wrong e-mail or password.' }));

    await expect(call('POST /auth/login', { body: LOGIN, anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(log).toEqual(['fetch POST /auth/login (no token)']);
  });

  it("does not refresh on a wrong password sent with the token: the owner's confirmation is tried once", async () => {
    setTokenSource(tokens('t1', 'new'));
    answers.push(() => json(401, { message: 'Wrong e-mail or password.', code: 'auth/invalid-credential' }));

    await expect(call('POST /auth/change-password', { body: { currentPassword: 'wrong', newPassword: 'another-pass-42' } })).rejects.toMatchObject({
      status: 401,
      code: 'auth/invalid-credential',
    });
    expect(log).toEqual(['getToken -> t1', 'fetch POST /auth/change-password (Bearer t1)']);
  });

  it('turns a network failure into ApiError status 0 with a readable message and code', async () => {
    setTokenSource(tokens(null, null));
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));

    const err = await call('GET /donations/verified').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 0,
      message: 'Cannot reach FoodBridge. Check your connection and try again.',
      code: 'auth/network-request-failed',
    });
  });

  it('lets an AbortError through untouched, so callers can tell a cancelled request from a failed one', async () => {
    setTokenSource(tokens(null, null));
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    answers.push(() => Promise.reject(abort));
    const controller = new AbortController();

    await expect(call('GET /donations', { signal: controller.signal })).rejects.toBe(abort);
    expect(sent[0]!.init.signal).toBe(controller.signal);
  });

  it("carries the server's message and code into the ApiError", async () => {
    setTokenSource(tokens('t1', null));
    answers.push(() => json(409, { message: 'You have already requested this donation.', code: 'duplicate' }));

    await expect(call('POST /donation-requests', { body: REQUEST })).rejects.toEqual(
      new ApiError(409, 'You have already requested this donation.', 'duplicate'),
    );
  });

  it('gives a generic message with the status when the error body is not JSON', async () => {
    setTokenSource(tokens(null, null));
    answers.push(() => new Response('<html>Bad Gateway</html>', { status: 502 }));

    const err = await call('GET /donations').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: 'Request failed (502)', code: 'request/failed' });
  });

  it('answers undefined for an empty success body', async () => {
    setTokenSource(tokens(null, null));
    answers.push(() => new Response(null, { status: 204 }));

    await expect(call('DELETE /favorites/{favoriteId}', { params: { favoriteId: '1' } })).resolves.toBeUndefined();
    expect(sent[0]!.init.method).toBe('DELETE');
  });

  it('sends a DELETE body only when the call gives one', async () => {
    setTokenSource(tokens('t1', null));
    answers.push(
      () => json(200, { deletedCount: 1 }),
      () => json(200, { deletedCount: 1 }),
    );

    await call('DELETE /users/me', { body: { password: 'secret123', confirm: true } });
    await call('DELETE /users/me');
    expect(sent.map((s) => s.init.body)).toEqual(['{"password":"secret123","confirm":true}', undefined]);
    expect(headersOf(1)['Content-Type']).toBeUndefined();
  });
});

describe('a removed account (401 auth/user-not-found)', () => {
  it('tells the person once why they were signed out, and tells the session to end', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const gone = vi.fn();
    const stop = onAccountGone(gone);
    setTokenSource(tokens('old', null));
    const refusal = () => json(401, { message: 'This account no longer exists.', code: 'auth/user-not-found' });
    answers.push(refusal, refusal);

    const errs = await Promise.all([call('GET /users/me').catch((e: unknown) => e), call('GET /donations').catch((e: unknown) => e)]);
    expect(errs[0]).toMatchObject({ status: 401, code: 'auth/user-not-found', message: 'This account no longer exists.' });
    expect(toast.mock.calls).toEqual([['You have been signed out', 'This account no longer exists.']]);
    expect(gone.mock.calls).toEqual([['This account no longer exists.'], ['This account no longer exists.']]);
    stop();
    toast.mockRestore();
  });

  it('says nothing, and leaves no reason for the login page, after the owner deleted the account here', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const gone = vi.fn();
    const stop = onAccountGone(gone);
    setTokenSource(tokens('old', null));
    answers.push(() => json(401, { message: 'This account no longer exists.', code: 'auth/user-not-found' }));

    expectAccountGone(60_000);
    await expect(call('GET /users/me')).rejects.toMatchObject({ status: 401, code: 'auth/user-not-found' });
    expect(toast).not.toHaveBeenCalled();
    expect(gone).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('foodbridge.signedOutReason')).toBeNull();
    expectAccountGone(0);
    stop();
    toast.mockRestore();
  });

  it('says nothing for an expired token, or for an anonymous call', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    setTokenSource(tokens('old', null));
    answers.push(() => json(401, { message: 'Token expired', code: 'auth/id-token-expired' }));
    await call('GET /users/me').catch(() => undefined);
    answers.push(() => json(401, { message: 'Wrong e-mail or password.', code: 'auth/user-not-found' }));
    await call('POST /auth/login', { body: LOGIN, anonymous: true }).catch(() => undefined);
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });
});

describe('the typed client: call and apiPath', () => {
  it("fills a route's parameters in, encoded", () => {
    expect(apiPath('GET /users/me')).toBe('/users/me');
    expect(apiPath('GET /donations/{id}', { params: { id: 'd1' } })).toBe('/donations/d1');
    expect(apiPath('GET /favorites/{email}', { params: { email: 'a b@c.org/x?y#z' } })).toBe('/favorites/a%20b%40c.org%2Fx%3Fy%23z');
  });

  it('appends the query in order, encoded as a form (space as +), and leaves out undefined and empty values', () => {
    expect(apiPath('GET /donations', { query: { status: 'Verified', q: '', foodType: undefined, sort: 'newest', limit: 24 } })).toBe(
      '/donations?status=Verified&sort=newest&limit=24',
    );
    expect(apiPath('GET /charity-requests', { query: { email: 'ann lee+1@x.org' } })).toBe('/charity-requests?email=ann+lee%2B1%40x.org');
    // Nothing left: no '?'.
    expect(apiPath('GET /history', { query: { actor: '', kind: undefined } })).toBe('/history');
    expect(apiPath('GET /reviews/{donationId}', { params: { donationId: 'd 1' }, query: { limit: 2, cursor: 'a/b=' } })).toBe(
      '/reviews/d%201?limit=2&cursor=a%2Fb%3D',
    );
  });

  it("sends the route's method to its address, with the body as JSON and the caller's headers", async () => {
    setTokenSource(tokens('t1', null));
    answers.push(() => json(200, { modifiedCount: 1 }));

    await expect(
      call('PATCH /donations/pickup/{id}', { params: { id: 'd/1' }, body: { weightKg: 2, outcome: 'all' }, headers: { 'Idempotency-Key': 'k1' } }),
    ).resolves.toEqual({ modifiedCount: 1 });
    expect(log).toEqual(['getToken -> t1', 'fetch PATCH /donations/pickup/d%2F1 (Bearer t1)']);
    expect(sent[0]!.init.body).toBe('{"weightKg":2,"outcome":"all"}');
    expect(headersOf(0)).toEqual({ Accept: 'application/json', 'Idempotency-Key': 'k1', Authorization: 'Bearer t1', 'Content-Type': 'application/json' });
  });

  it('sends a GET and a DELETE without a body or a Content-Type', async () => {
    setTokenSource(tokens(null, null));
    answers.push(
      () => json(200, { _id: 'd1' }),
      () => json(200, { deletedCount: 1 }),
    );

    await call('GET /donations/{id}', { params: { id: 'd1' } });
    await call('DELETE /push/subscriptions', { query: { endpoint: 'https://push.example/a?b=c' } });
    expect(sent.map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['GET', '/donations/d1', undefined],
      ['DELETE', '/push/subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fa%3Fb%3Dc', undefined],
    ]);
    expect(headersOf(0)['Content-Type']).toBeUndefined();
    expect(headersOf(1)['Content-Type']).toBeUndefined();
  });

  it("reads a list's page at an apiPath address, and the next page's address from the Link header", async () => {
    setTokenSource(tokens(null, null));
    answers.push(() => new Response('[{"_id":"h1"}]', { status: 200, headers: { Link: '<http://127.0.0.1:8787/history?limit=1&cursor=c1>; rel="next"' } }));

    const page = await getPage(apiPath('GET /history', { query: { limit: 1 } }));
    expect(sent[0]!.url).toBe('/history?limit=1');
    expect(page).toEqual({ items: [{ _id: 'h1' }], next: '/history?limit=1&cursor=c1' });
  });

  it('types each answer as the route table says, and the input a route needs (checked by tsc, not run)', () => {
    const types = async () => {
      expectTypeOf(await call('GET /users/me')).toEqualTypeOf<User>();
      expectTypeOf(apiPath('GET /history')).toEqualTypeOf<ApiPath<HistoryEntry[]>>();
      expectTypeOf((await getPage(apiPath('GET /history'))).next).toEqualTypeOf<ApiPath<HistoryEntry[]> | null>();
      // @ts-expect-error: a route with a parameter needs it
      void apiPath('GET /donations/{id}');
      // @ts-expect-error: a route the table does not have
      void call('GET /donations/{id}/nothing');
      // @ts-expect-error: only GET routes have an address for the readers
      void apiPath('POST /favorites', { body: { donationId: 'x' } });
      // @ts-expect-error: a write needs its body
      void call('POST /favorites');
      // @ts-expect-error: a GET has no body
      void call('GET /users/me', { body: {} });
    };
    expect(types).toBeTypeOf('function');
  });
});

describe('imageUrl', () => {
  it('asks our image endpoint for the width the screen needs', () => {
    expect(imageUrl('/images/abc.webp', 320)).toBe('/images/abc.webp?w=320');
    expect(imageUrl('/images/abc.webp?v=2', 640)).toBe('/images/abc.webp?v=2&w=640');
  });

  it('leaves other addresses alone, and has no URL for no picture', () => {
    expect(imageUrl('https://cdn.example.com/a.jpg', 320)).toBe('https://cdn.example.com/a.jpg');
    expect(imageUrl('/home/hero.svg', 320)).toBe('/home/hero.svg');
    expect(imageUrl(undefined, 320)).toBeUndefined();
    expect(imageUrl('', 320)).toBeUndefined();
  });
});

describe('nextPageOf', () => {
  it("reads the Link header's next page as a path on our own origin", () => {
    expect(nextPageOf('<http://127.0.0.1:8787/history?limit=50&cursor=abc>; rel="next"')).toBe('/history?limit=50&cursor=abc');
    expect(nextPageOf('</a?x=1>; rel="prev", <https://foodbridge.example/history?cursor=z>; rel=next')).toBe('/history?cursor=z');
  });

  it('is null without a next page', () => {
    expect(nextPageOf(null)).toBeNull();
    expect(nextPageOf('</a?x=1>; rel="prev"')).toBeNull();
  });
});

describe("the server's refusals in the reader's language (issue 13)", () => {
  afterEach(() => setLocale('en', { remember: false }));

  it("shows the app's translation of the code, and keeps the server's English beside it", async () => {
    await setLocale('es');
    setTokenSource(tokens('t1', null));
    answers.push(() => json(409, { message: 'You have already requested this donation.', code: 'donation-requests/already-requested' }));

    const err = (await call('POST /donation-requests', { body: REQUEST }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 409, code: 'donation-requests/already-requested', message: 'Ya has solicitado esta donación.' });
    expect(err.serverMessage).toBe('You have already requested this donation.');
  });

  it('places the parts that vary (a status, a wait) in the translation', async () => {
    await setLocale('ar');
    setTokenSource(tokens('t1', null));
    answers.push(() =>
      json(409, {
        message: 'Only Pending requests can be accepted (this one is Rejected).',
        code: 'donation-requests/accept-not-pending',
        values: { status: 'Rejected' },
      }),
    );
    answers.push(() =>
      json(429, {
        message: 'Too many reviews. Please try again in 12 minutes.',
        code: 'too-many-requests',
        values: { what: 'reviews', wait: '12 minutes', count: 12, unit: 'minute' },
      }),
    );

    await expect(call('PATCH /donation-requests/accept/{id}', { params: { id: '1' } })).rejects.toMatchObject({
      message: 'لا يمكن قبول إلا الطلبات قيد الانتظار (حالة هذا الطلب: مرفوضة).',
    });
    await expect(call('POST /reviews', { body: REVIEW })).rejects.toMatchObject({ message: 'طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد 12 دقيقة.' });
  });

  it("falls back to the server's English for a code the app does not know, or an answer without one", async () => {
    await setLocale('es');
    setTokenSource(tokens('t1', null));
    answers.push(() => json(409, { message: 'A refusal from a newer server.', code: 'future/new-code' }));
    answers.push(() => json(400, { message: 'A refusal without a code.' }));

    await expect(call('GET /impact')).rejects.toMatchObject({ code: 'future/new-code', message: 'A refusal from a newer server.' });
    await expect(call('GET /dashboard')).rejects.toMatchObject({ message: 'A refusal without a code.' });
  });

  it("in English shows the server's own sentence, the more precise one where a code covers several", async () => {
    setTokenSource(tokens('t1', null));
    const message = 'Too many sign-in attempts from your network. Please try again in 3 minutes.';
    answers.push(() => json(429, { message, code: 'auth/too-many-requests', values: { count: 3, unit: 'minute' } }));

    await expect(call('POST /auth/login', { body: LOGIN, anonymous: true })).rejects.toMatchObject({ message });
  });

  it('translates what the app says itself: no connection, a signed-out account', async () => {
    await setLocale('es');
    // Past the ten seconds within which a removed account is told only once (the tests above told it already).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const stop = onAccountGone(() => undefined);
    setTokenSource(tokens('old', null));
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    answers.push(() => json(401, { message: 'This account no longer exists.', code: 'auth/user-not-found' }));

    await expect(call('GET /donations')).rejects.toMatchObject({
      status: 0,
      message: 'No se puede conectar con FoodBridge. Comprueba tu conexión e inténtalo de nuevo.',
    });
    await call('GET /users/me').catch(() => undefined);
    expect(toast.mock.calls.at(-1)).toEqual(['Se ha cerrado tu sesión', 'Esta cuenta ya no existe.']);
    stop();
    toast.mockRestore();
    vi.useRealTimers();
  });
});
