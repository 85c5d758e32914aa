// The clients of writes.ts, in a process of their own (like load.ts) so that they share no event loop with the
// servers or the bench: one closed loop per account, each doing what its role does in the app, every call to the next
// instance in turn, for `durationMs`. Restaurants accept pending requests of their donations; charities request open
// donations, confirm their accepted pickups and correct their reports; charities and users add and remove favourites.
// Reads its spec as JSON on stdin (it holds thousands of donation ids) and prints one JSON line (WriteLoadResult).
//   node --import tsx write-load.ts < spec.json
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { text } from 'node:stream/consumers';
import { createDonationRequestInput } from '@foodbridge/shared/testing/factories';

export type WriteRole = 'restaurant' | 'charity' | 'user';

export interface WriteLoadSpec {
  urls: string[];
  durationMs: number;
  clients: { role: WriteRole; token: string; email: string }[];
  /** Verified donations made for this run: charities request them, everyone may favour them. */
  donationIds: string[];
}

/** The writes timed, and the reads that find what to write. */
export const WRITE_KINDS = ['request', 'accept', 'pickup', 'report', 'favorite-add', 'favorite-remove'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];
type CallKind = WriteKind | 'list-pending-requests' | 'list-pickups';

export interface WriteLoadResult {
  seconds: number;
  /** Writes answered 2xx. */
  writes: number;
  /** Every answer by call kind, then by status and error code ('200', '409 donations/not-requestable'); '0' is no answer. */
  answers: Record<string, Record<string, number>>;
  /** Latency of the writes in ms, whatever their answer: each one (to 0.1 ms), and the median and 95th percentile. */
  latencies: number[];
  p50: number;
  p95: number;
  /** The first answers of 5xx and calls without an answer: what the client saw. */
  failures: { kind: string; status: number; body: string }[];
  /** Times a charity found no open donation it had not requested yet (the run made too few). */
  ranOut: number;
}

interface Answer {
  status: number;
  code: string;
  json: () => unknown;
  text: string;
}

const spec = JSON.parse(await text(process.stdin)) as WriteLoadSpec;
/**
 * The server ends a connection idle for 5 s (node's keepAliveTimeout, announced as `Keep-Alive: timeout=5`). node 20's
 * agent heeds that hint only when it has a timeout of its own, and without one it reused a socket at the moment the
 * server closed it: the write got no answer (ECONNRESET, three times in four minutes). A browser retries such a
 * request on a fresh connection; this client lets its idle sockets go first, as the hint asks.
 */
const FREE_SOCKET_TIMEOUT_MS = 4000;
const agent = new Agent({ keepAlive: true, maxSockets: spec.clients.length, timeout: FREE_SOCKET_TIMEOUT_MS });
/** When each socket last began an answer: a call without one says how long its socket had been idle. */
const lastUsed = new WeakMap<object, number>();
let nextInstance = 0;

function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = spec.urls[nextInstance++ % spec.urls.length]! + path;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        lastUsed.set(res.socket, performance.now());
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let parsed: unknown;
          const json = () => (parsed ??= JSON.parse(body));
          let code = '';
          if (status >= 300) {
            try {
              code = String((json() as { code?: unknown }).code ?? '');
            } catch {
              code = '';
            }
          }
          resolve({ status, code, json, text: body });
        });
        res.on('error', (err) => resolve({ status: 0, code: '', json: () => null, text: String(err) }));
      },
    );
    req.on('error', (err) => {
      const idle = req.reusedSocket && req.socket ? ` (a reused connection, idle for ${(performance.now() - (lastUsed.get(req.socket) ?? 0)).toFixed(0)} ms)` : '';
      resolve({ status: 0, code: '', json: () => null, text: `${String(err)}${idle}` });
    });
    req.end(payload);
  });
}

const answers: Record<string, Record<string, number>> = {};
const latencies: number[] = [];
const failures: WriteLoadResult['failures'] = [];
let writes = 0;
let ranOut = 0;

async function timed(kind: CallKind, method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const answer = await call(method, path, token, body, headers);
  const write = (WRITE_KINDS as readonly string[]).includes(kind);
  if (write) latencies.push(performance.now() - started);
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && write) writes++;
  const key = ok || !answer.code ? String(answer.status) : `${answer.status} ${answer.code}`;
  const ofKind = (answers[kind] ??= {});
  ofKind[key] = (ofKind[key] ?? 0) + 1;
  if ((answer.status >= 500 || answer.status === 0) && failures.length < 20) failures.push({ kind, status: answer.status, body: answer.text.slice(0, 300) });
  return answer;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// The donations still open to requests, as the charities' lists would show them: one taken (accepted, or refused as
