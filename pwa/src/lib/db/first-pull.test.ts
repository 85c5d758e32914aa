import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '@/lib/api-client';
import { PULL_BATCH, prefetchFirstPull } from './first-pull';

const batch = (n: number, from: number, seq: number) => ({
  documents: Array.from({ length: n }, (_, i) => ({ _id: `d${from + i}` })),
  checkpoint: n ? { id: `d${from + n - 1}`, seq } : null,
});

let asked: string[];
let answers: Map<string, ReturnType<typeof batch>>;

beforeEach(() => {
  asked = [];
  answers = new Map();
  setTokenSource({ getToken: async () => 'token', refresh: async () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      const body = answers.get(path) ?? batch(0, 0, 0);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const path = (after?: { id: string; seq: number }) =>
  `/sync/donations/pull?limit=${PULL_BATCH}${after ? `&id=${after.id}&seq=${after.seq}` : ''}`;

describe('prefetchFirstPull', () => {
  it('asks for the next batches ahead, each after the previous one, and hands them over in order', async () => {
    answers.set(path(), batch(PULL_BATCH, 0, 1));
    answers.set(path({ id: `d${PULL_BATCH - 1}`, seq: 1 }), batch(PULL_BATCH, PULL_BATCH, 2));
    answers.set(path({ id: `d${2 * PULL_BATCH - 1}`, seq: 2 }), batch(3, 2 * PULL_BATCH, 3));
    const first = prefetchFirstPull('donations')!;
    await vi.waitFor(() => expect(asked).toHaveLength(3));

    const one = await first.take(undefined)!.answer;
    expect(one.documents).toHaveLength(PULL_BATCH);
    const two = await first.take(one.checkpoint!)!.answer;
    const three = await first.take(two.checkpoint!)!.answer;
    expect(three.documents).toHaveLength(3);
    // The head was reached: nothing more was asked.
    expect(asked).toHaveLength(3);
    expect(first.take(three.checkpoint!)).toBeNull();
  });

  it('stops asking ahead once the pull asks for something else', async () => {
    answers.set(path(), batch(PULL_BATCH, 0, 1));
    const first = prefetchFirstPull('donations')!;
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
    expect(first.take({ id: 'elsewhere', seq: 9 })).toBeNull();
    expect(first.take(undefined)).toBeNull();
  });
});
