import { StrictMode, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { setTokenSource } from '@/lib/api-client';
import { notePendingEmailChange } from '@/lib/auth/account-emails';
import { useSession } from '@/lib/auth/session-store';
import { createUser, json, stubServer } from '@/testing/server';
import { VerifyEmailPage } from './verify-email-page';

let searchStr = '';
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
  useLocation: ({ select }: { select: (l: { searchStr: string }) => unknown }) => select({ searchStr }),
}));

const LOCAL = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const INVALID = { message: 'This link is invalid or has expired.', code: 'auth/invalid-action-code' };
const dana = { id: 'user-1', email: 'dana@example.test', name: 'Dana Driver', emailVerified: false };
// Each test opens its own link: the page remembers a token's answer for the page's lifetime.
let n = 0;
const openLink = () => {
  searchStr = `?token=verify-token-${++n}`;
  return `verify-token-${n}`;
};

beforeEach(() => {
  useSession.setState({ user: null, role: 'user', loading: false, ready: true });
  setTokenSource({ getToken: async () => (useSession.getState().user ? 'id-1' : null), refresh: async () => null });
});

describe('VerifyEmailPage', () => {
  it("verifies on opening, once even in StrictMode, and the session takes the server's user and role", async () => {
    const token = openLink();
    useSession.getState().setSession(dana, 'user');
    const server = stubServer({
      'POST /auth/verify-email': () => json(200, { user: { ...createUser({ role: 'admin' }), emailVerified: true } }),
    });
    render(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
    );

    expect(screen.getByRole('status').textContent).toBe('Checking your link...');
    expect((await screen.findByText(/is verified/)).textContent).toBe('Your e-mail dana@example.test is verified. Thank you!');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashBoard');
    expect(server.requests).toEqual([{ method: 'POST', path: '/auth/verify-email', token: null, body: { token } }]);
    expect(useSession.getState()).toMatchObject({ user: { id: 'user-1', emailVerified: true }, role: 'admin' });
  });

  it('updates the session restored after the answer came (a link opened in a new tab)', async () => {
    openLink();
    useSession.setState({ ready: false });
    stubServer({ 'POST /auth/verify-email': () => json(200, { user: { ...createUser({ role: 'admin' }), emailVerified: true } }) });
    render(<VerifyEmailPage />);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));

    useSession.getState().setSession(dana, 'user');
    await screen.findByText(/is verified/);
    expect(useSession.getState()).toMatchObject({ user: { id: 'user-1', emailVerified: true }, role: 'admin' });
  });

  it('leaves the session alone when another account is signed in, and asks a signed-out visitor to log in', async () => {
    openLink();
    stubServer({ 'POST /auth/verify-email': () => json(200, { user: createUser({ _id: 'user-2', email: 'ana@example.test' }) }) });
    render(<VerifyEmailPage />);

    await screen.findByText('Your e-mail ana@example.test is verified. Thank you!');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(useSession.getState().user).toBeNull();
  });

  it("says the e-mail changed when the link was an e-mail change's, and the session takes the new address", async () => {
    openLink();
    useSession.getState().setSession({ ...dana, emailVerified: true }, 'charity');
    stubServer({ 'POST /auth/verify-email': () => json(200, { user: { ...createUser({ email: 'dana.new@example.test' }), emailVerified: true } }) });
    render(<VerifyEmailPage />);

    expect((await screen.findByText(/is now/)).textContent).toBe(
      'Your e-mail address is now dana.new@example.test (it was dana@example.test). Use it to log in from now on.',
    );
    expect(useSession.getState().user).toMatchObject({ id: 'user-1', email: 'dana.new@example.test' });
  });

  it('says the e-mail changed to a signed-out visitor who asked for the change on this device, once', async () => {
    notePendingEmailChange({ id: 'user-1', from: 'dana@example.test', to: 'Dana.New@example.test' });
    openLink();
    stubServer({ 'POST /auth/verify-email': () => json(200, { user: createUser({ email: 'dana.new@example.test' }) }) });
    const { unmount } = render(<VerifyEmailPage />);
    await screen.findByText('Your e-mail address is now dana.new@example.test (it was dana@example.test). Use it to log in from now on.');
    expect(localStorage.getItem('foodbridge.pendingEmailChange')).toBeNull();
    unmount();

    // A later verification of the same address is only a verification.
    openLink();
    render(<VerifyEmailPage />);
    await screen.findByText('Your e-mail dana.new@example.test is verified. Thank you!');
  });

  it("shows the server's words for an invalid link and lets the signed-in owner send a new one", async () => {
    openLink();
    useSession.getState().setSession(dana, 'user');
    const server = stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/verify-email': () => json(400, INVALID),
      'POST /auth/verification-email': () => new Response(null, { status: 204 }),
    });
    render(<VerifyEmailPage />);

    expect((await screen.findByRole('alert')).textContent).toContain('This link is invalid or has expired.');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByText(/We sent a new link/)).textContent).toMatch(/^We sent a new link to dana@example\.test at .+\.$/);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/auth/verification-email', token: 'id-1' });
    expect(useSession.getState().user).toMatchObject({ emailVerified: false });
  });

  it('says politely when a new link was asked for too soon (429)', async () => {
    openLink();
    useSession.getState().setSession(dana, 'user');
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/verify-email': () => json(400, INVALID),
      'POST /auth/verification-email': () => json(429, { message: 'Please wait a minute before asking for another link.' }),
    });
    render(<VerifyEmailPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByText(/Please wait/)).textContent).toBe('Please wait a minute before asking for another link.');
  });

  it('offers no new link to a signed-out visitor, only to log in first', async () => {
    openLink();
    stubServer({ 'POST /auth/verify-email': () => json(400, INVALID) });
    render(<VerifyEmailPage />);

    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('says at once that a link without its token is invalid', () => {
    searchStr = '?from=mail';
    const server = stubServer({});
    render(<VerifyEmailPage />);

    expect(screen.getByRole('alert').textContent).toContain('This link is invalid or has expired.');
    expect(server.requests).toEqual([]);
  });

  it('can be tried again after a lost connection', async () => {
    const token = openLink();
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), () => json(200, { user: createUser() })];
    const server = stubServer({ 'POST /auth/verify-email': () => answers.shift()!() });
    render(<VerifyEmailPage />);

    expect((await screen.findByRole('alert')).textContent).toContain('Cannot reach FoodBridge.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/is verified/);
    expect(server.requests.map((r) => r.body)).toEqual([{ token }, { token }]);
  });
});
