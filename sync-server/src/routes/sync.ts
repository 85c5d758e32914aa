import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  FavoritePushBodySchema,
  IdSchema,
  SYNC_COLLECTIONS,
  SYNC_HEARTBEAT_MS,
  SYNC_PULL_LIMIT_DEFAULT,
  SYNC_PULL_LIMIT_MAX,
  SYNC_RESYNC,
  SYNC_STREAM_TICKET_SECONDS,
  SYNC_STREAMS_PER_ACCOUNT,
  type SyncCheckpoint,
  type SyncCollection,
} from '@foodbridge/shared';
import { toAuthUser, type AuthUser } from '../auth/auth-user.ts';
import { requireUser } from '../auth/middleware.ts';
import { canPullCollection, canPushCollection, enforce } from '../auth/permissions.ts';
import { redeemStreamTicket, storeStreamTicket } from '../db/stream-tickets.ts';
import { findUserById } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../http/errors.ts';
import { parseJson, parseLimit } from '../http/validate.ts';
import { COLLECTION_TABLES, headCheckpoint, pullChanges } from '../sync/collections.ts';
import { pushFavorites } from '../sync/push-favorites.ts';
import { SharedReads } from '../sync/shared-reads.ts';

function collectionParam(c: Context<AppEnv>): SyncCollection {
  const name = c.req.param('collection');
  const found = SYNC_COLLECTIONS.find((n) => n === name);
  if (!found) throw notFound('Collection');
  return found;
}

/** `?id=&seq=`: both or neither (the first pull has none). */
function checkpointQuery(c: Context<AppEnv>): SyncCheckpoint | null {
  const id = c.req.query('id') ?? '';
  const seq = c.req.query('seq') ?? '';
  if (id === '' && seq === '') return null;
  if (!IdSchema.safeParse(id).success) throw badRequest('Invalid checkpoint: id must be the id of the last document pulled');
  if (!/^\d{1,15}$/.test(seq)) throw badRequest('Invalid checkpoint: seq must be a whole number');
  return { id: id.toLowerCase(), seq: Number(seq) };
}

export const TOKEN_IN_URL =
  'Sign-in tokens are not accepted in the address: open the stream with a ticket from POST /sync/stream-ticket.';
export const TICKET_INVALID = 'This sync ticket has expired or was already used. Please reconnect.';
export const TOO_MANY_STREAMS = `This account already has ${SYNC_STREAMS_PER_ACCOUNT} live connections open. Close the app in another tab or device, or try again shortly.`;
/** When a refused stream may try again: a slot frees as soon as one of the account's streams closes. */
const STREAM_RETRY_SECONDS = 30;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The reconnection delay an ending stream asks for when this instance shuts down (SSE's `retry:` field). */
const STREAM_RETRY_AFTER_SHUTDOWN_MS = 1000;

/**
 * The stream's caller: the Authorization header as everywhere, or `?ticket=` because EventSource cannot send
 * headers. A ticket rather than the token, because addresses land in proxy and access logs: a ticket there is
 * spent or expired, a token would still sign in. A token in the address is refused, so none is sent that way.
 */
async function streamUser(c: Context<AppEnv>, deps: Deps): Promise<AuthUser> {
  const fromHeader = c.get('user');
  if (fromHeader) return fromHeader;
  if (c.req.query('token') !== undefined) throw unauthorized(TOKEN_IN_URL, 'sync/token-in-url');
  const ticket = c.req.query('ticket');
  if (!ticket) throw unauthorized();
  const userId = await redeemStreamTicket(deps.sql, hashTicket(ticket));
  // The role comes from the database, as for a token; a removed account's ticket opens nothing.
  const row = userId ? await findUserById(deps.sql, userId) : undefined;
  if (!row) throw unauthorized(TICKET_INVALID, 'sync/invalid-ticket');
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
        throw new ApiError(429, TOO_MANY_STREAMS, 'too-many-requests');
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

export const syncRoutes = (deps: Deps) => {
  const slots = streamSlots();
  const shared = new SharedReads((result) => deps.metrics.streamReads.inc({ result }));
  return new Hono<AppEnv>()
    // A ticket for one stream: the token stays in the Authorization header, the address carries only the ticket.
    .post('/sync/stream-ticket', async (c) => {
      const user = requireUser(c);
      const ticket = randomBytes(32).toString('base64url');
      await storeStreamTicket(deps.sql, hashTicket(ticket), user.id, SYNC_STREAM_TICKET_SECONDS);
      return c.json({ ticket, expiresIn: SYNC_STREAM_TICKET_SECONDS }, 201);
    })
    .get('/sync/:collection/pull', async (c) => {
      const user = requireUser(c);
      const collection = collectionParam(c);
      enforce(canPullCollection(user, collection));
      const after = checkpointQuery(c);
      const limit = parseLimit(c.req.query('limit'), SYNC_PULL_LIMIT_MAX) ?? SYNC_PULL_LIMIT_DEFAULT;
      return c.json(await pullChanges(deps.sql, user, collection, after, limit));
    })
    .post('/sync/:collection/push', async (c) => {
      const user = requireUser(c);
      const collection = collectionParam(c);
      enforce(canPushCollection(collection));
      const rows = await parseJson(c, FavoritePushBodySchema, { array: true });
      return c.json(await pushFavorites(deps.sql, user, rows));
    })
    .get('/sync/:collection/pull/stream', async (c) => {
      const connected = await streamUser(c, deps);
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
      // -1: the first wave reads the account again, as it may have changed since the stream was opened.
      let readAt = -1;

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
                await stream.write(': heartbeat\n\n');
                continue;
              }
            }
            dirty = false;
            // The role is read again when an account may have changed: a changed role changes the scope, a removed
            // account ends the stream. Otherwise a change costs this stream its pull query only.
            if (!watched || deps.users.generation !== readAt) {
              readAt = deps.users.generation;
              const row = await findUserById(deps.sql, connected.id);
              if (!row) break;
              user = toAuthUser(row);
            }
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
    });
};
