// A route of the API, declared once (issue 44): its method and path, who may call it, its inputs and answers (as the
// shared zod schemas), its words for the reference, and its handler, side by side in its routes/<resource>.ts. The
// app mounts the table (routes/table.ts), /openapi.json is made from it (openapi/generate.ts), the permission matrix
// takes its list of routes from it, and the app's typed client takes its types from it.
//
// Why our own and not @hono/zod-openapi: that library validates params, query and body in layers that run before the
// handler, so a signed-out caller with a bad body would get 400 where the API answers 401, and each layer costs a
// dispatch on every call (docs/decisions/016-route-table.md). Here the declaration is data; the handler parses as it
// always did, with the same schemas.
import type { Context } from 'hono';
import { z } from 'zod';
import { IdSchema, SYNC_COLLECTIONS, type ErrorCode, type Role } from '@foodbridge/shared';
import type { AuthUser } from '../auth/auth-user.ts';
import { hasRole, enforce } from '../auth/permissions.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { unauthorized } from './errors.ts';
import { readsOnly } from './methods.ts';
import type { Rule } from './rate-limit.ts';
import { schemaCodes } from './schema-codes.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call, before the handler looks at any row: `bearer` needs a signed-in caller (a 401 otherwise); `optional`
 * is public, but a signed-in caller may see more; `none` is public and reads no account.
 */
export type Security = 'bearer' | 'optional' | 'none';

export type Media = 'json' | 'csv' | 'sse' | 'image' | 'text' | 'calendar' | 'none';

export interface DocResponse {
  description: string;
  /** json by default; the others are documented by media type only. */
  media?: Media;
  schema?: z.ZodType;
  headers?: Record<string, { description: string }>;
  /** A refusal's codes beyond those the declaration implies (`routeErrorCodes`): what this route itself decides. */
  codes?: readonly ErrorCode[];
}

export interface QueryParam {
  name: string;
  description: string;
  schema?: z.ZodType;
  required?: boolean;
}

/** The caller a handler gets: always an account where sign-in is required. */
export type CallerOf<S extends Security> = S extends 'bearer' ? AuthUser : AuthUser | undefined;

export interface RouteInput<S extends Security> {
  deps: Deps;
  user: CallerOf<S>;
}

export type Handler<S extends Security> = (c: Context<AppEnv>, input: RouteInput<S>) => Response | Promise<Response>;

/** What a route is, as data: the app's client types and the API reference are made from it (openapi/). */
export interface RouteSpec<S extends Security = Security> {
  method: Method;
  /** Hono's spelling, `/donations/:id` (the document spells it `/donations/{id}`). */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  security: S;
  /** Roles allowed past sign-in (a 403 for the others); row-level rules stay in auth/permissions.ts, asked by the handler. */
  roles?: readonly Role[];
  /**
   * A `bearer` route's other way in, asked when no Authorization header signed the caller in (the change stream's
   * `?ticket=`: EventSource cannot send headers): the caller's account, or a refusal of its own instead of the plain 401.
   */
  signIn?: (c: Context<AppEnv>, deps: Deps) => Promise<AuthUser>;
  /** Path parameters, by name, with what each holds; their schema comes from PARAM_SCHEMAS (below). */
  params?: Record<string, string>;
  query?: readonly QueryParam[];
  headers?: { name: string; description: string; required?: boolean }[];
  /** A list: a plain array, `?limit=`/`?cursor=`, the next page in a `Link` header. */
  list?: boolean;
  /** Its rate limits (http/rate-limit.ts), counted before the handler: a 429 with `Retry-After` past them. */
  limits?: readonly Rule[];
  /** A JSON body validated by `schema` (its input side), with an example that must pass it. */
  body?: { schema: z.ZodType; example: unknown; required?: boolean };
  /** A multipart upload (the image route): field name and what it holds. */
  upload?: { field: string; description: string };
  /** A body of raw bytes (a chunk of a resumable upload), read by the handler itself: its media type and what it holds. */
  rawBody?: { mediaType: string; description: string };
  /** The main success first; errors are `{ message, code }` and need only a description. */
  responses: Record<number, DocResponse>;
}

export interface Route<S extends Security = Security> extends RouteSpec<S> {
  handler: Handler<S>;
}

/** A route: its declaration and its handler. Nothing runs here; `mountRoutes` registers it. */
export function route<const S extends Security>(spec: RouteSpec<S>, handler: Handler<S>): Route<S> {
  return { ...spec, handler };
}

/** Keeps the state a module builds once per app (a cache, a client) beside its routes, keyed by the app's deps. */
export function perDeps<T>(make: (deps: Deps) => T): (deps: Deps) => T {
  const made = new WeakMap<Deps, T>();
  return (deps) => {
    let value = made.get(deps);
    if (value === undefined) made.set(deps, (value = make(deps)));
    return value;
  };
}

interface Registrar {
  on(method: string, path: string, handler: (c: Context<AppEnv>) => Response | Promise<Response>): unknown;
}

/**
 * Registers each route on `app` in the table's order (a literal path such as /donations/verified before
 * /donations/:id). Sign-in and roles are checked here, before the handler reads its input; a public route's handler
 * is called with nothing in between (issue 9: /donations/{id} pays for every layer).
 */
