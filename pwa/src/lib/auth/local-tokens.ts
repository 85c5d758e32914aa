// The built-in provider's tokens: kept in localStorage, refreshed shortly before they expire, and handed to the api
// client as its TokenSource.
import type { AuthSession } from '@foodbridge/shared/schemas/auth';
import { ApiError, call, type TokenSource } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import { withLock } from '@/lib/web-lock';
import { isRecord, readJson, unreadableAnswer } from './server-answer';
import { useSession, type SessionUser } from './session-store';

/** Another tab's log-out shows up here as a 'storage' event on this key. */
export const SESSION_KEY = 'foodbridge.session';
/** A token this close to its expiry is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 60_000;

export interface StoredSession {
  idToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

function isStoredSession(value: unknown): value is StoredSession {
  return (
    isRecord(value) &&
    typeof value.idToken === 'string' &&
    typeof value.refreshToken === 'string' &&
    typeof value.expiresAt === 'number'
  );
}

export function readStoredSession(): StoredSession | null {
  return readJson(SESSION_KEY, isStoredSession);
}

export function clearStoredSession() {
  localStorage.removeItem(SESSION_KEY);
}

function store(session: AuthSession) {
  const stored: StoredSession = {
    idToken: session.idToken,
    refreshToken: session.refreshToken,
    expiresAt: Date.now() + session.expiresIn * 1000,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
}

/**
 * Keeps the tokens of the built-in provider's answer to a sign-in, a registration or a refresh (`answer`, the call
 * made without a token). The answer is checked with its schema, and zod with it is loaded only here, so the signed-out
 * home page never downloads it.
 */
export async function requestSession(answer: Promise<AuthSession>): Promise<AuthSession> {
  const [session, { AuthSessionSchema }] = await Promise.all([answer, import('@foodbridge/shared/schemas/auth')]);
  const parsed = AuthSessionSchema.safeParse(session);
  if (!parsed.success) throw unreadableAnswer();
  store(parsed.data);
  return parsed.data;
}

/** This tab's last password change, settled (never failing) once its session is kept or refused. */
let replacing: Promise<unknown> = Promise.resolve();

/**
 * Keeps the session a password change answers with (`answer`, POST /auth/change-password). The server ends every
 * session of the account before it answers, this device's too: a refresh refused in that moment (by another call of
 * this tab, with the old refresh token) waits for the new session rather than signing the person out.
 */
export function replaceSession(answer: Promise<AuthSession>): Promise<AuthSession> {
  const kept = requestSession(answer);
  replacing = kept.catch(() => undefined);
  return kept;
}

/** Log-out asks the server to revoke the refresh token, but never waits longer than this for it (offline, lie-fi). */
const LOG_OUT_TIMEOUT_MS = 3_000;

/**
 * Asks the server to revoke the stored refresh token (and those rotated from the same sign-in). Best effort: it
 * never fails and gives up after a few seconds, so log-out works offline; the token then lapses on its own.
 */
export async function revokeStoredSession(): Promise<void> {
  const stored = readStoredSession();
  if (!stored || !isOnline()) return;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LOG_OUT_TIMEOUT_MS);
  try {
    await call('POST /auth/logout', { body: { refreshToken: stored.refreshToken }, anonymous: true, signal: abort.signal });
  } catch (err) {
    console.warn('Could not end the session on the server', err);
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<string | null> | null = null;

/** A fresh ID token, or null. Callers at the same moment share one request: a refresh token is good for one use. */
function refresh(): Promise<string | null> {
  const before = readStoredSession();
  if (!before) return Promise.resolve(null);
  // Tabs take turns: a refresh token is good for one use, and the server treats a second use as theft and revokes
  // every token of the sign-in, so two tabs whose tokens expire together would otherwise sign each other out.
  refreshing ??= withLock('foodbridge-token-refresh', async () => {
    const current = readStoredSession();
    if (!current) return null;
    // Another tab refreshed while this one waited for its turn: its tokens are this tab's too.
    if (current.refreshToken !== before.refreshToken) return current.idToken;
    const answer = call('POST /auth/refresh', { body: { refreshToken: current.refreshToken }, anonymous: true });
    return (await requestSession(answer)).idToken;
  })
    .catch(async (err: unknown) => {
      // Refused because a password change here ended the session, and brought a new one: that one is this tab's now
      // (as is one another tab stored meanwhile).
      await replacing;
      const now = readStoredSession();
      if (now && now.refreshToken !== before.refreshToken) return now.idToken;
      // Only a definite refusal ends the session; offline keeps the stored tokens for later.
      if (err instanceof ApiError && err.status === 401) {
        clearStoredSession();
        useSession.getState().setSession(null);
      }
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export const localTokenSource: TokenSource = {
  async getToken() {
    const stored = readStoredSession();
    if (!stored) return null;
    if (stored.expiresAt - REFRESH_MARGIN_MS < Date.now() && isOnline()) return (await refresh()) ?? stored.idToken;
    return stored.idToken;
  },
  refresh,
};

/** The user the token's claims name, for a start without the server; null when the token cannot be read. */
export function userFromToken(token: string): SessionUser | null {
  try {
    const base64 = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    // atob gives one character per byte; the claims are UTF-8 (a name like "José").
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    if (!isRecord(claims) || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
    return { id: claims.sub, email: claims.email, name: typeof claims.name === 'string' ? claims.name : 'User' };
  } catch {
    return null;
  }
}
