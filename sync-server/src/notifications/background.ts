import { REMINDER_PICKUP_SOON_MS, REMINDER_UNREQUESTED_MS, REMINDER_WINDOW_OPENS_MS, type NotificationKind, type PushMessage } from '@foodbridge/shared';
import {
  claimUnpushed,
  insertNotifications,
  REMINDER_LOCK,
  renderNotifications,
  takeDueReminders,
  type DueReminder,
  type NotificationRow,
  type Told,
  type WindowReminder,
} from '../db/notifications.ts';
import type { Deps } from '../deps.ts';

// How long is left is measured here, by the server's clock; its words ("52 min") are the reader's (durationText).
function reminderOf(kind: NotificationKind, r: DueReminder, now: number): Told {
  return { userId: r.user_id, kind, facts: { donationId: r.donation_id, donationTitle: r.title, expiresInMs: r.best_before.getTime() - now } };
}

function windowReminderOf(kind: NotificationKind, r: WindowReminder, now: number): Told {
  return {
    userId: r.user_id,
    kind,
    facts: { donationId: r.donation_id, donationTitle: r.title, restaurantName: r.restaurant_name, charityName: r.charity_name ?? undefined, opensInMs: r.pickup_start.getTime() - now },
  };
}

/**
 * Sends the reminders due now, once each. Only one instance runs at a time (a transaction-level advisory lock taken
 * without waiting: the others skip this round); even without it, reminders_sent's primary key lets each one through
 * once. Returns how many were written (0 when another instance holds the lock).
 */
export async function runReminders(deps: Pick<Deps, 'sql'> & Partial<Pick<Deps, 'metrics'>>, now = Date.now()): Promise<number> {
  const written = await deps.sql.begin(async (tx) => {
    const [lock] = await tx<{ got: boolean }[]>`SELECT pg_try_advisory_xact_lock(${REMINDER_LOCK}) AS got`;
    if (!lock?.got) return 0;
    const due = await takeDueReminders(tx, { pickupSoonMs: REMINDER_PICKUP_SOON_MS, unrequestedMs: REMINDER_UNREQUESTED_MS, windowOpensMs: REMINDER_WINDOW_OPENS_MS });
    const items = [
      ...due.pickupSoon.map((r) => reminderOf('reminder.pickup-soon', r, now)),
      ...due.unrequested.map((r) => reminderOf('reminder.unrequested', r, now)),
      ...due.windowOpens.map((r) => windowReminderOf('reminder.window-opens', r, now)),
      ...due.windowClosed.map((r) => windowReminderOf('reminder.window-closed', r, now)),
    ];
    await insertNotifications(tx, await renderNotifications(tx, items));
    return items.length;
  });
  deps.metrics?.reminders.inc(written);
  return written;
}

/** Push messages are taken in batches of this many; a batch is sent before the next is taken. */
const PUSH_BATCH = 100;
/** A sweep now and then picks up what a missed wake-up left (a notice lost while the database was out of reach). */
const PUSH_SWEEP_MS = 30_000;

function pushMessageOf(row: NotificationRow): PushMessage {
  return { kind: row.kind, title: row.title, body: row.body, link: row.link, id: row.id };
}

/**
 * Pushes committed notifications to their owners' devices. Woken by the change feed when notifications are written
 * (by any instance); each row is claimed by exactly one instance (claimUnpushed) before it is sent.
 */
export async function pushPending(deps: Pick<Deps, 'sql' | 'push' | 'log'> & Partial<Pick<Deps, 'metrics'>>): Promise<number> {
  const push = deps.push;
  if (!push) return 0;
  // Notifications taken (each sent to however many devices its owner has: none, often).
  let taken = 0;
  for (;;) {
    const rows = await claimUnpushed(deps.sql, PUSH_BATCH);
    for (const row of rows) {
      try {
        const result = await push.sendToUser(row.user_id, pushMessageOf(row));
        for (const key of ['sent', 'removed', 'failed'] as const) if (result[key]) deps.metrics?.pushes.inc({ result: key }, result[key]);
        taken++;
      } catch (err) {
        // A push is a hint beside the list, which already holds the notification: logged, never retried.
        deps.log.warn({ err, notificationId: row.id }, 'push failed');
      }
    }
    if (rows.length < PUSH_BATCH) return taken;
  }
}

/**
 * The server's own schedule: reminders every REMINDERS_EVERY_SECONDS, pushes as notifications commit. Started by the
 * process (index.ts), not by tests, which call runReminders and pushPending themselves. Returns stop().
 */
export async function startNotificationWork(deps: Deps): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  // One pass at a time: a wake-up during a pass runs one more pass after it.
  let again = false;
  let busy = false;
  const pushSoon = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        await pushPending(deps).catch((err: unknown) => deps.log.warn({ err }, 'push dispatch failed'));
      } while (again && !stopped);
      busy = false;
    })();
  };
  const unsubscribe = await deps.changes.subscribe((tables) => {
    if (tables.has('notifications')) pushSoon();
  });
  const sweep = setInterval(pushSoon, PUSH_SWEEP_MS);
  const reminders = setInterval(() => {
    if (stopped) return;
    void runReminders(deps).catch((err: unknown) => deps.log.warn({ err }, 'reminders failed'));
  }, deps.config.REMINDERS_EVERY_SECONDS * 1000);
  sweep.unref();
  reminders.unref();
  pushSoon();
  return async () => {
    stopped = true;
    clearInterval(sweep);
    clearInterval(reminders);
    unsubscribe();
    await running;
  };
}
