// Sends web push messages (RFC 8030) to a user's devices: web-push encrypts the message for each device (RFC 8291,
// aes128gcm) and signs the VAPID header (RFC 8292); the request itself goes out through fetch, which speaks http as
// well as https, so tests reach a local push-service stub through the same protocol as real push services.
import type { PushMessage, PushSendResult } from '@foodbridge/shared';
import type { Config } from '../config.ts';
import type { Sql } from '../db/connection.ts';
import { deletePushSubscriptionById, listPushTargets, markPushSuccess, type PushSubscriptionRow } from '../db/push.ts';
import type { Logger } from '../observability/logger.ts';
import { checkVapidSettings, loadVapidKeys, loadWebPush, type VapidKeys } from './vapid.ts';

/** A message older than a day is stale news (a reminder's food may be gone): the push service drops it. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer within this is counted as failed; the in-app list still has the message. */
const SEND_TIMEOUT_MS = 10_000;
// A push payload holds at most 4096 bytes after encryption; titles are short, and a body longer than this is cut.
const MAX_BODY_CHARS = 1000;

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  /**
   * Sends `message` to every device of the user that has not switched `message.kind` off (or only to the device at
   * `opts.endpoint`, if it is the user's). Never throws for a device: a push service's 404 or 410 removes that
   * subscription, other failures are logged and counted.
   */
  sendToUser(userId: string, message: PushMessage, opts?: { endpoint?: string | undefined }): Promise<PushSendResult>;
}

export function createPushSender(sql: Sql, config: Config, log: Logger): PushSender {
  checkVapidSettings(config);
  let keys: Promise<VapidKeys> | undefined;
  // Loaded once; a failed load (the database briefly away) is tried again by the next caller.
  const vapid = () =>
    (keys ??= loadVapidKeys(sql, config).catch((err: unknown) => {
      keys = undefined;
      throw err;
    }));

  async function sendOne(row: PushSubscriptionRow, payload: string, message: PushMessage, k: VapidKeys) {
    const details = (await loadWebPush()).generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
      vapidDetails: { subject: k.subject, publicKey: k.publicKey, privateKey: k.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      // A reminder is about food that is about to go: wake the phone for it.
      urgency: message.kind.startsWith('reminder.') ? 'high' : 'normal',
    });
    // The endpoint is a capability (anyone holding it can push to the device): only its host goes to the log.
    const service = new URL(row.endpoint).host;
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
    } catch (err) {
      log.warn({ service, err: err instanceof Error ? err.message : String(err), kind: message.kind }, 'push service unreachable');
      return 'failed' as const;
    }
    if (res.ok) {
      await markPushSuccess(sql, row.id);
      return 'sent' as const;
    }
    // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again (RFC 8030 §7.3).
    if (res.status === 404 || res.status === 410) {
      await deletePushSubscriptionById(sql, row.id);
      log.info({ service, status: res.status, userId: row.user_id }, 'push subscription gone, removed');
      return 'removed' as const;
    }
    log.warn({ service, status: res.status, kind: message.kind }, 'push service refused a message');
    return 'failed' as const;
  }

  return {
    publicKey: async () => (await vapid()).publicKey,
    async sendToUser(userId, message, opts = {}) {
      const result: PushSendResult = { sent: 0, removed: 0, failed: 0 };
      // Called after a change has committed: a push that cannot go out is logged, never the caller's failure.
      try {
        const k = await vapid();
        const rows = await listPushTargets(sql, userId, message.kind, opts.endpoint);
        const payload = JSON.stringify({ ...message, body: message.body.slice(0, MAX_BODY_CHARS) } satisfies PushMessage);
        const outcomes = await Promise.all(rows.map((row) => sendOne(row, payload, message, k).catch(() => 'failed' as const)));
        for (const o of outcomes) result[o] += 1;
      } catch (err) {
        log.error({ err: err instanceof Error ? err.message : String(err), kind: message.kind }, 'push not sent');
      }
      return result;
    },
  };
}
