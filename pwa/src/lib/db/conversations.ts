// Conversations on a donation request (issue 48), as the screens see them. A restaurant's and a charity's are in the
// local store (replicated, so a driver reads the thread with no signal) with what this device wrote and has not yet
// sent; an admin, who is a side of none of them, and a browser without a local store read each one online.
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import type { RequestStatus } from '@foodbridge/shared/constants';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import type { Message, MessageSide } from '@foodbridge/shared/schemas/message';
import { apiPath, call } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { isOnline } from '@/lib/connectivity-store';
import { useApi } from '@/lib/use-api';
import type { FoodBridgeDatabase } from './database';
import { requireMessageOutbox, useLocalDatabase } from './local-database';
import { plain, useLocalQuery, type Docs, type Subscribable } from './local-query';
import { useSyncStore } from './sync-store';
import type { MessageDocType, MessageOutboxEntry } from './schemas';
import { uuid } from './uuid';

export interface ConversationMessage extends Message {
  /** From another side, and not yet read by this account. */
  unread?: boolean;
  /** Only on this device still: waiting to send (`pending`), or refused by the server (`refusal` says why). */
  outbox?: { id: string; state: 'pending' | 'refused'; refusal?: string };
}

export interface ConversationView {
  /** Oldest first, the device's waiting ones last; undefined while loading. */
  messages: ConversationMessage[] | undefined;
  /** Messages of the other sides this account has not read. */
  unread: number;
  /** Reading online (an admin, or no local store) failed: the readable reason. */
  error?: string;
  /** Whether this account muted it, as the server last said (undefined until it has said, this session). */
  muted?: boolean;
}

/** A conversation the viewer may open on a donation: one per charity's request. */
export interface DonationConversation {
  requestId: string;
  charityName: string;
  status: RequestStatus;
  unread: number;
}

/** While a conversation is read online, how often it is read again (an admin's view; nothing streams it). */
const ONLINE_REFRESH_MS = 15_000;

/**
 * Read marks given on this device and not yet confirmed by the server's copy: until the messages come back read (or
 * offline, until the connection returns and the mark is sent), what came before the mark reads as read here.
 * `version` makes an online read of a conversation again after this device wrote in it or removed a message.
 */
const useConversationState = create<{
  readHere: Record<string, string>;
  unsentReads: string[];
  version: Record<string, number>;
  muted: Record<string, boolean>;
}>(() => ({
  readHere: {},
  unsentReads: [],
  version: {},
  muted: {},
}));

/** The server's answer about a conversation: its mute is remembered for the session. */
function noteState<T extends { muted: boolean }>(requestId: string, state: T): T {
  useConversationState.setState((s) => (s.muted[requestId] === state.muted ? s : { muted: { ...s.muted, [requestId]: state.muted } }));
  return state;
}

const bump = (requestId: string) =>
  useConversationState.setState((s) => ({ version: { ...s.version, [requestId]: (s.version[requestId] ?? 0) + 1 } }));

/** Whether this role's conversations are in the local store (see replication.ts). */
const isReplicated = (role: string) => role === 'restaurant' || role === 'charity';

function sideOf(role: string): MessageSide {
  return role === 'restaurant' ? 'restaurant' : role === 'charity' ? 'charity' : 'admin';
}

const isRead = (m: Pick<Message, 'createdAt'>, mark: string | undefined) => mark !== undefined && m.createdAt <= mark;

/**
 * The replicated messages with what this device still holds: those the server has are in its order, those it does
 * not have yet (waiting, refused, or sent and on their way back) after them, in the order they were written.
 */
export function mergeConversation(
  messages: readonly MessageDocType[],
  entries: readonly MessageOutboxEntry[],
  me: { name: string; side: MessageSide },
  readMark?: string,
): ConversationMessage[] {
  const have = new Set(messages.map((m) => m._id));
  const byTime = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  const server: ConversationMessage[] = [...messages].sort(byTime).map((m) => (m.unread && isRead(m, readMark) ? { ...m, unread: false } : m));
  const local = [...entries]
    .filter((e) => !(e.messageId && have.has(e.messageId)))
    .sort(byTime)
    .map(
      (e): ConversationMessage => ({
        _id: e.messageId ?? e.id,
        requestId: e.requestId,
        donationId: e.donationId,
        authorName: me.name,
        authorSide: me.side,
        body: e.body,
        ...(e.image ? { image: e.image } : {}),
        createdAt: e.createdAt,
        mine: true,
        ...(e.state === 'sent' ? {} : { outbox: { id: e.id, state: e.state, ...(e.refusal ? { refusal: e.refusal } : {}) } }),
      }),
    );
  return [...server, ...local];
}

const emptyList = (list: unknown[]) => list.length === 0;

