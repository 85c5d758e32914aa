// What the bell and the list decide, kept apart from React so that it can be tested on its own.
import type { I18n } from '@lingui/core';
import type { Notification } from '@foodbridge/shared/schemas/notification';

export const unreadCount = (list: readonly Notification[]) => list.reduce((n, item) => n + (item.read ? 0 : 1), 0);

/**
 * Only what is made after the app opened is announced (less this, for the device's clock running a little ahead of
 * the server's): what was there before is listed, not announced, as the first pull of a new device brings old ones by
 * the page.
 */
export const ANNOUNCE_GRACE_MS = 1_000;

/** More than this many at once are announced as one toast that leads to the list. */
export const ANNOUNCE_AT_ONCE = 2;

/**
 * The notifications to announce: unread ones the device has not shown before, made after `since` (when the app
 * opened, less ANNOUNCE_GRACE_MS). `seen` is updated in place.
 */
export function toAnnounce(list: readonly Notification[], seen: Set<string>, since: number): Notification[] {
  const fresh: Notification[] = [];
  for (const item of list) {
    if (seen.has(item._id)) continue;
    seen.add(item._id);
    if (!item.read && Date.parse(item.createdAt) >= since) fresh.push(item);
  }
  // Oldest first, so that the newest ends on top.
  return fresh.reverse();
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date; in the language of `i18n`. */
export function timeAgo(i18n: I18n, iso: string, now = Date.now()): string {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const min = Math.floor(ms / 60_000);
  if (min < 1) return i18n._('notifications.justNow');
  if (min < 60) return i18n._('notifications.minutesAgo', { count: min });
  const h = Math.floor(min / 60);
  if (h < 24) return i18n._('notifications.hoursAgo', { count: h });
  const days = Math.floor(h / 24);
  if (days < 7) return days === 1 ? i18n._('notifications.yesterday') : i18n._('notifications.daysAgo', { count: days });
  return i18n.date(new Date(iso), {});
}

/** The badge shows up to 99, in the reader's digits ("3", or "٣" where Arabic's digits are the language's). */
export const badgeText = (i18n: I18n, unread: number) => (unread > 99 ? `${i18n.number(99)}+` : i18n.number(unread));

/**
 * The bell's accessible name: the count is said, not only drawn, and it begins with the badge exactly as drawn, so
 * that someone who speaks what they see ("3", "99+", "٣") to voice control names the link (WCAG 2.5.3).
 */
export function bellLabel(i18n: I18n, unread: number): string {
  if (unread === 0) return i18n._('notifications.bell');
  // The noun agrees with the number drawn: "99+" reads as 99 (Arabic's form for 99 is not its form for 120).
  return i18n._('notifications.bellUnread', { count: Math.min(unread, 99), badge: badgeText(i18n, unread) });
}
