// Every refusal a server test provokes is checked against its route's declaration (issue 44): a code a route answers
// but does not declare fails the test file that provoked it (testing/setup.ts), so the API reference cannot fall behind
// the handlers. The tests are the witnesses; the declarations (http/route.ts `errorCodesOf`) are what is checked.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ErrorCode } from '@foodbridge/shared';
import { errorCodesOf, routeKey, type Route } from '../http/route.ts';
import { OPEN_ROUTES, ROUTES } from '../routes/table.ts';

interface Matcher {
  method: string;
  pattern: RegExp;
  route: Route;
}

let matchers: Matcher[] | undefined;

/** The route the app would dispatch this call to: the first in the table's order whose path matches. */
function routeOf(method: string, path: string): Route | undefined {
  matchers ??= ROUTES.map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    route,
  }));
  const m = method === 'HEAD' ? 'GET' : method;
  return matchers.find((x) => x.method === m && x.pattern.test(path))?.route;
}

const openRoutes = new Set<Route>(OPEN_ROUTES);
const undeclared = new Set<string>();
const declared = new Map<Route, Map<number, Set<ErrorCode>>>();

/** A route's codes, worked out once (its schemas are walked). */
function codesOf(route: Route) {
  let codes = declared.get(route);
  if (!codes) declared.set(route, (codes = errorCodesOf(route, openRoutes.has(route))));
  return codes;
}

/** What the test files' calls answered that their routes do not declare, since the last call; and forgets them. */
export function takeUndeclaredErrors(): string[] {
  const found = [...undeclared];
  undeclared.clear();
  return found;
}

/** Looks at one answer: a refusal's code must be among those its route declares for that status. */
export async function noteAnswer(method: string, url: string, res: Response): Promise<void> {
  if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('application/json')) return;
  const path = new URL(url, 'http://x').pathname;
  const route = routeOf(method.toUpperCase(), path);
  if (!route) return;
  // A long refusal (a body with every field wrong) is compressed for a caller that accepts it (http/compression.ts).
  const raw = Buffer.from(await res.clone().arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString();
  // A HEAD's refusal has its headers and no body: its code is the GET's, checked where a GET gets it.
  if (text === '') return;
  const body = JSON.parse(text) as { code?: unknown };
  if (typeof body.code !== 'string') return;
  if (!codesOf(route).get(res.status)?.has(body.code as ErrorCode)) undeclared.add(`${routeKey(route)} ${res.status} ${body.code}`);
}
