// The only module that calls fetch: it adds the bearer token, refreshes an expired one once, and turns every
// failure into an ApiError carrying the server's readable message, in the reader's language.
import { i18n } from '@lingui/core';
import type { ErrorValues } from '@foodbridge/shared/errors';
import type { ApiRoutes } from './api-routes.gen';
import { notify } from '@/lib/notify';
import { SOURCE_LOCALE } from '@/lib/i18n/locales';

/**
 * The app's own words for a refusal: the translation of its code (`error.<code>`; shared/src/errors.ts lists every
 * code) with the parts that vary. The server's English sentence when the language is English (the sentence is the
 * source text, and for a code that stands for several sentences, the precise one), when the code is new to this app,
 * or before the catalogues of the signed-in pages have loaded. The id is made from the code rather than looked up in
 * shared's table, which the home page would otherwise download.
 */
export function errorMessage(code: string | undefined, message: string, values?: ErrorValues): string {
  if (!code || i18n.locale === SOURCE_LOCALE) return message;
  const id = `error.${code}`;
  return i18n.messages[id] === undefined ? message : i18n._(id, values);
}

export class ApiError extends Error {
  /** The server's English sentence (`message` is the reader's language). */
  readonly serverMessage: string;
  constructor(
    readonly status: number,
    serverMessage: string,
    readonly code?: string,
    readonly values?: ErrorValues,
  ) {
    super(errorMessage(code, serverMessage, values));
    this.serverMessage = serverMessage;
    this.name = 'ApiError';
  }
}

export interface TokenSource {
  /** The current ID token, or null when signed out. */
  getToken(): Promise<string | null>;
  /** Called once when the server says the token expired; returns a fresh one or null. */
  refresh(): Promise<string | null>;
}

let tokenSource: TokenSource = { getToken: async () => null, refresh: async () => null };

export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}

/** The current ID token (refreshed first when about to expire), for the callers that do not go through send():
 * the replication stream's EventSource and the picture upload's XMLHttpRequest. */
export function currentToken(): Promise<string | null> {
  return tokenSource.getToken();
}

export const NETWORK_MESSAGE = 'Cannot reach FoodBridge. Check your connection and try again.';

/** The server's code for a wrong password (or e-mail), at sign-in and in the owner's confirmations. */
export const WRONG_PASSWORD_CODE = 'auth/invalid-credential';

/** The server's code for a valid token whose account an admin has removed since. */
export const ACCOUNT_GONE_CODE = 'auth/user-not-found';
const accountGoneListeners = new Set<(message: string) => void>();
let accountGoneToldAt = 0;

/**
 * Called when the server says the signed-in account no longer exists, so the session can end (the session module
 * signs out; lib/ knows nothing of identity). Returns the unsubscribe function.
 */
export function onAccountGone(listener: (message: string) => void): () => void {
  accountGoneListeners.add(listener);
  return () => accountGoneListeners.delete(listener);
}

/** Where the reason of the last sign-out by the server is kept for the login page (lib/signed-out-reason.ts reads it). */
export const SIGNED_OUT_KEY = 'foodbridge.signedOutReason';

/** Until when a refusal of the account as gone is expected (its owner deleted it here): see expectAccountGone. */
let goneExpectedUntil = 0;

/**
 * The owner has just deleted the signed-in account on this device, which signs out and says so itself: calls still
 * on their way with its token meet the same refusal for the next moments, and must not tell the person that they were
 * signed out by the server, nor leave that reason for the login page.
 */
export function expectAccountGone(ms = 10_000): void {
  goneExpectedUntil = Date.now() + ms;
}

function accountGone(message: string) {
  if (Date.now() < goneExpectedUntil) return;
  const signedOut = errorMessage('session/signed-out', 'You have been signed out');
  // A dashboard fires several reads at once and each gets the same refusal: the person is told once.
  if (Date.now() - accountGoneToldAt > 10_000) notify.error(signedOut, message);
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, `${signedOut}. ${message}`);
  } catch {
    // Storage blocked: the toast alone says it.
  }
  accountGoneToldAt = Date.now();
  for (const listener of accountGoneListeners) listener(message);
}

/** Answers whose removed account was already told of (by `send`, before it read anything else). */
const toldGone = new WeakSet<Response>();

export async function send(method: string, path: string, body: unknown, opts: RequestOptions, retried = false): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = opts.anonymous ? null : await tokenSource.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  // Raw bytes (a photo's chunk) go as they are, under the Content-Type the caller names.
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_MESSAGE, 'auth/network-request-failed');
  }
  if (res.status === 401 && token && !retried && !opts.anonymous) {
    // An account removed by an admin: said at once, before anything else changes. A refresh could only fail, and the
    // sign-out it caused would close the screen that asked, aborting this answer before its reason was read.
    const refusal = await failureOf(res.clone());
    if (refusal.code === ACCOUNT_GONE_CODE) {
      accountGone(refusal.message);
      toldGone.add(res);
      return res;
    }
    // A wrong password sent with the token (the owner's confirmations: a password or e-mail change, deleting the
    // account) says nothing of the token: a refresh would only send the same password again, counted as a second try.
    if (refusal.code === WRONG_PASSWORD_CODE) return res;
    const fresh = await tokenSource.refresh();
    if (fresh) return send(method, path, body, opts, true);
  }
  return res;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no token (sign-in and registration calls). */
  anonymous?: boolean;
}

