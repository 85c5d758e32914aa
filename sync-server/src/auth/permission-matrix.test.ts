// Every route by every caller against a real database (the expectations are testing/permission-matrix.ts; the list of
// routes is the app's route table, routes/table.ts). One app for the whole file; each row gets fresh accounts and
// rows, and a row that changes state gets them for each of its cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CALLERS, PERMISSION_MATRIX, World, type Caller, type MatrixRequest, type MatrixRow } from '../testing/permission-matrix.ts';
import { routeKey } from '../http/route.ts';
import { ROUTES } from '../routes/table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());


/** The pattern of a route (`/donations/:id`) as a test of a concrete path. */
function matches(route: string, req: MatrixRequest): boolean {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = req.path.split('?')[0]!;
  const re = new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return method === req.method && re.test(path);
}

interface Answer {
  status: number;
  /** The body as text, for the leak checks ('' for pictures and open streams). */
  text: string;
}

async function call(req: MatrixRequest, token: string | undefined, stream: boolean): Promise<Answer> {
  const headers: Record<string, string> = { ...req.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | Uint8Array<ArrayBuffer> | undefined;
  if (req.body instanceof FormData || req.body instanceof Uint8Array) body = req.body as FormData | Uint8Array<ArrayBuffer>;
  else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const controller = new AbortController();
  const res = await t.app.request(req.path, { method: req.method, headers, body, signal: controller.signal });
  if (stream && res.status === 200) {
    // Only the status counts: the stream would otherwise stay open for its heartbeats.
    controller.abort();
    await res.body?.cancel();
    return { status: res.status, text: '' };
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || type.startsWith('text/')) return { status: res.status, text: await res.text() };
  await res.arrayBuffer();
  return { status: res.status, text: '' };
}

/**
 * The last answer's text in lower case. A row's callers often get the same text, and lower-casing the API reference's
 * 5 MB bundle takes about 70 ms each time.
 */
let lowered = { text: '', lower: '' };
function lowerCase(text: string): string {
  if (lowered.text !== text) lowered = { text, lower: text.toLowerCase() };
  return lowered.lower;
}

/** What an answer gives away that this caller may not read. */
function leaksIn(text: string, w: World, caller: Caller, row: MatrixRow): string[] {
  const found: string[] = [];
  const shown = w.emailsShownTo(caller);
  for (const a of row.reveals?.(w) ?? []) shown.add(a.email);
  const lower = lowerCase(text);
  for (const a of w.allAccounts) if (!shown.has(a.email) && lower.includes(a.email)) found.push(`the e-mail of ${a.name}`);
  const own = caller === 'anonymous' ? undefined : w.accounts[caller].id;
  for (const p of w.payments) {
    if (caller !== 'admin' && p.ownerId !== own && text.includes(p.id)) found.push(`payment id ${p.id} of another account`);
  }
  if (/scrypt\$|password_?hash/i.test(text)) found.push('a password hash');
  for (const a of w.allAccounts) if (text.includes(a.refreshToken)) found.push(`the refresh token of ${a.name}`);
  if (!row.issuesTokens && /refresh_?token/i.test(text)) found.push('a refresh token');
  return found;
}

/** One cell; a line saying what was wrong, or nothing. */
async function runCell(row: MatrixRow, w: World, caller: Caller): Promise<string[]> {
  const req = await row.request(w, caller);
  if (!matches(row.route, req)) return [`${caller}: ${req.method} ${req.path} is not ${row.route}`];
  const token = caller === 'anonymous' || row.credentialsInUrl ? undefined : w.accounts[caller].token;
  const answer = await call(req, token, row.stream === true);
  const problems: string[] = [];
  const expected = row.expect[caller];
  if (answer.status !== expected) problems.push(`${caller}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`);
  for (const leak of leaksIn(answer.text, w, caller, row)) problems.push(`${caller}: answer (${answer.status}) shows ${leak}`);
  if (answer.status >= 400 && !/"message":"[^"]+"/.test(answer.text)) problems.push(`${caller}: a ${answer.status} without a message`);
  return problems;
}

describe('permission matrix', () => {
  it('has a row for every route of the table, and none for a route the table does not have', () => {
    const declared = new Set(ROUTES.map(routeKey));
    const rows = new Set(PERMISSION_MATRIX.map((r) => r.route));
    expect([...declared].filter((r) => !rows.has(r)).sort(), 'routes without expectations: add a row to testing/permission-matrix.ts').toEqual([]);
    expect([...rows].filter((r) => !declared.has(r)).sort(), 'rows for a route the table does not have').toEqual([]);
  });

  const label = (row: MatrixRow) => (row.variant ? `${row.route} (${row.variant})` : row.route);

  it.each(PERMISSION_MATRIX.map((row) => [label(row), row] as const))('%s', async (_, row) => {
    // A read changes nothing, and neither does a refused write: such cells share one world (a refusal that did change
    // something would still fail its own cell by its status). A write expected to be done gets a fresh world for its
    // cell. No cell depends on another's answer, so they run at once: the database's round trips overlap.
    const changes = (caller: Caller) => !row.route.startsWith('GET ') && row.expect[caller] < 400;
    let shared: Promise<World> | undefined;
    const worldFor = (caller: Caller) => (changes(caller) ? World.create(t) : (shared ??= World.create(t)));
    const problems = await Promise.all(CALLERS.map(async (caller) => runCell(row, await worldFor(caller), caller)));
    expect(problems.flat()).toEqual([]);
  });
});
