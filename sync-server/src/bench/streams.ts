// Open pull streams against a running server process (issue 9): the server's memory idle and with the streams open,
// and what one change costs them: the time until every stream has it, and the reads the server ran for them (its
// /metrics counter of shared stream reads). Plain HTTP over loopback, as EventSource would.
import { readFileSync } from 'node:fs';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';

export interface StreamFigures {
  streams: number;
  /** Server RSS before any stream was opened, and with them all open after the change reached them. */
  idleRssMb: number;
  loadedRssMb: number;
  /** Milliseconds from the change's request to its arrival on each stream. */
  p50Ms: number;
  maxMs: number;
  /** Reads the streams ran for the change: queries, and answers shared by streams of one scope. */
  queries: number;
  shared: number;
}

export const rssMbOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} -> ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function streamReads(base: string): Promise<{ query: number; shared: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const of = (result: string) => Number(new RegExp(`foodbridge_sync_stream_reads_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { query: of('query'), shared: of('shared') };
}

interface OpenStream {
  /** Times (ms, performance.now) at which text arrived, with the text so far. */
  chunks: { at: number; text: string }[];
  close(): void;
}

async function openStream(base: string, token: string): Promise<OpenStream> {
  const { ticket } = await json<{ ticket: string }>(await fetch(`${base}/sync/stream-ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }));
  const controller = new AbortController();
  const res = await fetch(`${base}/sync/donations/pull/stream?ticket=${encodeURIComponent(ticket)}`, { signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`stream -> ${res.status}`);
  const chunks: OpenStream['chunks'] = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      chunks.push({ at: performance.now(), text });
    }
  })();
  return { chunks, close: () => controller.abort() };
}

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('streams did not receive the change in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * `count` donation streams of plain users (five per account, within the per-account limit) on the server at `base`
 * (process `pid`, seeded with the demo restaurant); then the restaurant posts a donation, which every stream receives
 * (as a tombstone: it is Pending).
 */
export async function measureStreams(base: string, pid: number, count: number, restaurant: { email: string; password: string }): Promise<StreamFigures> {
  const perAccount = 5;
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(count / perAccount); i++) {
    const email = `bench-stream-${i}-${Date.now()}@bench.test`;
    const body = createRegisterInput({ name: `Bench ${i}`, email });
    const res = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    tokens.push((await json<{ idToken: string }>(res)).idToken);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const idleRssMb = rssMbOf(pid);
  const streams: OpenStream[] = [];
  try {
    for (let i = 0; i < count; i++) streams.push(await openStream(base, tokens[Math.floor(i / perAccount)]!));
    // Every stream has sent its RESYNC: all are listening.
    await until(() => streams.every((s) => s.chunks.length > 0), 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    const before = await streamReads(base);
    const login = await json<{ idToken: string }>(
      await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(restaurant) }),
    );
    const started = performance.now();
    const res = await fetch(`${base}/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.idToken}` },
      body: JSON.stringify(createDonationInput({ title: 'Bench stream soup' })),
    });
    const { insertedId } = await json<{ insertedId: string }>(res);
    await until(() => streams.every((s) => s.chunks.some((c) => c.text.includes(insertedId))), 60_000);
    const times = streams.map((s) => s.chunks.find((c) => c.text.includes(insertedId))!.at - started).sort((a, b) => a - b);
    await new Promise((r) => setTimeout(r, 500));
    const after = await streamReads(base);
    return {
      streams: count,
      idleRssMb,
      loadedRssMb: rssMbOf(pid),
      p50Ms: times[Math.floor(times.length / 2)]!,
      maxMs: times.at(-1)!,
      queries: after.query - before.query,
      shared: after.shared - before.shared,
    };
  } finally {
    for (const s of streams) s.close();
  }
}
