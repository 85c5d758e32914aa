// The unread messages in the dashboard's menu (issue 48): on the item where the role reaches its conversations, said
// in the item's name, and on the phone's menu button.
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/auth/session-store';
import { DashboardShell } from './dashboard-shell';

const unread = vi.hoisted(() => ({ total: 0 }));
vi.mock('@/lib/db/conversations', () => ({ useUnreadMessages: () => ({ total: unread.total, byRequest: new Map() }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
  useRouterState: () => '/dashBoard',
}));

const menu = () => screen.getByRole('navigation', { name: 'Dashboard' });

beforeEach(() => {
  unread.total = 0;
});

describe('DashboardShell', () => {
  it.each([
    ['charity', 'My Pickups'],
    ['restaurant', 'Requested Donations'],
  ] as const)('a %s sees its unread messages on %s, the count in its name', (role, item) => {
    unread.total = 3;
    useSession.setState({ user: null, role, ready: true });
    render(<DashboardShell>page</DashboardShell>);
    const link = within(menu()).getByRole('link', { name: `${item}, 3 unread messages` });
    expect(within(link).getByTestId('unread-badge').textContent).toBe('3');
    expect(within(menu()).getAllByTestId('unread-badge')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open dashboard menu, 3 unread messages' })).toBeTruthy();
  });

  it('shows no badge with nothing unread, nor to a role without conversations', () => {
    useSession.setState({ user: null, role: 'charity', ready: true });
    const { unmount } = render(<DashboardShell>page</DashboardShell>);
    expect(within(menu()).getByRole('link', { name: 'My Pickups' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open dashboard menu' })).toBeTruthy();
    unmount();

    unread.total = 2;
    useSession.setState({ role: 'user' });
    render(<DashboardShell>page</DashboardShell>);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open dashboard menu' })).toBeTruthy();
  });
});
