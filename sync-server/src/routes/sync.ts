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
  type SyncCheckpoint,
  type SyncCollection,
} from '@foodbridge/shared';
import { toAuthUser, type AuthUser } from '../auth/auth-user.ts';
import { requireUser, userFromToken } from '../auth/middleware.ts';
import { canPullCollection, canPushCollection, enforce } from '../auth/permissions.ts';
import { findUserByEmail } from '../db/users.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { parseJson, parseLimit } from '../http/validate.ts';
import { COLLECTION_TABLES, headCheckpoint, pullChanges } from '../sync/collections.ts';
import { pushFavorites } from '../sync/push-favorites.ts';

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

/**
 * The stream's caller: the Authorization header as everywhere, or `?token=` because EventSource cannot send headers.
 * Checked like the authenticate middleware does (the role from the database).
 */
async function streamUser(c: Context<AppEnv>, deps: Deps): Promise<AuthUser> {
  const fromHeader = c.get('user');
  if (fromHeader) return fromHeader;
  const token = c.req.query('token');
  if (!token) throw unauthorized();
  return userFromToken(deps, token);
}

export const syncRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
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

      let dirty = false;
      let wake: (() => void) | undefined;
      const signal = () => {
        dirty = true;
        wake?.();
      };
      // Subscribed before the head is read: a change committed after the head is announced.
      const unsubscribe = await deps.changes.subscribe((changed) => {
        if (tables.some((t) => changed.has(t))) signal();
      });
      let checkpoint: SyncCheckpoint;
      try {
        checkpoint = await headCheckpoint(deps.sql);
      } catch (err) {
        unsubscribe();
        throw err;
      }

      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        stream.onAbort(signal);
        try {
          await stream.writeSSE({ data: SYNC_RESYNC });
          while (!stream.aborted) {
            if (!dirty) {
              const timedOut = await new Promise<boolean>((resolve) => {
                const timer = setTimeout(() => resolve(true), SYNC_HEARTBEAT_MS);
                wake = () => {
                  clearTimeout(timer);
                  resolve(false);
                };
              });
              wake = undefined;
              if (stream.aborted) break;
              if (timedOut) {
                await stream.write(': heartbeat\n\n');
                continue;
              }
            }
            dirty = false;
            // The role is read again: a changed role changes the scope, a removed account ends the stream.
            const row = await findUserByEmail(deps.sql, connected.email);
            if (!row) break;
            const user = toAuthUser(row);
            for (;;) {
              const batch = await pullChanges(deps.sql, user, collection, checkpoint, SYNC_PULL_LIMIT_DEFAULT);
              if (batch.documents.length === 0 || !batch.checkpoint || stream.aborted) break;
              checkpoint = batch.checkpoint;
              await stream.writeSSE({ data: JSON.stringify(batch) });
              if (batch.documents.length < SYNC_PULL_LIMIT_DEFAULT) break;
            }
          }
        } finally {
          unsubscribe();
        }
      });
    });