async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, body, opts);
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const err = apiErrorOf(res.status, data);
    if (res.status === 401 && err.code === ACCOUNT_GONE_CODE && !opts.anonymous && !toldGone.has(res)) accountGone(err.message);
    throw err;
  }
  return data as T;
}

/** The server's refusal (`{message, code, values}`) as an ApiError, or a generic one when the body says nothing. */
function apiErrorOf(status: number, body: unknown): ApiError {
  const err = (body ?? {}) as { message?: string; code?: string; values?: ErrorValues };
  if (typeof err.message !== 'string') return new ApiError(status, `Request failed (${status})`, 'request/failed', { status });
  return new ApiError(status, err.message, err.code, err.values);
}

/** A failed answer whose body has not been read yet. */
export async function failureOf(res: Response): Promise<ApiError> {
  return apiErrorOf(res.status, await res.json().catch(() => undefined));
}

/** The `rel="next"` address of a `Link` header, as a path on our own origin; null when there is no next page. */
export function nextPageOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (!m) continue;
    // The server writes absolute URLs; the app calls its own origin, whatever name the server was reached by.
    const url = new URL(m[1]!, 'http://origin.invalid');
    return url.pathname + url.search;
  }
  return null;
}

// ---- The typed client (issue 44): a route is named as the server's table names it (`GET /donations/{id}`), and its
// parameters, query, body and answer are the table's (api-routes.gen.ts, made by `npm run api-types`).

/** A route of the API, as `METHOD /path/{param}`. */
export type RouteKey = keyof ApiRoutes;
/** What a route answers on success. */
export type Answer<K extends RouteKey> = ApiRoutes[K]['answer'];
type Route<K extends RouteKey> = ApiRoutes[K];
type GetKey = Extract<RouteKey, `GET ${string}`>;

/** A route's parameters, query and body: each only where it has one, and required where the route requires it. */
export type RouteFields<K extends RouteKey> = ({} extends Route<K>['params'] ? { params?: undefined } : { params: Route<K>['params'] }) &
  ({} extends Route<K>['query'] ? { query?: Route<K>['query'] } : { query: Route<K>['query'] }) &
  ([Route<K>['body']] extends [undefined] ? { body?: undefined } : undefined extends Route<K>['body'] ? { body?: Route<K>['body'] } : { body: Route<K>['body'] });

/** A call's input: optional as a whole when the route needs nothing. */
type Input<K extends RouteKey, Extra> = {} extends RouteFields<K> ? [input?: RouteFields<K> & Extra] : [input: RouteFields<K> & Extra];

declare const answerOf: unique symbol;
/** A GET's address, carrying the type of its answer, for the readers that take an address (useApi, getPage). */
export type ApiPath<T> = string & { readonly [answerOf]?: T };

interface AnyFields {
  params?: Record<string, string> | undefined;
  query?: Record<string, string | number | undefined> | undefined;
  body?: unknown;
}

/** The address of a route: its parameters filled in (encoded), its query appended in order, empty values left out. */
export function addressOf(key: string, fields: AnyFields | undefined): string {
  const params = fields?.params;
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields?.query ?? {})) if (value !== undefined && value !== '') query.append(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The address of a GET route, for useApi and getPage. */
export function apiPath<K extends GetKey>(key: K, ...[fields]: Input<K, unknown>): ApiPath<Answer<K>> {
  return addressOf(key, fields as AnyFields | undefined);
}

/** Calls a route and resolves with its answer; a refusal or a lost connection rejects with an ApiError. */
export function call<K extends RouteKey>(key: K, ...[input]: Input<K, RequestOptions>): Promise<Answer<K>> {
  const fields = input as (AnyFields & RequestOptions) | undefined;
  const method = key.slice(0, key.indexOf(' '));
  // A DELETE carries a body only where its route has one (DELETE /users/me: the password); the others send none.
  const body = method === 'GET' ? undefined : method === 'DELETE' ? fields?.body : (fields?.body ?? {});
  return request<Answer<K>>(method, addressOf(key, fields), body, fields ?? {});
}

/** One page of a list: the spec's plain array, and the address of the next page (the `Link` header), if any. */
export interface Page<T> {
  items: T[];
  next: ApiPath<T[]> | null;
}

/** One page of the list at `path` (an address made by apiPath); `next` reads the same list further on. */
export async function getPage<T>(path: ApiPath<T[]>, opts: RequestOptions = {}): Promise<Page<T>> {
  const res = await send('GET', path, undefined, opts);
  if (!res.ok) throw await failureOf(res);
  return { items: (await res.json()) as T[], next: nextPageOf(res.headers.get('Link')) };
}

/** The answer of the GET at `path` (an address made by apiPath), for the readers that take an address (useApi). */
export function getAt<T>(path: ApiPath<T>, opts?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, opts);
}

/** A picture URL sized for the screen: our image endpoint resizes with ?w= so phones fetch small files. */
export function imageUrl(url: string | undefined, width: number): string | undefined {
  if (!url) return undefined;
  if (!url.startsWith('/images/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}
