import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@foodbridge/shared/messages';
import { useSession } from '@/lib/auth/session-store';
import { json, stubServer } from '@/testing/server';
import { ResetPasswordPage } from './reset-password-page';

let searchStr = '?token=reset-token-1';
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
  useLocation: ({ select }: { select: (l: { searchStr: string }) => unknown }) => select({ searchStr }),
}));

const INVALID = { message: 'This link is invalid or has expired.', code: 'auth/invalid-action-code' };

function submit(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  searchStr = '?token=reset-token-1';
  useSession.setState({ user: null, role: 'user', loading: false, ready: true });
});

describe('ResetPasswordPage', () => {
  it("sends the link's token with the new password and asks to log in", async () => {
    const server = stubServer({ 'POST /auth/reset-password': () => new Response(null, { status: 204 }) });
    render(<ResetPasswordPage />);
    submit('new-secret-7');

    const result = await screen.findByRole('status');
    expect(result.textContent).toContain('Your password was changed. Please log in.');
    // The result takes the focus in an effect after it renders.
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(server.requests).toEqual([
      { method: 'POST', path: '/auth/reset-password', token: null, body: { token: 'reset-token-1', password: 'new-secret-7' } },
    ]);
  });

  it('keeps a token of digits as it is written', async () => {
    searchStr = '?token=000123';
    const server = stubServer({ 'POST /auth/reset-password': () => new Response(null, { status: 204 }) });
    render(<ResetPasswordPage />);
    submit('new-secret-7');

    await screen.findByRole('status');
    expect(server.requests[0]?.body).toEqual({ token: '000123', password: 'new-secret-7' });
  });

  it('holds the new password to the registration rule, then to the confirmation, sending nothing', () => {
    const server = stubServer({});
    render(<ResetPasswordPage />);

    submit('abc');
    expect(screen.getByText(MSG.passwordTooShort).id).toBe('reset-password-error');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    submit('new-secret-7', 'new-secret-8');
    expect(screen.queryByText(MSG.passwordTooShort)).toBeNull();
    expect(screen.getByText('The two passwords do not match.').id).toBe('reset-confirm-error');
    expect(server.requests).toEqual([]);
  });

  it("shows the server's words for an invalid or expired link and offers a new one", async () => {
    stubServer({ 'POST /auth/reset-password': () => json(400, INVALID) });
    render(<ResetPasswordPage />);
    submit('new-secret-7');

    expect((await screen.findByRole('alert')).textContent).toContain('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says at once that a link without its token is invalid', () => {
    searchStr = '';
    const server = stubServer({});
    render(<ResetPasswordPage />);

    expect(screen.getByRole('alert').textContent).toContain('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('keeps the form with the message of any other failure, to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({ 'POST /auth/reset-password': () => Promise.reject(new TypeError('Failed to fetch')) });
    render(<ResetPasswordPage />);
    submit('new-secret-7');

    expect((await screen.findByRole('alert')).textContent).toBe('Cannot reach FoodBridge. Check your connection and try again.');
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('ends the session still open in this browser, as the server ended it everywhere', async () => {
    useSession.getState().setSession({ id: 'user-1', email: 'dana@example.test', name: 'Dana' }, 'charity');
    stubServer({ 'POST /auth/reset-password': () => new Response(null, { status: 204 }) });
    render(<ResetPasswordPage />);
    submit('new-secret-7');

    await screen.findByRole('status');
    expect(useSession.getState().user).toBeNull();
  });
});
