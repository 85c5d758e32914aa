// The live stream's connection: a ticket from POST /sync/stream-ticket for each (re)connect, never the token in the
// address. The network (fetch and EventSource) is what is stood in for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_RESYNC } from '@foodbridge/shared/schemas/sync';
import { setTokenSource } from '@/lib/api-client';
import { json, offline, stubServer } from '@/testing/server';
import { dropNulls, pullStream, replicationTrouble, resyncGate } from './replication';

const TOKEN = 'header.claims.signature';

/** EventSource as far as the stream uses it; every one opened is kept, to be driven by the test. */
class FakeEventSource {
  static readonly OPEN = 1;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setTokenSource({ getToken: async () => TOKEN, refresh: async () => null });
});
afterEach(() => {
  vi.useRealTimers();
  setTokenSource({ getToken: async () => null, refresh: async () => null });
});

function tickets() {
  let n = 0;
  return () => json(201, { ticket: `ticket-${++n}`, expiresIn: 60 });
}

describe('pullStream', () => {
  it('opens the stream with a single-use ticket asked for with the token, never with the token in the address', async () => {
    const server = stubServer({ 'POST /sync/stream-ticket': tickets() });
    const items: unknown[] = [];
    const subscription = pullStream('donations', vi.fn(), vi.fn()).subscribe((item) => items.push(item));
    try {
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      expect(server.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/sync/stream-ticket', token: TOKEN })]);
      const source = FakeEventSource.opened[0]!;
      expect(source.url).toBe('/sync/donations/pull/stream?ticket=ticket-1');
      expect(source.url).not.toContain(TOKEN);
      source.onmessage?.({ data: SYNC_RESYNC });
      expect(items).toEqual(['RESYNC']);
    } finally {
      subscription.unsubscribe();
    }
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('asks once for the tickets of streams that open together, each stream with its own', async () => {
    const server = stubServer({
      'POST /sync/stream-ticket?count=3': () => json(201, { ticket: 'a', tickets: ['a', 'b', 'c'], expiresIn: 60 }),
    });
    const subscriptions = (['favorites', 'notifications', 'messages'] as const).map((c) => pullStream(c, vi.fn(), vi.fn()).subscribe());
    try {
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(3));
      expect(server.sent()).toEqual(['POST /sync/stream-ticket?count=3']);
      expect(FakeEventSource.opened.map((s) => s.url).sort()).toEqual([
        '/sync/favorites/pull/stream?ticket=a',
        '/sync/messages/pull/stream?ticket=c',
        '/sync/notifications/pull/stream?ticket=b',
      ]);
    } finally {
      subscriptions.forEach((s) => s.unsubscribe());
    }
  });

  it('reconnects after an error with a new ticket (the old one is spent)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = stubServer({ 'POST /sync/stream-ticket': tickets() });
    const subscription = pullStream('favorites', vi.fn(), vi.fn()).subscribe();
    try {
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      FakeEventSource.opened[0]!.onerror?.();
      expect(FakeEventSource.opened[0]!.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
      expect(FakeEventSource.opened[1]!.url).toBe('/sync/favorites/pull/stream?ticket=ticket-2');
      expect(server.sent()).toEqual(['POST /sync/stream-ticket', 'POST /sync/stream-ticket']);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('opens nothing while no ticket can be had, and tries again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reachable = false;
    const issue = tickets();
    const server = stubServer({ 'POST /sync/stream-ticket': (request) => (reachable ? issue() : offline(request)) });
    const subscription = pullStream('donations', vi.fn(), vi.fn()).subscribe();
    try {
      await vi.waitFor(() => expect(server.requests).toHaveLength(1));
      expect(FakeEventSource.opened).toHaveLength(0);
      reachable = true;
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      expect(FakeEventSource.opened[0]!.url).toBe('/sync/donations/pull/stream?ticket=ticket-1');
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('resyncGate', () => {
  const deferred = () => {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('drops a RESYNC of the first sync when a pull sent after it reached the head', async () => {
    const settled = deferred();
    const gate = resyncGate(settled.promise);
    const emit = vi.fn();
    gate.ask(emit);
    await new Promise((r) => setTimeout(r, 2));
    gate.reachedHead(performance.now());
    settled.resolve();
    await settled.promise;
    await Promise.resolve();
    expect(emit).not.toHaveBeenCalled();
  });

  it('hands a RESYNC of the first sync on once in sync, when no later pull covered it; later ones at once', async () => {
    const settled = deferred();
    const gate = resyncGate(settled.promise);
    gate.reachedHead(performance.now());
    await new Promise((r) => setTimeout(r, 2));
    const emit = vi.fn();
    gate.ask(emit);
    expect(emit).not.toHaveBeenCalled();
    settled.resolve();
    await vi.waitFor(() => expect(emit).toHaveBeenCalledTimes(1));
    gate.ask(emit);
    expect(emit).toHaveBeenCalledTimes(2);
  });
});

describe('dropNulls', () => {
  it('leaves nulls out, keeping every other field (false, 0 and empty text are values)', () => {
    expect(dropNulls({ _id: 'a', bestBefore: null, quantity: 0, notes: '', done: false, latitude: null })).toEqual({
      _id: 'a',
      quantity: 0,
      notes: '',
      done: false,
    });
  });

  it('hands a document without nulls on as it is, and never changes the one it was given', () => {
    const clean = { _id: 'a', title: 'Bread' };
    expect(dropNulls(clean)).toBe(clean);
    const withNull = { _id: 'b', image: null };
    dropNulls(withNull);
    expect(withNull).toEqual({ _id: 'b', image: null });
  });
});

describe('replicationTrouble', () => {
  // As RxDB hands them over: RC_PULL with plain copies of the handler's errors.
  const wrapped = (cause: object) => Object.assign(new Error('RC_PULL'), { parameters: { errors: [cause] } });

  it('takes no answer from the server for a question of reach, not a sync problem', () => {
    expect(replicationTrouble(wrapped({ name: 'ApiError', message: 'Cannot reach FoodBridge.', code: 'auth/network-request-failed' }))).toEqual({ unreachable: true });
    expect(replicationTrouble(wrapped({ name: 'ApiError', message: 'Bad gateway', status: 502 }))).toEqual({ unreachable: true });
  });

  it('says any other failure in the server’s words', () => {
    expect(replicationTrouble(wrapped({ name: 'ApiError', message: 'Invalid checkpoint', code: 'sync/invalid-checkpoint-id', status: 400 }))).toEqual({
      unreachable: false,
      message: 'Invalid checkpoint',
    });
    expect(replicationTrouble(new Error('schema'))).toEqual({ unreachable: false, message: 'schema' });
  });
});
