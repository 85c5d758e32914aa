import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { streamSSE } from 'hono/streaming';
import {
  DonationPullResultSchema,
  DonationRequestPullResultSchema,
  FavoritePullResultSchema,
  FavoritePushBodySchema,
  FavoritePushResultSchema,
  IdSchema,
  MessagePullResultSchema,
  NotificationPullResultSchema,
  SYNC_COLLECTIONS,
  SYNC_HEARTBEAT_MS,
  SYNC_PULL_LIMIT_DEFAULT,
  SYNC_PULL_LIMIT_MAX,
  SYNC_RESYNC,
  SYNC_STREAM_TICKET_SECONDS,
  SYNC_STREAMS_PER_ACCOUNT,
  errorText,
  type SyncCheckpoint,
  type SyncCollection,
  RATE_LIMITS,
} from '@foodbridge/shared';
import { toAuthUser, type AuthUser } from '../auth/auth-user.ts';
import { canPullCollection, canPushCollection, enforce } from '../auth/permissions.ts';
import { redeemStreamTicket, storeStreamTickets } from '../db/stream-tickets.ts';
import { findUserById } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../http/errors.ts';
import { perDeps, route } from '../http/route.ts';
import { parseJson, parseLimit } from '../http/validate.ts';
import { err, ok, UUID } from '../openapi/responses.ts';
import { COLLECTION_TABLES, headCheckpoint, pullChanges } from '../sync/collections.ts';
import { pushFavorites } from '../sync/push-favorites.ts';
import { SharedReads } from '../sync/shared-reads.ts';
import { byAccount } from '../http/rate-limit.ts';

function collectionParam(c: Context<AppEnv>): SyncCollection {
  const name = c.req.param('collection');
  const found = SYNC_COLLECTIONS.find((n) => n === name);
  if (!found) throw notFound('not-found/collection');
  return found;
}

/** `?id=&seq=`: both or neither (the first pull has none). */
function checkpointQuery(c: Context<AppEnv>): SyncCheckpoint | null {
  const id = c.req.query('id') ?? '';
  const seq = c.req.query('seq') ?? '';
  if (id === '' && seq === '') return null;
  if (!IdSchema.safeParse(id).success) throw badRequest('sync/invalid-checkpoint-id');
  if (!/^\d{1,15}$/.test(seq)) throw badRequest('sync/invalid-checkpoint-seq');
  return { id: id.toLowerCase(), seq: Number(seq) };
}

