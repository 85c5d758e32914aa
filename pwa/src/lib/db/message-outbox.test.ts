import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useConnectivity } from '@/lib/connectivity-store';
import { openTestDatabase } from '@/testing/local-database';
import { mergeConversation } from './conversations';
import type { FoodBridgeDatabase } from './database';
import { createMessageOutbox } from './message-outbox';
import type { MessageDocType, MessageOutboxEntry } from './schemas';

// The message outbox (issue 48) against the sync-server stood in for at the network boundary: a stubbed fetch.
const REQUEST = '0b7a2c1e-0000-4000-8000-000000000001';
const OTHER = '0b7a2c1e-0000-4000-8000-000000000002';
const DONATION = '0b7a2c1e-0000-4000-8000-0000000000d0';

interface Sent {
  path: string;
  key: string | undefined;
  body: { body: string };
}
let sent: Sent[];
let answer: (s: Sent, n: number) => Response | Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
let ids = 0;
const written = () => json(201, { insertedId: `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}` });

beforeEach(() => {
  sent = [];
  answer = written;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const s = { path, key: headers['Idempotency-Key'], body: JSON.parse(String(init.body ?? 'null')) };
      sent.push(s);
      return answer(s, sent.length);
    }),
  );
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useConnectivity.setState({ online: true });
});

function start(db: FoodBridgeDatabase) {
  const onSent = vi.fn();
  const outbox = createMessageOutbox(db, onSent);
  onTestFinished(() => outbox.stop());
  return { outbox, onSent };
}

const entries = async (db: FoodBridgeDatabase) => (await db.messageoutbox.find().exec()).map((d) => d.toMutableJSON()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

async function settled(db: FoodBridgeDatabase, check: (list: MessageOutboxEntry[]) => boolean) {
  await vi.waitFor(async () => expect(check(await entries(db))).toBe(true), { timeout: 3000 });
}

describe('the message outbox', () => {
  it('keeps a message written offline and sends it once, with its own Idempotency-Key, when the connection returns', async () => {
    const db = await openTestDatabase();
    useConnectivity.setState({ online: false });
    const { outbox, onSent } = start(db);
    const entry = await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'at the back door' });
    expect(sent).toEqual([]);
    expect((await entries(db)).map((e) => e.state)).toEqual(['pending']);

    // Back online, the status line still believes an earlier failure; the answer is proof enough that it is over.
    useConnectivity.setState({ online: true, reachable: false });
    await outbox.replay();
    expect(sent).toEqual([{ path: `/donation-requests/${REQUEST}/messages`, key: entry.id, body: { body: 'at the back door' } }]);
    expect(useConnectivity.getState().reachable).toBe(true);
    const [after] = await entries(db);
    expect(after).toMatchObject({ state: 'sent', messageId: expect.any(String) });
    expect(onSent).toHaveBeenCalledTimes(1);

    // Sent entries stay until the replicated message arrives, then go; nothing is sent twice.
    await db.messages.insert({ _id: after!.messageId!, requestId: REQUEST, donationId: DONATION, authorName: 'Dana', authorSide: 'charity', body: 'at the back door', createdAt: new Date().toISOString(), mine: true });
    await settled(db, (list) => list.length === 0);
    await outbox.replay();
    expect(sent).toHaveLength(1);
  });

  it('retries a lost answer under the same key, and holds a conversation’s later messages until the earlier one went', async () => {
    const db = await openTestDatabase();
    useConnectivity.setState({ online: false });
    const { outbox } = start(db);
    const first = await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'one' });
    const second = await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'two' });
    await outbox.queue({ requestId: OTHER, donationId: DONATION, body: 'elsewhere' });
    // The passes the taps started (offline: nothing sent) are over.
    await outbox.replay();
    useConnectivity.setState({ online: true });
    // The first try of 'one' gets no answer; the other conversation is not held up by it.
    answer = (_s, n) => (n === 1 ? noNetwork() : written());
    await outbox.replay();
    expect(sent.map((s) => s.body.body)).toEqual(['one', 'elsewhere']);
    expect((await entries(db)).map((e) => [e.body, e.state])).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
      ['elsewhere', 'sent'],
    ]);
    await outbox.replay();
    expect(sent.map((s) => [s.body.body, s.key])).toEqual([
      ['one', first.id],
      ['elsewhere', expect.any(String)],
      ['one', first.id],
      ['two', second.id],
    ]);
  });

  it('keeps a refused message with the server’s reason until its writer discards it', async () => {
    const db = await openTestDatabase();
    const { outbox } = start(db);
    answer = () => json(409, { message: 'This conversation closed 7 days after the pickup.', code: 'messages/closed' });
    const entry = await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'late' });
    await settled(db, (list) => list[0]?.state === 'refused');
    expect((await entries(db))[0]).toMatchObject({ refusal: 'This conversation closed 7 days after the pickup.' });
    await outbox.discard(entry.id);
    expect(await entries(db)).toEqual([]);
  });

  it('keeps the writer’s order even when the device clock steps back', async () => {
    const db = await openTestDatabase();
    useConnectivity.setState({ online: false });
    const { outbox } = start(db);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now');
    await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'first' });
    clock.mockReturnValue(now - 60_000);
    vi.spyOn(Date.prototype, 'toISOString').mockImplementationOnce(() => new Date(now - 60_000).toJSON());
    await outbox.queue({ requestId: REQUEST, donationId: DONATION, body: 'second' });
    clock.mockRestore();
    expect((await entries(db)).map((e) => e.body)).toEqual(['first', 'second']);
  });
});

describe('a conversation on screen', () => {
  const message = (over: Partial<MessageDocType>): MessageDocType => ({
    _id: 'm1',
    requestId: REQUEST,
    donationId: DONATION,
    authorName: 'Green Table',
    authorSide: 'restaurant',
    body: 'Use the back door',
    createdAt: '2026-12-07T10:00:00.000Z',
    mine: false,
    ...over,
  });
  const entry = (over: Partial<MessageOutboxEntry>): MessageOutboxEntry => ({
    id: 'e1',
    requestId: REQUEST,
    donationId: DONATION,
    body: 'On my way',
    createdAt: '2026-12-07T09:00:00.000Z',
    attempts: 0,
    state: 'pending',
    ...over,
  });
  const me = { name: 'Dana', side: 'charity' as const };

  it('shows the server’s messages in order, then what waits here, once each', () => {
    const list = mergeConversation(
      [message({ _id: 'm2', createdAt: '2026-12-07T10:05:00.000Z', body: 'later', unread: true }), message({ unread: true })],
      [entry({}), entry({ id: 'e2', state: 'sent', messageId: 'm3', body: 'sent, on its way' }), entry({ id: 'e3', state: 'sent', messageId: 'm2' }), entry({ id: 'e4', state: 'refused', refusal: 'Closed' })],
      me,
      '2026-12-07T10:01:00.000Z',
    );
    expect(list.map((m) => [m.body, m.unread ?? null, m.outbox?.state ?? null, m.mine])).toEqual([
      ['Use the back door', false, null, false],
      ['later', true, null, false],
      ['On my way', null, 'pending', true],
      ['sent, on its way', null, null, true],
      ['On my way', null, 'refused', true],
    ]);
    expect(list[2]).toMatchObject({ authorName: 'Dana', authorSide: 'charity' });
    expect(list[4]!.outbox).toEqual({ id: 'e4', state: 'refused', refusal: 'Closed' });
  });
});