export function mountRoutes(app: Registrar, routes: readonly Route[], deps: Deps): void {
  for (const r of routes) {
    const { handler, roles, signIn } = r;
    const method = r.method.toUpperCase();
    if (r.security !== 'bearer') {
      app.on(method, r.path, (c) => handler(c, { deps, user: c.get('user') }));
      continue;
    }
    if (signIn) {
      app.on(method, r.path, async (c) => {
        const user = c.get('user') ?? (await signIn(c, deps));
        if (roles) enforce(hasRole(user, ...roles));
        return handler(c, { deps, user });
      });
      continue;
    }
    app.on(method, r.path, (c) => {
      const user = c.get('user');
      if (!user) throw unauthorized();
      if (roles) enforce(hasRole(user, ...roles));
      return handler(c, { deps, user });
    });
  }
}

/** `/donations/:id` as the document spells it: `/donations/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** `GET /donations/:id`: how the permission matrix and the tests name a route. */
export const routeKey = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

/** Path parameters by name: the ids are uuids (anything else is a 400), the rest text. */
export const PARAM_SCHEMAS: Record<string, z.ZodType> = {
  id: IdSchema,
  donationId: IdSchema,
  favoriteId: IdSchema,
  userId: IdSchema,
  photoId: IdSchema,
  email: z.email(),
  collection: z.enum(SYNC_COLLECTIONS),
};

type Codes = Readonly<Record<number, readonly ErrorCode[]>>;

/**
 * What any call may answer, whatever its route: a NUL in the address, a foreign origin, a fault, a lost database, a
 * change that kept losing races for its rows (db/transactions.ts).
 */
export const ANY_CALL_CODES: Codes = {
  // 'request/invalid': what Hono itself refuses (a malformed request), in its words.
  400: ['request/nul-in-text', 'request/invalid'],
  403: ['request/foreign-origin'],
  500: ['server/error'],
  503: ['server/unavailable', 'server/busy'],
};
/** What a call with an `Authorization` header may answer on any route of the API (auth/middleware.ts). */
export const SIGN_IN_CODES: Codes = {
  401: ['auth/invalid-id-token', 'auth/id-token-expired', 'auth/session-ended', 'auth/user-not-found'],
  403: ['auth/account-removed', 'auth/email-not-verified'],
};
/** What any write may answer: a body too large, and what the database refuses that no rule caught first. */
export const WRITE_CODES: Codes = {
  400: ['request/invalid-value', 'request/missing-reference', 'request/nul-in-text'],
  409: ['request/already-exists'],
  413: ['request/too-large'],
};
/** A JSON body that is not one, or not the object expected, or fails a rule of zod's own words. */
const BODY_CODES: Codes = { 400: ['request/invalid-json', 'request/not-an-object', 'validation/invalid'] };
const LIST_CODES: Codes = { 400: ['request/invalid-cursor', 'request/invalid-limit'] };

type AddCodes = (status: number, codes: Iterable<ErrorCode>) => void;

function collector(codes: Map<number, Set<ErrorCode>>): AddCodes {
  return (status, more) => {
    const set = codes.get(status) ?? codes.set(status, new Set()).get(status)!;
    for (const code of more) set.add(code);
  };
}

function addAll(add: AddCodes, table: Codes) {
  for (const [status, list] of Object.entries(table)) add(Number(status), list);
}

/**
 * The error codes a route answers of its own, by status: those it declares (`responses[status].codes`) and those its
 * declaration implies: sign-in and roles, a uuid in its path, its list's paging, its body's and query's schemas
 * (http/schema-codes.ts), and the rate limit of a limited route.
 */
export function routeErrorCodes(r: RouteSpec): Map<number, Set<ErrorCode>> {
  const codes = new Map<number, Set<ErrorCode>>();
  const add = collector(codes);
  if (r.security === 'bearer') add(401, ['auth/sign-in-required']);
  if (r.roles) add(403, ['access/denied']);
  for (const name of Object.keys(r.params ?? {})) if (PARAM_SCHEMAS[name]) add(400, schemaCodes(PARAM_SCHEMAS[name]));
  if (r.list) addAll(add, LIST_CODES);
  if (r.body || r.query?.some((q) => q.schema)) addAll(add, BODY_CODES);
  if (r.body) add(400, schemaCodes(r.body.schema));
  for (const q of r.query ?? []) if (q.schema) add(400, schemaCodes(q.schema));
  if (r.limits) add(429, [r.path.startsWith('/auth/') ? 'auth/too-many-requests' : 'too-many-requests']);
  for (const [status, response] of Object.entries(r.responses)) if (response.codes) add(Number(status), response.codes);
  return codes;
}

/**
 * Every error code a call of the route may get, by status: its own (`routeErrorCodes`) and what any call or write
 * may answer. `open`: the table's open routes (health, metrics, the reference), which pass sign-in, limits and body
 * checks by.
 */
export function errorCodesOf(r: RouteSpec, open = false): Map<number, Set<ErrorCode>> {
  const codes = routeErrorCodes(r);
  const add = collector(codes);
  addAll(add, ANY_CALL_CODES);
  if (!open) addAll(add, SIGN_IN_CODES);
  if (!open && !readsOnly(r.method.toUpperCase())) addAll(add, WRITE_CODES);
  return codes;
}
