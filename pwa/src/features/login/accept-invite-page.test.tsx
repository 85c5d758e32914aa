import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { setTokenSource } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { createMember, createOrganisation } from '@/testing/organisation';
import { json, stubServer } from '@/testing/server';
import { AcceptInvitePage } from './accept-invite-page';

const TOKEN = 'Yt7b4kQ2wXc9pL3mN8qR1sT6uV0wX5yZ2aB4cD7eF9g';
let searchStr = `?token=${TOKEN}`;
const navigate = vi.fn(async (_to: unknown) => undefined);
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, search }: { children: ReactNode; to: string; search?: Record<string, string> }) => (
    <a href={search ? `${to}?${new URLSearchParams(search)}` : to}>{children}</a>
  ),
  useLocation: ({ select }: { select: (l: { searchStr: string; href: string }) => unknown }) => select({ searchStr, href: `/accept-invite${searchStr}` }),
  useNavigate: () => navigate,
}));
const toast = vi.fn();
vi.mock('@/lib/notify', () => ({ notify: { success: (...args: unknown[]) => toast(...args) } }));

const ravi = { id: 'ravi-1', email: 'ravi@example.test', name: 'Ravi Driver' };
/** The link's preview as the server answers it (POST /invitations/preview), for this account unless said. */
const previewed = (forYou: boolean | undefined = true) => ({
  'POST /invitations/preview': () =>
    json(200, { organisation: { name: 'Hope Community Pantry', kind: 'charity' }, role: 'driver', invitedBy: 'Ana Coordinator', expiresAt: '2026-12-14T10:00:00.000Z', ...(forYou === undefined ? {} : { forYou }) }),
});
const joined = createOrganisation({ members: [...createOrganisation().members, createMember({ userId: 'ravi-1', name: 'Ravi Driver', role: 'driver' })] });

beforeEach(() => {
  searchStr = `?token=${TOKEN}`;
  navigate.mockClear();
  toast.mockClear();
  useSession.setState({ user: ravi, role: 'user', loading: false, ready: true });
  setTokenSource({ getToken: async () => (useSession.getState().user ? 'id-1' : null), refresh: async () => null });
});

describe('AcceptInvitePage', () => {
  it('signed out, offers Log in and Register, each coming back to this page with its token', () => {
    useSession.setState({ user: null });
    stubServer({ ...previewed(), });
    render(<AcceptInvitePage />);

    const back = `redirect=${encodeURIComponent(`/accept-invite?token=${TOKEN}`)}`;
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/registration?${back}`);
    expect(screen.getByText(/One person belongs to one organisation only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('waits for the session before offering anything', () => {
    useSession.setState({ ready: false });
    stubServer({ ...previewed(), });
    render(<AcceptInvitePage />);
    expect(screen.getByRole('status').textContent).toBe('Checking your session');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('joins on Join: the session takes the new role, the Team page opens, and a toast says in which role', async () => {
    const server = stubServer({ ...previewed(), 
      'POST /invitations/accept': () => json(200, { organisation: joined }),
      'GET /users/role/ravi%40example.test': () => json(200, { role: 'charity' }),
    });
    render(<AcceptInvitePage />);
    expect(screen.getByText('You are signed in as ravi@example.test.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/dashBoard/team' }));
    expect(useSession.getState().role).toBe('charity');
    expect(toast).toHaveBeenCalledWith('You joined Hope Community Pantry', 'You are in the team as driver.');
    expect(server.requests.find((r) => r.path === '/invitations/accept')).toMatchObject({ method: 'POST', path: '/invitations/accept', token: 'id-1', body: { token: TOKEN } });
  });

  it('takes the kind as the role when the role cannot be read again at once', async () => {
    stubServer({ ...previewed(), 
      'POST /invitations/accept': () => json(200, { organisation: joined }),
      'GET /users/role/ravi%40example.test': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    render(<AcceptInvitePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(useSession.getState().role).toBe('charity');
  });

  it.each([
    [403, 'invitations/other-email', 'This invitation was sent to another e-mail address.', 'button', 'Log out to use another account'],
    [409, 'invitations/in-organisation', 'You already belong to Corner Bistro. Leave it first.', 'link', 'Open your team'],
    [400, 'invitations/invalid', 'This invitation is invalid, has expired or was already used.', 'link', 'Go to your dashboard'],
    [0, 'auth/network-request-failed', 'Cannot reach FoodBridge. Check your connection and try again.', 'button', 'Try again'],
  ] as const)("says a %i %s refusal in the server's words, with what to do next", async (status, code, message, role, next) => {
    stubServer({ ...previewed(), 'POST /invitations/accept': () => (status ? json(status, { message, code }) : Promise.reject(new TypeError('Failed to fetch'))) });
    render(<AcceptInvitePage />);
    // The page has said what the link invites to: nothing of it moves once the refusal has the focus.
    await screen.findByText('Ana Coordinator invites you to join Hope Community Pantry as driver.');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    // The refusal takes the focus in its mount effect, which a loaded machine may run a moment after it is drawn.
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole(role, { name: next })).toBeTruthy();
    expect(useSession.getState().role).toBe('user');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says server trouble in its own words, not the server\'s', async () => {
    stubServer({ ...previewed(), 'POST /invitations/accept': () => json(500, { message: 'Internal error', code: 'internal' }) });
    render(<AcceptInvitePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not accept the invitation.');
  });

  it('says a link without a token holds no invitation', () => {
    searchStr = '';
    stubServer({ ...previewed(), });
    render(<AcceptInvitePage />);
    expect(screen.getByRole('alert').textContent).toContain('This link holds no invitation.');
  });

  it('says what the link invites to before Join, and that it is for another address before trying', async () => {
    stubServer({ ...previewed(false) });
    render(<AcceptInvitePage />);
    expect(await screen.findByText('Ana Coordinator invites you to join Hope Community Pantry as driver.')).toBeTruthy();
    expect(screen.getByText('This invitation was sent to another e-mail address. Sign in with that address to accept it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out to use another account' })).toBeTruthy();
  });

  it('says at once that a used or withdrawn link holds nothing, signed out too', async () => {
    useSession.setState({ user: null });
    stubServer({ 'POST /invitations/preview': () => json(400, { message: 'This invitation is invalid, has expired or was already used. Ask for a new one.', code: 'invitations/invalid' }) });
    render(<AcceptInvitePage />);
    expect(await screen.findByText('This invitation is invalid, has expired or was already used. Ask for a new one.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
