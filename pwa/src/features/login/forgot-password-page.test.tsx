import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@foodbridge/shared/messages';
import { json, stubServer } from '@/testing/server';
import { ForgotPasswordPage } from './forgot-password-page';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

const LOCAL = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const SENT = 'If an account exists for that e-mail, we sent a link to reset the password.';

function ask(email: string) {
  render(<ForgotPasswordPage />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  it('sends the e-mail, without a token, and answers the same whether or not an account exists', async () => {
    const server = stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/password-reset-email': () => new Response(null, { status: 204 }),
    });
    ask(' Dana@Example.test ');

    const result = await screen.findByRole('status');
    expect(result.textContent).toContain(SENT);
    // The result takes the focus in an effect after it renders.
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/auth/password-reset-email',
      token: null,
      body: { email: 'dana@example.test' },
    });
  });

  it('checks the e-mail first and sends nothing when it is not one', () => {
    const server = stubServer({});
    ask('dana');

    expect(screen.getByText(MSG.emailInvalid).id).toBe('forgot-email-error');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toEqual([]);
  });

  it("shows the server's refusal and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/password-reset-email': () => json(429, { message: 'Too many requests. Please try again in a few minutes.' }),
    });
    ask('dana@example.test');

    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in a few minutes.');
    expect(screen.queryByText(SENT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('lets the visitor correct the e-mail after sending', async () => {
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/password-reset-email': () => new Response(null, { status: 204 }),
    });
    ask('dana@example.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Use another e-mail' }));

    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
  });
});
