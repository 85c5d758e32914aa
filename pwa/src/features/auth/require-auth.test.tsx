import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { Role } from '@foodbridge/shared/constants';
import { useSession } from '@/lib/auth/session-store';
import { RequireAuth } from './require-auth';

const navigate = vi.fn(async () => {});
let href = '/dashBoard/myDonations?status=Pending';

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  useLocation: ({ select }: { select: (l: { href: string }) => string }) => select({ href }),
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

const ada = { id: 'u1', email: 'ada@example.com', name: 'Ada' };

function guard(roles?: readonly Role[]) {
  return render(
    <RequireAuth roles={roles}>
      <p>Protected page</p>
    </RequireAuth>,
  );
}

beforeEach(() => {
  navigate.mockClear();
  href = '/dashBoard/myDonations?status=Pending';
  useSession.setState({ user: null, role: 'user', loading: false, ready: true, confirming: false });
});

describe('RequireAuth', () => {
  it('waits with a spinner while the saved session is checked, without redirecting', () => {
    useSession.setState({ ready: false });
    guard();
    expect(screen.getByRole('status').textContent).toBe('Checking your session');
    expect(screen.queryByText('Protected page')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('while a session opened at once awaits the server, waits on a role it may not have yet, then shows the page', async () => {
    useSession.setState({ user: ada, role: 'user', confirming: true });
    guard(['charity']);
    expect(screen.getByRole('status').textContent).toBe('Checking your session');
    expect(screen.queryByRole('heading', { name: /access denied/i })).toBeNull();
    act(() => useSession.setState({ role: 'charity', confirming: false }));
    expect(await screen.findByText('Protected page')).toBeTruthy();
  });

  it('once the server confirmed the kept role, a screen of another role is Access Denied', () => {
    useSession.setState({ user: ada, role: 'user', confirming: false });
    guard(['charity']);
    expect(screen.queryByText('Protected page')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while a sign-in is running', () => {
    useSession.setState({ loading: true, user: ada });
    guard();
    expect(screen.getByRole('status').textContent).toBe('Checking your session');
  });

  it('sends a signed-out visitor to /login once, remembering the whole href', () => {
    const { rerender } = guard();
    expect(screen.getByRole('status').textContent).toBe('Redirecting to sign in');
    // The location changes while the login page loads; the redirect must not fire again with a nested href.
    href = '/login?redirect=%2FdashBoard%2FmyDonations';
    rerender(
      <RequireAuth>
        <p>Protected page</p>
      </RequireAuth>,
    );
    expect(navigate.mock.calls).toEqual([[{ to: '/login', search: { redirect: '/dashBoard/myDonations?status=Pending' }, replace: true }]]);
  });

  it('sends again when another page is opened before the login page has loaded, remembering that page', () => {
    const { rerender } = guard();
    const again = () =>
      rerender(
        <RequireAuth>
          <p>Protected page</p>
        </RequireAuth>,
      );
    href = '/login?redirect=%2FdashBoard%2FmyDonations%3Fstatus%3DPending';
    again();
    // A tap on another dashboard page cancels the pending navigation; this guard (the dashboard layout's) stays.
    href = '/dashBoard/charityProfile';
    again();
    again();
    expect(navigate.mock.calls).toEqual([
      [{ to: '/login', search: { redirect: '/dashBoard/myDonations?status=Pending' }, replace: true }],
      [{ to: '/login', search: { redirect: '/dashBoard/charityProfile' }, replace: true }],
    ]);
  });

  it('shows Access Denied to a signed-in user of another role', () => {
    useSession.getState().setSession(ada, 'charity');
    const { container } = guard(['restaurant', 'admin']);
    expect(screen.getByRole('heading').textContent).toBe('Access Denied');
    expect(container.querySelector('p')?.textContent).toBe('You do not have permission to view this page.');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/');
  });

  it('shows the page to a signed-in user of a listed role, or of any role when none is listed', () => {
    useSession.getState().setSession(ada, 'restaurant');
    const first = guard(['restaurant', 'admin']);
    expect(first.container.innerHTML).toBe('<p>Protected page</p>');
    first.unmount();

    useSession.getState().setSession(ada);
    const second = guard();
    expect(second.container.innerHTML).toBe('<p>Protected page</p>');
    expect(navigate).not.toHaveBeenCalled();
  });
});
