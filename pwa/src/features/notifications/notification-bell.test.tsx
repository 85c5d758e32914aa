// The bell as drawn: its accessible name holds what it shows (axe's label-content-name-mismatch, serious), in each
// language, with the device's notifications stood in for.
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@foodbridge/shared/schemas/notification';
import { setLocale } from '@/lib/i18n/i18n';
import NotificationBell from './notification-bell';

const local = vi.hoisted(() => ({ data: [] as Notification[] }));
vi.mock('@/lib/db/hooks', () => ({ useLocalNotifications: () => ({ data: local.data }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, ...props }: { children: ReactNode; to: string }) => (
    <a href={to} {...props}>
      {children}
    </a>
  ),
  useNavigate: () => vi.fn(),
}));

/** `count` unread notifications, made long before the app opened (listed, not announced). */
const unread = (count: number): Notification[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `n-${i}`,
    kind: 'request.made',
    title: 'New request',
    body: 'A charity asked for your donation.',
    link: '/dashBoard/requestedDonations',
    read: false,
    createdAt: '2026-01-01T10:00:00.000Z',
  }));

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

describe('NotificationBell', () => {
  it.each(['en', 'es', 'ar'] as const)('in %s, names itself beginning with the count its badge shows', async (locale) => {
    await act(() => setLocale(locale, { remember: false }));
    for (const count of [1, 2, 3, 120]) {
      local.data = unread(count);
      const { unmount } = render(<NotificationBell />);
      const shown = screen.getByTestId('notification-count').textContent ?? '';
      const name = screen.getByTestId('notification-bell').getAttribute('aria-label') ?? '';
      expect(shown).not.toBe('');
      expect(name.startsWith(`${shown} `), `${count}: "${name}" for the badge "${shown}"`).toBe(true);
      unmount();
    }
  });

  it('is named without a count when everything is read', () => {
    local.data = [];
    render(<NotificationBell />);
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });
});
