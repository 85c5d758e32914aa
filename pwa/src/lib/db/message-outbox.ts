// Messages written on this device (issue 48): kept in the local message outbox first, so that one written in a cellar
// survives a reload or a closed app, then sent oldest first with the entry's id as the Idempotency-Key: however often
// a weak connection makes it retry, the server writes one message. An entry leaves the outbox once the replicated
// message has reached the device (until then the conversation shows it from here), or when its writer discards a
// refusal.
import { ApiError, call } from '@/lib/api-client';
import { isOnline } from '@/lib/connectivity-store';
import { withLock } from '@/lib/web-lock';
import type { FoodBridgeDatabase } from './database';
import { isTransient, replayLoop, SEND_TIMEOUT_MS, type PassResult } from './outbox-loop';
import type { MessageOutboxEntry } from './schemas';
import { uuid } from './uuid';

/** A sent entry whose message never arrived (removed at once, say) is dropped after this long. */
const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

export interface MessageOutbox {
  /** Keeps the message on the device and sends it (at once when online). */
  queue(message: { requestId: string; donationId: string; body: string; image?: string | undefined }): Promise<MessageOutboxEntry>;
  replay(): Promise<void>;
  discard(id: string): Promise<void>;
  stop(): void;
}

type Outcome = { kind: 'sent'; messageId: string } | { kind: 'refused'; message: string } | { kind: 'retry'; message: string };

async function attempt(entry: MessageOutboxEntry): Promise<Outcome> {
  try {
    const answer = await call('POST /donation-requests/{id}/messages', {
      params: { id: entry.requestId },
      body: { body: entry.body, ...(entry.image ? { image: entry.image } : {}) },
      headers: { 'Idempotency-Key': entry.id },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return { kind: 'sent', messageId: answer.insertedId };
  } catch (err) {
    if (!(err instanceof ApiError)) return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
    return isTransient(err) ? { kind: 'retry', message: err.message } : { kind: 'refused', message: err.message };
  }
}

const byOldest = (a: MessageOutboxEntry, b: MessageOutboxEntry) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

/** `onSent` runs after a pass that sent something (the replication then pulls the messages at once). */
export function createMessageOutbox(db: FoodBridgeDatabase, onSent: () => void): MessageOutbox {
  async function pass(): Promise<PassResult> {
    let progressed = false;
    let left = 0;
    const entries = (await db.messageoutbox.find().exec()).map((d) => d.toMutableJSON()).sort(byOldest);
    // Sent ones go once their message is here (the conversation shows that one instead).
    const sent = entries.filter((e) => e.state === 'sent');
    if (sent.length) {
      const arrived = await db.messages.findByIds(sent.map((e) => e.messageId ?? '')).exec();
      const gone = sent.filter((e) => arrived.has(e.messageId ?? '') || Date.now() - Date.parse(e.createdAt) > SENT_KEPT_MS);
      if (gone.length) await db.messageoutbox.bulkRemove(gone.map((e) => e.id));
    }
    // In order per writer: a conversation whose earlier message could not go yet sends nothing after it.
    const held = new Set<string>();
    for (const entry of entries) {
      if (entry.state !== 'pending') continue;
      if (loop.stopped || !isOnline() || held.has(entry.requestId)) {
        left += 1;
        continue;
      }
      // Another tab may have sent it while this one waited for the lock.
      const doc = await db.messageoutbox.findOne(entry.id).exec();
      if (!doc || doc.state !== 'pending') continue;
      const outcome = await attempt(entry);
      if (outcome.kind === 'sent') {
        await doc.incrementalPatch({ state: 'sent', messageId: outcome.messageId, attempts: doc.attempts + 1 });
        progressed = true;
      } else if (outcome.kind === 'refused') {
        await doc.incrementalPatch({ state: 'refused', refusal: outcome.message, attempts: doc.attempts + 1 });
        progressed = true;
      } else {
        held.add(entry.requestId);
        left += 1;
        await doc.incrementalPatch({ attempts: doc.attempts + 1, lastError: outcome.message });
      }
    }
    if (progressed) onSent();
    return { left, progressed };
  }

  const loop = replayLoop(`foodbridge-message-outbox-${db.name}`, pass, 'message outbox');
  // A message arriving from the server may settle a sent entry: look again then (cheap: the pass reads a few rows).
  const arrivals = db.messages.insert$.subscribe(() => {
    void db.messageoutbox
      .count({ selector: { state: 'sent' } })
      .exec()
      .then((n) => {
        if (n > 0) void loop.replay();
      });
  });

  return {
    async queue(message) {
      // Its own lock, not the pass's (held across network calls): a tap must not wait for those.
      const entry = await withLock(`foodbridge-message-queue-${db.name}`, async () => {
        // Later than every entry already here, even when the device's clock stepped back: the order is the writer's.
        const last = (await db.messageoutbox.find().exec()).map((d) => d.createdAt).sort().at(-1);
        let createdAt = new Date().toISOString();
        if (last && createdAt <= last) createdAt = new Date(Date.parse(last) + 1).toISOString();
        const doc = await db.messageoutbox.insert({
          id: uuid(),
          requestId: message.requestId,
          donationId: message.donationId,
          body: message.body,
          ...(message.image ? { image: message.image } : {}),
          createdAt,
          attempts: 0,
          state: 'pending',
        });
        return doc.toMutableJSON();
      });
      void loop.replay();
      return entry;
    },
    replay: loop.replay,
    async discard(id) {
      await (await db.messageoutbox.findOne(id).exec())?.remove();
    },
    stop() {
      arrivals.unsubscribe();
      loop.stop();
    },
  };
}
