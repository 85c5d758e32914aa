// Stands in for the sync-server in the session's unit tests: a stubbed global fetch (the network boundary, the
// only thing replaced) answers from a table of routes and records every request for the assertions.
import { expect, onTestFinished, vi } from 'vitest';
import type { AuthSession } from '@foodbridge/shared/schemas/auth';
import type { User } from '@foodbridge/shared/schemas/user';

export interface SentRequest {
  method: string;
  path: string;
  /** The bearer token sent, or null. */
  token: string | null;
  body: unknown;
  /** The Idempotency-Key header, on the requests that carry one (pickup confirmations). */
  key?: string;
}

type Route = (request: SentRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What fetch does with no network. */
export const offline: Route = () => Promise.reject(new TypeError('Failed to fetch'));

/**
 * Answers `'METHOD /path'` from `routes`. A request no route answers fails the test when it ends (inside the app it
 * would only look like a lost connection).
 */
export function stubServer(routes: Record<string, Route>) {
  const requests: SentRequest[] = [];
  const unanswered: string[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path,
      token: headers.Authorization?.replace(/^Bearer /, '') ?? null,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      ...(headers['Idempotency-Key'] ? { key: headers['Idempotency-Key'] } : {}),
    };
    requests.push(request);
    const route = routes[`${request.method} ${path}`];
    if (route) return route(request);
    unanswered.push(`${request.method} ${path}`);
    throw new TypeError('No route for this request in the test');
  });
  vi.stubGlobal('fetch', fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    expect(unanswered, 'requests the test gave no answer for').toEqual([]);
  });
  return {
    requests,
    /** 'METHOD /path' of every request, in order. */
    sent: () => requests.map((r) => `${r.method} ${r.path}`),
  };
}

/** A token shaped like the server's (header.claims.signature); only the claims are read by the app. */
export function makeToken(claims: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const base64url = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${base64url}.signature`;
}

/** A user as the server answers it. */
export function createUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    name: 'Dana Driver',
    email: 'dana@example.test',
    role: 'charity',
    createdAt: '2026-01-05T10:00:00.000Z',
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** The built-in provider's answer to login, register and refresh. */
export function createAuthSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return { idToken: 'id-fresh', refreshToken: 'refresh-fresh', expiresIn: 3600, user: createUser(), ...overrides };
}

export const SESSION_KEY = 'foodbridge.session';
export const ROLE_KEY = 'foodbridge.role';
export const CONFIG_KEY = 'foodbridge.authConfig';

/** What an earlier visit left in localStorage. */
export function storeSession(session: { idToken: string; refreshToken?: string; expiresAt?: number }) {
  const { idToken, refreshToken = 'refresh-1', expiresAt = Date.now() + 3_600_000 } = session;
  localStorage.setItem(SESSION_KEY, JSON.stringify({ idToken, refreshToken, expiresAt }));
}

export function storedSession(): unknown {
  return JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
}
