import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DestinationStream } from 'pino';
import type { Role } from '@foodbridge/shared';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import { createRegisterInput } from '@foodbridge/shared/testing/factories';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/connection.ts';
import { addMember } from '../db/organisations.ts';
import { setUserRole } from '../db/users.ts';
import { createDeps } from '../services.ts';
import type { Deps } from '../deps.ts';
import { noteAnswer } from './answered-errors.ts';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.ts';
import { startStripeStub, type StripeStub } from './stripe-stub.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A built app's folder with these files (paths relative to it), in the system's temp folder: what `PWA_DIST` names.
 */
function writeAppFiles(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fb-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The app, with each answer to a test's call checked against its route's declared error codes (answered-errors.ts). */
function checkedAnswers<A extends { request: (input: any, init?: RequestInit, ...rest: any[]) => Response | Promise<Response> }>(app: A): A {
  const request = app.request.bind(app);
  app.request = async (input: any, init?: RequestInit, ...rest: any[]) => {
    const res = await request(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    await noteAnswer(method, input instanceof Request ? input.url : String(input), res);
    return res;
  };
  return app;
}

/**
 * The real app on a fresh real database (PGlite, or a throwaway database on DATABASE_URL's server). Only outside
 * services are configured by `env`; nothing of ours is mocked. `appFiles`: a built app served beside the API, as in
 * production (its folder is removed again by `close`).
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  opts: { logDestination?: DestinationStream; appFiles?: Record<string, string | Uint8Array> } = {},
) {
  const appDir = opts.appFiles ? writeAppFiles(opts.appFiles) : undefined;
  if (appDir) env = { ...env, PWA_DIST: appDir };
  const db = await openTestDatabase();
  // Every test's callers share one address (none: no socket) and register dozens of accounts in seconds, so the
  // rate limits are raised; http/rate-limit.test.ts runs with RATE_LIMIT_SCALE '1', the real limits.
  // Request lines are tested where they are the subject (http/request-log.test.ts); elsewhere they are noise.
  const config = loadConfig({ ADMIN_EMAILS: 'admin@foodbridge.test', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'silent', ...env });
  const deps = await createDeps(config, db, opts);
  const app = checkedAnswers(createApp(deps));

  async function request<T = any>(
    method: string,
    path: string,
    opts: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body as string | FormData;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json') ? await res.json() : await res.arrayBuffer();
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  const ctx = {
    app,
    deps,
    sql: db.sql,
    request,
    get: <T = any>(path: string, token?: string) => request<T>('GET', path, { token }),
    post: <T = any>(path: string, body?: unknown, token?: string) => request<T>('POST', path, { token, body }),
    patch: <T = any>(path: string, body?: unknown, token?: string) => request<T>('PATCH', path, { token, body }),
    del: <T = any>(path: string, token?: string) => request<T>('DELETE', path, { token }),
    async close() {
      // The change feed may hold a LISTEN connection (sync streams, the user cache's watch on Postgres).
      await deps.changes.close();
      await db.close();
      if (appDir) rmSync(appDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A second server instance on the test app's Postgres database (another pool, change feed and user cache), as a
 * second process behind a proxy would be. Only for a DATABASE_URL run: the embedded database has one process.
 */
export async function openSecondInstance(t: TestApp) {
  const c = t.deps.db.connection as { host: string; port: number; database: string; username: string; password?: string };
  const auth = encodeURIComponent(c.username) + (c.password ? `:${encodeURIComponent(c.password)}` : '');
  const db = openPostgres(`postgres://${auth}@${c.host}:${c.port}/${c.database}`);
  const deps = await createDeps(t.deps.config, db);
  return {
    app: checkedAnswers(createApp(deps)),
    deps,
    async close() {
      await deps.changes.close();
      await db.close();
    },
  };
}

/**
 * The test app sending its account e-mails through nodemailer to a local SMTP server (testing/smtp-inbox.ts), with
 * links to PUBLIC_URL. `close` first lets the last e-mails arrive (they go out after their answers), then stops both.
 */
export async function createMailingTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp & { inbox: SmtpInbox }> {
  const inbox = await startSmtpInbox();
  try {
    const t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://foodbridge.example.org', ...env });
    return {
      ...t,
      inbox,
      async close() {
        for (let seen = -1; seen !== inbox.messages.length; ) {
          seen = inbox.messages.length;
          await new Promise((r) => setTimeout(r, 300));
        }
        await t.close();
        await inbox.close();
      },
    };
  } catch (err) {
    await inbox.close();
    throw err;
  }
}

/** The test app with its payments going to a local Stripe stub through the real SDK; `close` stops both. */
export async function createStripeTestApp(): Promise<TestApp & { stub: StripeStub }> {
  const stub = await startStripeStub();
  try {
    const t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stub.url });
    return {
      ...t,
      stub,
      async close() {
        await t.close();
        await stub.close();
      },
    };
  } catch (err) {
    await stub.close();
    throw err;
  }
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  token: string;
  refreshToken: string;
}

/** Registers an account through the API, then gives it `role` (as an admin's role change would). */
export async function createUser(t: TestApp, overrides: Partial<{ role: Role; email: string; name: string; password: string }> = {}): Promise<TestUser> {
  const role = overrides.role ?? 'user';
  const email = overrides.email ?? `${role}-${randomBytes(4).toString('hex')}@example.test`;
  const name = overrides.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${email.split('@')[0]}`;
  const input = createRegisterInput({ name, email, ...(overrides.password ? { password: overrides.password } : {}) });
  const res = await t.post('/auth/register', input);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (role !== 'user') await setUserRole(t.sql, res.body.user._id, role);
  return { id: res.body.user._id, email, name, role, token: res.body.idToken, refreshToken: res.body.refreshToken };
}

/**
 * A new account that joined `organisation` (a restaurant's or charity's founding account) in `memberRole`, as an
 * accepted invitation makes one, before its first call: its token is good for what the member may do.
 */
export async function createMember(
  t: TestApp,
  organisation: Pick<TestUser, 'id' | 'role'>,
  memberRole: MemberRole,
  overrides: Partial<{ email: string; name: string; password: string }> = {},
): Promise<TestUser> {
  const kind = organisation.role;
  if (kind !== 'restaurant' && kind !== 'charity') throw new Error(`a ${kind} has no members`);
  const u = await createUser(t, overrides);
  if (!(await addMember(t.sql, { id: organisation.id, kind }, u.id, memberRole))) throw new Error(`${u.email} could not join`);
  return { ...u, role: kind };
}

export type { Deps };

/**
 * A sync pull of `path` repeated until `done` holds of its documents (for at most `ms`). A pull hands out only what
 * every older transaction of the database has finished with (docs/decisions/017-change-positions.md): on a busy
 * Postgres a change committed a moment ago may come one pull later, as a device's stream receives it then.
 */
export async function pullUntil<D = any>(t: TestApp, path: string, token: string, done: (documents: D[]) => boolean, ms = 3000): Promise<D[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await t.get(path, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const documents = res.body.documents as D[];
    if (done(documents) || Date.now() > deadline) return documents;
    await new Promise((r) => setTimeout(r, 50));
  }
}
