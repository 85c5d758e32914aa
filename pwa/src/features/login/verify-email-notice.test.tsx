import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { setTokenSource } from '@/lib/api-client';
import { useSession, type SessionUser } from '@/lib/auth/session-store';
import { json, stubServer } from '@/testing/server';
import { VerifyEmailNotice } from './verify-email-notice';

const LOCAL = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const dana: SessionUser = { id: 'user-1', email: 'dana@example.test', name: 'Dana Driver', emailVerified: false };

beforeEach(() => {
  useSession.setState({ user: null, role: 'user', loading: false, ready: true });
  setTokenSource({ getToken: async () => 'id-1', refresh: async () => null });
});

describe('VerifyEmailNotice', () => {
  it.each([
    ['verified', { ...dana, emailVerified: true }],
    ['not known (a start without the server)', { ...dana, emailVerified: undefined }],
  ])('is not shown when the e-mail is %s', (_name, user) => {
    useSession.getState().setSession(user);
    const { container } = render(<VerifyEmailNotice />);
    expect(container.innerHTML).toBe('');
  });

  it('asks an unverified account to verify, and sends the link again with its token, saying when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 23, 15));
    useSession.getState().setSession(dana);
    const server = stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/verification-email': () => new Response(null, { status: 204 }),
    });
    render(<VerifyEmailNotice />);

    expect(screen.getByRole('heading', { name: 'Please verify your e-mail' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Please verify your e-mail' }).textContent).toContain('dana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    // English says times as en-GB does, like its dates (docs/decisions/008-languages.md).
    const time = new Date(2026, 10, 23, 23, 15).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect((await screen.findByText(/We sent a new link/)).textContent).toBe(`We sent a new link to dana@example.test at ${time}.`);
    expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/auth/verification-email', token: 'id-1', body: {} });
    vi.useRealTimers();
  });

  it('shows the wait politely when asked again within the minute (429), in the live region', async () => {
    useSession.getState().setSession(dana);
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/verification-email': () => json(429, { message: 'Please wait a minute before asking for another link.' }),
    });
    render(<VerifyEmailNotice />);

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    const status = await screen.findByText('Please wait a minute before asking for another link.');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Send the link again' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so when the link could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useSession.getState().setSession(dana);
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/verification-email': () => json(500, { message: 'Mail server unavailable. Please try again later.' }),
    });
    render(<VerifyEmailNotice />);

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Mail server unavailable. Please try again later.')).toBeTruthy();
  });
});
