import { describe, expect, it } from 'vitest';
import { i18n, setupI18n } from '@lingui/core';
import { messages as arabicMessages } from '@/locales/ar/donations';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import { badgeText, bellLabel, timeAgo, toAnnounce, unreadCount } from './notification-list';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const item = (id: string, minutesAgo: number, read = false): Notification => ({
  _id: id,
  kind: 'request.made',
  title: 'New request',
  body: `Body ${id}`,
  link: '/dashBoard/requestedDonations',
  read,
  createdAt: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

describe('notification list', () => {
  it('counts the unread', () => {
    expect(unreadCount([item('a', 1), item('b', 2, true), item('c', 3)])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });

  it('announces each unread notification made since the app opened, once, oldest first', () => {
    const seen = new Set<string>();
    const since = NOW - 60_000;
    // Newest first, as the list is: the old one came with the first pull, the read one needs no telling.
    expect(toAnnounce([item('new', 0.5), item('newer-read', 0.2, true), item('old', 60)], seen, since).map((n) => n._id)).toEqual(['new']);
    expect(toAnnounce([item('x', 0.1), item('y', 0.3), item('new', 0.5)], seen, since).map((n) => n._id)).toEqual(['y', 'x']);
    expect(toAnnounce([item('x', 0.1), item('y', 0.3)], seen, since)).toEqual([]);
  });

  it('says when, in words', () => {
    // In English, as the app starts (testing/setup.ts loads its catalogues).
    expect(timeAgo(i18n, new Date(NOW - 20_000).toISOString(), NOW)).toBe('just now');
    expect(timeAgo(i18n, new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe('5 min ago');
    expect(timeAgo(i18n, new Date(NOW - 3 * 3_600_000).toISOString(), NOW)).toBe('3 h ago');
    expect(timeAgo(i18n, new Date(NOW - 30 * 3_600_000).toISOString(), NOW)).toBe('yesterday');
    expect(timeAgo(i18n, new Date(NOW - 3 * 86_400_000).toISOString(), NOW)).toBe('3 days ago');
    expect(timeAgo(i18n, '2026-01-02T10:00:00Z', NOW)).toBe('02/01/2026');
  });

  it('names the bell with its count, and caps the badge', () => {
    expect(bellLabel(i18n, 0)).toBe('Notifications');
    expect(bellLabel(i18n, 3)).toBe('3 unread notifications');
    expect(bellLabel(i18n, 1)).toBe('1 unread notification');
    expect(badgeText(i18n, 7)).toBe('7');
    expect(badgeText(i18n, 120)).toBe('99+');
    expect(bellLabel(i18n, 120)).toBe('99+ unread notifications');
  });

  it('begins the name with the badge exactly as drawn, in Arabic digits too (axe: label-content-name-mismatch)', () => {
    // Arabic as a browser that writes it with Arabic-Indic digits does.
    const arabic = setupI18n({ locale: 'ar', locales: ['ar-u-nu-arab'], messages: { ar: arabicMessages } });
    expect(badgeText(arabic, 3)).toBe('٣');
    for (const unread of [1, 2, 3, 11, 100, 120]) {
      const label = bellLabel(arabic, unread);
      expect(label.startsWith(`${badgeText(arabic, unread)} `), `${unread}: ${label}`).toBe(true);
    }
    expect(bellLabel(arabic, 3)).toBe('٣ إشعارات غير مقروءة');
    expect(bellLabel(arabic, 120)).toBe('٩٩+ إشعارًا غير مقروء');
    expect(bellLabel(arabic, 200)).toBe('٩٩+ إشعارًا غير مقروء');
  });
});