export function useConversation(requestId: string | null): ConversationView {
  const role = useSession((s) => s.role);
  const name = useSession((s) => s.user?.name ?? '');
  const local = isReplicated(role) && requestId !== null;
  const readMark = useConversationState((s) => (requestId ? s.readHere[requestId] : undefined));
  const version = useConversationState((s) => (requestId ? (s.version[requestId] ?? 0) : 0));
  const muted = useConversationState((s) => (requestId ? s.muted[requestId] : undefined));

  const replicated = useLocalQuery(
    'messages',
    `conversation:${requestId}`,
    local ? (db) => db.messages.find({ selector: { requestId } }).$ as Subscribable<Docs<MessageDocType>> : null,
    plain,
    emptyList,
  );
  const waiting = useLocalQuery(
    'messageoutbox',
    `conversation:${requestId}`,
    local ? (db) => db.messageoutbox.find({ selector: { requestId } }).$ as Subscribable<Docs<MessageOutboxEntry>> : null,
    plain,
    () => false,
  );
  const online = requestId !== null && (!local || replicated.unavailable);
  const fetched = useApi(online ? apiPath('GET /donation-requests/{id}/messages', { params: { id: requestId } }) : null);
  const { reload } = fetched;
  useEffect(() => {
    if (!online) return;
    if (version > 0) reload();
    const timer = setInterval(() => isOnline() && reload(), ONLINE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, reload, version]);

  const me = useMemo(() => ({ name, side: sideOf(role) }), [name, role]);
  const messages = useMemo(() => {
    if (online) return fetched.data && mergeConversation(fetched.data, [], me);
    if (!replicated.data) return undefined;
    return mergeConversation(replicated.data, waiting.data ?? [], me, readMark);
  }, [online, fetched.data, replicated.data, waiting.data, me, readMark]);
  const unread = messages?.reduce((n, m) => n + (m.unread ? 1 : 0), 0) ?? 0;
  return { messages, unread, ...(online && fetched.error ? { error: fetched.error.message } : {}), ...(muted === undefined ? {} : { muted }) };
}

/**
 * One live query of the open database shared by every component that reads it: the navigation's badge and each of
 * a few hundred pickup cards ask for the same unread messages and requests, and each asking would be a query of its
 * own, re-run on every change. Subscribed while anyone reads it; null while there is no store (or not yet an answer).
 */
function sharedQuery<R, T>(build: (db: FoodBridgeDatabase) => Subscribable<R>, convert: (raw: R) => T) {
  const store = create<{ value: T | null }>(() => ({ value: null }));
  let readers = 0;
  let current: { db: FoodBridgeDatabase; sub: { unsubscribe(): void } } | null = null;
  const stop = () => {
    current?.sub.unsubscribe();
    current = null;
    store.setState({ value: null });
  };
  return function useShared(enabled: boolean): T | null {
    const db = useLocalDatabase((st) => st.db);
    const on = enabled && db !== null;
    useEffect(() => {
      if (!on || !db) return;
      readers += 1;
      if (current?.db !== db) {
        stop();
        const sub = build(db).subscribe({
          next: (raw) => store.setState({ value: convert(raw) }),
          error: (err) => {
            console.error('[local store] conversations query failed; screens fall back to the network', err);
            useSyncStore.setState({ unavailable: true });
          },
        });
        current = { db, sub };
      }
      return () => {
        readers -= 1;
        if (readers === 0) stop();
      };
    }, [on, db]);
    const value = store((st) => st.value);
    return on ? value : null;
  };
}

const useUnreadDocs = sharedQuery(
  (db) => db.messages.find({ selector: { unread: true } }).$ as Subscribable<Docs<MessageDocType>>,
  plain,
);

/**
 * Unread messages of the viewer's conversations, in all and per request; `live` when they come from the device's
 * copy (a request missing from `byRequest` then has none), not when this viewer reads conversations online.
 */
export function useUnreadMessages(): { total: number; byRequest: ReadonlyMap<string, number>; live: boolean } {
  const role = useSession((s) => s.role);
  const readHere = useConversationState((s) => s.readHere);
  const data = useUnreadDocs(isReplicated(role));
  return useMemo(() => {
    const byRequest = new Map<string, number>();
    let total = 0;
    for (const m of data ?? []) {
      if (isRead(m, readHere[m.requestId])) continue;
      byRequest.set(m.requestId, (byRequest.get(m.requestId) ?? 0) + 1);
      total += 1;
    }
    return { total, byRequest, live: data !== null };
  }, [data, readHere]);
}

/** A charity's own request of each donation (it has at most one live request per donation). */
const useOwnRequests = sharedQuery(
  (db) => db.donationrequests.find().$ as Subscribable<Docs<DonationRequest>>,
  (docs) => new Map(plain(docs).map((r) => [r.donationId, r])),
);

/** The charity's own conversation on a donation (its request's), for a card of My Pickups; undefined while unknown. */
export function useOwnConversation(donationId: string): DonationConversation | undefined {
  const role = useSession((s) => s.role);
  const request = useOwnRequests(role === 'charity')?.get(donationId);
  const { byRequest } = useUnreadMessages();
  if (!request) return undefined;
  return { requestId: request._id, charityName: request.charityName, status: request.status, unread: byRequest.get(request._id) ?? 0 };
}

const STATUS_ORDER: Record<string, number> = { Accepted: 0, Pending: 1 };

/** The conversations on a donation this viewer may open (its own request for a charity; every request otherwise). */
export function useDonationConversations(donationId: string): DonationConversation[] | undefined {
  const role = useSession((s) => s.role);
  const sides = role !== 'user';
  const { byRequest } = useUnreadMessages();
  const requests = useLocalQuery(
    'donationrequests',
    `donation:${donationId}`,
    sides ? (db) => db.donationrequests.find({ selector: { donationId } }).$ as Subscribable<Docs<DonationRequest>> : null,
    plain,
    () => false,
  );
  // No local store: the viewer's requests from the API (each with its unread count).
  const fetched = useApi(sides && requests.unavailable ? apiPath('GET /donation-requests') : null);
  return useMemo(() => {
    if (!sides) return [];
    const list = requests.unavailable ? fetched.data?.filter((r) => r.donationId === donationId) : requests.data;
    if (!list) return undefined;
    return list
      .map((r) => ({
        requestId: r._id,
        charityName: r.charityName,
        status: r.status,
        unread: byRequest.get(r._id) ?? ('unreadMessages' in r && typeof r.unreadMessages === 'number' ? r.unreadMessages : 0),
      }))
      .sort((a, b) => (STATUS_ORDER[a.status] ?? 2) - (STATUS_ORDER[b.status] ?? 2) || a.charityName.localeCompare(b.charityName));
  }, [sides, requests.unavailable, requests.data, fetched.data, donationId, byRequest]);
}

/** Whether this account's messages go through the device's message outbox. */
function messageOutbox() {
  const { role } = useSession.getState();
  const { messageOutbox: outbox } = useLocalDatabase.getState();
  return isReplicated(role) ? outbox : null;
}

/**
 * Writes a message: kept on the device first and sent with its own Idempotency-Key (at once when online, when the
 * connection returns otherwise). Resolves once it is safely queued; throws only where there is no local store and
 * sending failed (the error is the readable refusal).
 */
export async function sendMessage(requestId: string, donationId: string, body: string, image?: string): Promise<void> {
  const text = body.trim();
  const outbox = messageOutbox();
  if (outbox) {
    await outbox.queue({ requestId, donationId, body: text, image });
    return;
  }
  await call('POST /donation-requests/{id}/messages', {
    params: { id: requestId },
    body: { body: text, ...(image ? { image } : {}) },
    headers: { 'Idempotency-Key': uuid() },
  });
  bump(requestId);
}

const readLater = (requestId: string) =>
  useConversationState.setState((s) => ({ unsentReads: s.unsentReads.includes(requestId) ? s.unsentReads : [...s.unsentReads, requestId] }));

async function sendRead(requestId: string): Promise<{ unreadMessages: number; muted: boolean } | null> {
  try {
    return noteState(requestId, await call('POST /donation-requests/{id}/messages/read', { params: { id: requestId } }));
  } catch {
    // Tried again when the connection returns (the device already shows it read).
    readLater(requestId);
    return null;
  }
}

/** Marks the conversation read on every device of this account; null when offline (sent when the connection returns). */
export async function markConversationRead(requestId: string): Promise<{ unreadMessages: number; muted: boolean } | null> {
  useConversationState.setState((s) => ({ readHere: { ...s.readHere, [requestId]: new Date().toISOString() } }));
  if (!isOnline()) {
    readLater(requestId);
    return null;
  }
  return sendRead(requestId);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    const { unsentReads } = useConversationState.getState();
    if (!unsentReads.length) return;
    useConversationState.setState({ unsentReads: [] });
    for (const requestId of unsentReads) void sendRead(requestId);
  });
}

export async function muteConversation(requestId: string, muted: boolean): Promise<{ unreadMessages: number; muted: boolean }> {
  return noteState(requestId, await call('PUT /donation-requests/{id}/messages/mute', { params: { id: requestId }, body: { muted } }));
}

/** Drops a message the server refused (the device keeps refused ones until the writer dismisses them). */
export async function discardMessage(outboxId: string): Promise<void> {
  await requireMessageOutbox().discard(outboxId);
}

/** An admin removes a message; its author may take it back within minutes (DELETE /messages/{id}). */
export async function removeMessage(messageId: string, requestId?: string): Promise<void> {
  await call('DELETE /messages/{id}', { params: { id: messageId } });
  if (requestId) bump(requestId);
}