export const TOKEN_IN_URL = errorText('sync/token-in-url');
export const TICKET_INVALID = errorText('sync/invalid-ticket');
/** Said under 'too-many-requests' (a client waits on the code), with this limit's own words (ApiError's option). */
export const TOO_MANY_STREAMS = `This account already has ${SYNC_STREAMS_PER_ACCOUNT} live connections open. Close the app in another tab or device, or try again shortly.`;
/** When a refused stream may try again: a slot frees as soon as one of the account's streams closes. */
const STREAM_RETRY_SECONDS = 30;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The reconnection delay an ending stream asks for when this instance shuts down (SSE's `retry:` field). */
const STREAM_RETRY_AFTER_SHUTDOWN_MS = 1000;

/**
 * The stream's caller: the Authorization header as everywhere (mountRoutes looks there first), or `?ticket=` because
 * EventSource cannot send headers. A ticket rather than the token, because addresses land in proxy and access logs: a
 * ticket there is spent or expired, a token would still sign in. A token in the address is refused, so none is sent
 * that way.
 */
async function streamUser(c: Context<AppEnv>, deps: Deps): Promise<AuthUser> {
  if (c.req.query('token') !== undefined) throw unauthorized('sync/token-in-url');
  const ticket = c.req.query('ticket');
  if (!ticket) throw unauthorized();
  const userId = await redeemStreamTicket(deps.sql, hashTicket(ticket));
  // The role comes from the database, as for a token; a removed account's ticket opens nothing.
  const row = userId ? await findUserById(deps.sql, userId) : undefined;
  if (!row) throw unauthorized('sync/invalid-ticket');
  return toAuthUser(row);
}

/**
 * Open streams per account, counted by this instance only: a stream is a connection to one process, and the
 * slots it holds are freed by that process when it closes (a process that dies frees them with it). With several
 * instances an account may hold this many on each; the stream tickets' rate limit bounds how fast it opens them.
 */
function streamSlots() {
  const open = new Map<string, number>();
  return {
    /** Takes a slot for the account, or refuses with 429; the returned function frees it (once). */
    take(c: Context<AppEnv>, userId: string): () => void {
      const held = open.get(userId) ?? 0;
      if (held >= SYNC_STREAMS_PER_ACCOUNT) {
        c.header('Retry-After', String(STREAM_RETRY_SECONDS));
        throw new ApiError(429, 'too-many-requests', undefined, { message: TOO_MANY_STREAMS });
      }
      open.set(userId, held + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
    },
  };
}

/** What the streams of one app share: their slots per account, and the answers one change's wave reads once. */
const streamsOf = perDeps((deps) => ({
  slots: streamSlots(),
  shared: new SharedReads((result) => deps.metrics.streamReads.inc({ result })),
}));

export const syncRoutes = [
  // A ticket for one stream: the token stays in the Authorization header, the address carries only the ticket.
  route(
    {
      method: 'post',
      path: '/sync/stream-ticket',
      summary: 'One-time tickets to open change streams',
      description:
        'EventSource cannot send headers: the ticket goes in the stream’s address instead of the token. `?count=` asks for several at once (a device opening a stream per collection), each still good for one stream.',
      tags: ['Replication'],
      security: 'bearer',
      query: [{ name: 'count', description: `Tickets wanted, 1-${SYNC_COLLECTIONS.length} (default 1).`, schema: z.int().min(1).max(SYNC_COLLECTIONS.length) }],
      limits: [byAccount('stream-ticket', RATE_LIMITS.streamTicketsPerAccount, 'sync connections')],
      responses: {
        201: ok('The ticket (and, with `count`, all of them).', z.object({ ticket: z.string(), tickets: z.array(z.string()).optional(), expiresIn: z.number().int() })),
        400: err('Invalid count.', 'sync/invalid-ticket-count'),
      },
    },
    async (c, { deps, user }) => {
      const asked = c.req.query('count');
      const countText = asked ?? '1';
      const count = /^\d{1,2}$/.test(countText) ? Number(countText) : 0;
      if (count < 1 || count > SYNC_COLLECTIONS.length) throw badRequest('sync/invalid-ticket-count', { max: SYNC_COLLECTIONS.length });
      const tickets = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
      await storeStreamTickets(deps.sql, tickets.map(hashTicket), user.id, SYNC_STREAM_TICKET_SECONDS);
      return c.json({ ticket: tickets[0]!, ...(asked === undefined ? {} : { tickets }), expiresIn: SYNC_STREAM_TICKET_SECONDS }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/sync/:collection/pull',
      summary: 'Changes of a collection since a checkpoint',
      tags: ['Replication'],
      security: 'bearer',
      params: { collection: 'The collection.' },
      query: [
        { name: 'id', description: 'Checkpoint: the id of the last document pulled (with `seq`; neither on the first pull).', schema: IdSchema },
        { name: 'seq', description: 'Checkpoint: its change sequence.', schema: z.string() },
        { name: 'limit', description: `Documents per answer, 1-${SYNC_PULL_LIMIT_MAX}.`, schema: z.int().min(1).max(SYNC_PULL_LIMIT_MAX) },
      ],
      responses: {
        200: ok('Documents and the next checkpoint.', z.union([DonationPullResultSchema, FavoritePullResultSchema, DonationRequestPullResultSchema, NotificationPullResultSchema, MessagePullResultSchema])),
        400: err('Invalid checkpoint or limit.', 'request/invalid-limit', 'sync/invalid-checkpoint-id', 'sync/invalid-checkpoint-seq'),
        403: err('Not for this role.', 'sync/requests-hidden', 'sync/messages-hidden'),
        404: err('No such collection.', 'not-found/collection'),
      },
    },
    async (c, { deps, user }) => {
      const collection = collectionParam(c);
      enforce(canPullCollection(user, collection));
      const after = checkpointQuery(c);
      const limit = parseLimit(c.req.query('limit'), SYNC_PULL_LIMIT_MAX) ?? SYNC_PULL_LIMIT_DEFAULT;
      return c.json(await pullChanges(deps.sql, user, collection, after, limit));
    },
  ),
  route(
    {
      method: 'post',
      path: '/sync/:collection/push',
      summary: 'Write local changes (favourites only)',
      tags: ['Replication'],
      security: 'bearer',
      params: { collection: 'The collection (only `favorites` takes writes).' },
      body: {
        schema: FavoritePushBodySchema,
        example: [{ assumedMasterState: null, newDocumentState: { _id: UUID, donationId: UUID, email: 'sam@example.org', _deleted: false } }],
      },
      responses: {
        200: ok('The server’s state of every row that conflicted (empty when all were applied).', FavoritePushResultSchema),
        400: err('Invalid input.'),
        403: err('Read-only collection.', 'sync/read-only'),
        404: err('No such collection.', 'not-found/collection'),
      },
    },
    async (c, { deps, user }) => {
      const collection = collectionParam(c);
      enforce(canPushCollection(collection));
      const rows = await parseJson(c, FavoritePushBodySchema, { array: true });
      return c.json(await pushFavorites(deps.sql, user, rows));
    },
  ),
  route(
    {
      method: 'get',
      path: '/sync/:collection/pull/stream',
      summary: 'Live change notices of a collection (server-sent events)',
      description: 'Each event says the collection changed (or `RESYNC`): pull again. Authorization header, or `?ticket=` from POST /sync/stream-ticket.',
      tags: ['Replication'],
      security: 'bearer',
      signIn: streamUser,
      params: { collection: 'The collection.' },
      query: [{ name: 'ticket', description: 'A stream ticket, for clients that cannot send an Authorization header.', schema: z.string() }],
      responses: {
        200: ok('An event stream.', undefined, { media: 'sse' }),
        401: err('No valid token or ticket.', 'sync/invalid-ticket', 'sync/token-in-url'),
        403: err('Not for this role.', 'sync/requests-hidden', 'sync/messages-hidden'),
        404: err('No such collection.', 'not-found/collection'),
        429: err('Too many open streams.', 'too-many-requests'),
      },
    },
    async (c, { deps, user: connected }) => {
      const { slots, shared } = streamsOf(deps);
      const collection = collectionParam(c);
      enforce(canPullCollection(connected, collection));
      const tables = COLLECTION_TABLES[collection];
      const freeSlot = slots.take(c, connected.id);

      let dirty = false;
      let wake: (() => void) | undefined;
      const signal = () => {
        dirty = true;
        wake?.();
      };
      // Subscribed before the head is read: a change committed after the head is announced.
      let unsubscribe: () => void;
      try {
        unsubscribe = await deps.changes.subscribe((changed) => {
          // Before any stream wakes: no stream may take an answer read before this change (see SharedReads).
          shared.invalidate();
          if (tables.some((t) => changed.has(t))) signal();
        });
      } catch (err) {
        freeSlot();
        throw err;
      }
      let checkpoint: SyncCheckpoint;
      try {
        checkpoint = await headCheckpoint(deps.sql);
      } catch (err) {
        unsubscribe();
        freeSlot();
        throw err;
      }

      // Account changes of other instances reach this one through the feed; if it cannot listen, every wave re-reads.
      const watched = await deps.users.watch(deps.changes);
      let user = connected;
      // The account as the stream opens (it may have changed since the token was checked): a wave reads it again only
      // when some account changed since (or every wave, if this instance cannot hear of changes). Its sessions' end
      // as read here is the stream's: a later end (signed out everywhere, removed from its organisation, a role taken
      // away) ends the stream, and the device's reconnection is refused and signs it out, its local store with it.
      // Account notices name no account, so a stream looks at its own at most once a heartbeat while quiet, and only
      // when some account changed: one read by key per stream, not one per change.
      let readAt = deps.users.generation;
      let sessionsEndedAt: number;
      try {
        const row = await findUserById(deps.sql, connected.id);
        if (row) user = toAuthUser(row);
        sessionsEndedAt = row?.sessions_ended_at?.getTime() ?? 0;
        // Gone already: the first wave reads it again and ends the stream.
        if (!row) readAt = -1;
      } catch (err) {
        unsubscribe();
        freeSlot();
        throw err;
      }
      /** Reads the account again: false when the stream must end (the account is gone, or its sessions ended). */
      const stillSignedIn = async (): Promise<boolean> => {
        readAt = deps.users.generation;
        const row = await findUserById(deps.sql, connected.id);
        if (!row || (row.sessions_ended_at?.getTime() ?? 0) !== sessionsEndedAt) return false;
        user = toAuthUser(row);
        return true;
      };

      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        stream.onAbort(signal);
        // A graceful shutdown ends the stream with a hint to reconnect soon: the proxy sends the client elsewhere.
        deps.stopping.addEventListener('abort', signal);
        try {
          await stream.writeSSE({ data: SYNC_RESYNC });
          while (!stream.aborted && !deps.stopping.aborted) {
            if (!dirty) {
              const timedOut = await new Promise<boolean>((resolve) => {
                const timer = setTimeout(() => resolve(true), SYNC_HEARTBEAT_MS);
                wake = () => {
                  clearTimeout(timer);
                  resolve(false);
                };
              });
              wake = undefined;
              if (stream.aborted || deps.stopping.aborted) break;
              if (timedOut) {
                if (watched && deps.users.generation !== readAt && !(await stillSignedIn())) break;
                await stream.write(': heartbeat\n\n');
                continue;
              }
            }
            dirty = false;
            // The role is read again when an account may have changed: a changed role changes the scope, a removed
            // account ends the stream. Otherwise a change costs this stream its pull query only.
            if ((!watched || deps.users.generation !== readAt) && !(await stillSignedIn())) break;
            for (;;) {
              const batch = await pullChanges(deps.sql, user, collection, checkpoint, SYNC_PULL_LIMIT_DEFAULT, shared);
              if (batch.documents.length === 0 || !batch.checkpoint || stream.aborted) break;
              checkpoint = batch.checkpoint;
              await stream.writeSSE({ data: JSON.stringify(batch) });
              if (batch.documents.length < SYNC_PULL_LIMIT_DEFAULT) break;
            }
          }
          if (deps.stopping.aborted && !stream.aborted) await stream.write(`retry: ${STREAM_RETRY_AFTER_SHUTDOWN_MS}\n\n`);
        } finally {
          deps.stopping.removeEventListener('abort', signal);
          unsubscribe();
          freeSlot();
        }
      });
    },
  ),
];