// no longer requestable) leaves them all.
const open = [...spec.donationIds];
const openAt = new Map(open.map((id, i) => [id, i]));
function close(donationId: string) {
  const at = openAt.get(donationId);
  if (at === undefined) return;
  const last = open.pop()!;
  openAt.delete(donationId);
  if (last !== donationId) {
    open[at] = last;
    openAt.set(last, at);
  }
}

/** Adds a favourite, or removes one of those added (more likely the more there are). */
async function toggleFavorite(token: string, favorites: string[]) {
  if (favorites.length && (favorites.length >= 10 || Math.random() < 0.5)) {
    const at = Math.floor(Math.random() * favorites.length);
    const [id] = favorites.splice(at, 1);
    await timed('favorite-remove', 'DELETE', `/favorites/${id}`, token);
    return;
  }
  const res = await timed('favorite-add', 'POST', '/favorites', token, { donationId: pick(spec.donationIds) });
  if (res.status === 200 || res.status === 201) favorites.push((res.json() as { insertedId: string }).insertedId);
}

async function restaurant(token: string, until: number) {
  while (performance.now() < until) {
    const res = await timed('list-pending-requests', 'GET', '/donation-requests?status=Pending&limit=50', token);
    const pending = res.status === 200 ? (res.json() as { _id: string; donationId: string; donationStatus: string }[]) : [];
    // One request per donation, as a restaurant chooses one charity: accepting it declines the others.
    const chosen = new Map<string, string>();
    for (const r of pending) if (r.donationStatus === 'Verified' && !chosen.has(r.donationId)) chosen.set(r.donationId, r._id);
    if (!chosen.size) await pause(50);
    for (const [donationId, requestId] of [...chosen].slice(0, 5)) {
      if (performance.now() >= until) break;
      const accepted = await timed('accept', 'PATCH', `/donation-requests/accept/${requestId}`, token);
      if (accepted.status === 200 || accepted.status === 409) close(donationId);
    }
  }
}

async function charity(token: string, email: string, until: number) {
  const requested = new Set<string>();
  const toConfirm: string[] = [];
  const toReport: string[] = [];
  const favorites: string[] = [];
  let checked = 0;
  while (performance.now() < until) {
    const r = Math.random();
    if (r < 0.3 && (toReport.length || toConfirm.length || performance.now() - checked > 1000)) {
      if (toReport.length) {
        // The weight as weighed back at the depot: a correction of the report sent with the confirmation.
        const id = toReport.shift()!;
        await timed('report', 'PUT', `/donations/${id}/pickup-report`, token, { weightKg: 1 + Math.round(Math.random() * 200) / 10, outcome: 'part', note: 'Weighed at the depot.' });
      } else if (toConfirm.length) {
        const id = toConfirm.shift()!;
        const res = await timed('pickup', 'PATCH', `/donations/pickup/${id}`, token, { weightKg: 1 + Math.round(Math.random() * 200) / 10, outcome: 'all' }, { 'Idempotency-Key': randomUUID() });
        if (res.status === 200) toReport.push(id);
      } else {
        checked = performance.now();
        const res = await timed('list-pickups', 'GET', `/my-pickups?email=${encodeURIComponent(email)}&status=Accepted&limit=50`, token);
        if (res.status === 200) toConfirm.push(...(res.json() as { _id: string }[]).map((d) => d._id));
      }
    } else if (r < 0.45) {
      await toggleFavorite(token, favorites);
    } else {
      let donationId: string | undefined;
      for (let i = 0; i < 5 && open.length && (donationId === undefined || requested.has(donationId)); i++) donationId = pick(open);
      if (donationId === undefined || requested.has(donationId)) {
        ranOut++;
        await pause(50);
        continue;
      }
      requested.add(donationId);
      const res = await timed('request', 'POST', '/donation-requests', token, createDonationRequestInput({ donationId }));
      if (res.code === 'donations/not-requestable' || res.code === 'donations/expired' || res.status === 404) close(donationId);
    }
  }
}

async function user(token: string, until: number) {
  const favorites: string[] = [];
  while (performance.now() < until) await toggleFavorite(token, favorites);
}

const started = performance.now();
const until = started + spec.durationMs;
await Promise.all(
  spec.clients.map((c) => (c.role === 'restaurant' ? restaurant(c.token, until) : c.role === 'charity' ? charity(c.token, c.email, until) : user(c.token, until))),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
const result: WriteLoadResult = { seconds, writes, answers, latencies: latencies.map((l) => Math.round(l * 10) / 10), p50: at(0.5), p95: at(0.95), failures, ranOut };
console.log(JSON.stringify(result));
agent.destroy();
