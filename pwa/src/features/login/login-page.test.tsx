import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { createAuthSession, createUser, json, stubServer } from '@/testing/server';

const navigate = vi.fn(async () => {});
const replace = vi.fn();
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
  useNavigate: () => navigate,
  useRouter: () => ({ history: { replace } }),
}));

const LOCAL = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const FIREBASE = {
  provider: 'firebase',
  firebase: { apiKey: 'key-1', authDomain: 'foodbridge.example.test', projectId: 'foodbridge', appId: 'app-1' },
  payments: { mode: 'test', publishableKey: null },
};

// The server's mode is kept for the page's lifetime: each test loads the modules afresh.
async function openLogin(redirect?: unknown) {
  const [{ LoginPage }, { useSession }] = await Promise.all([import('./login-page'), import('@/lib/auth/session-store')]);
  useSession.setState({ user: null, role: 'user', loading: false, ready: true });
  return render(<LoginPage redirect={redirect} />);
}

// The page's module graph is transformed once here, with time to spare on a busy machine (a cold first import took
// the first test past its 5 s in CI); each test's fresh import then reuses the transform.
beforeAll(() => import('./login-page'), 60_000);

beforeEach(() => {
  vi.resetModules();
  navigate.mockClear();
  replace.mockClear();
});

describe('LoginPage', () => {
  it('has no Google button at all on the built-in provider, and no divider before it', async () => {
    const server = stubServer({ 'GET /auth/config': () => json(200, LOCAL) });
    const { container } = await openLogin();

    await vi.waitFor(() => expect(server.sent()).toEqual(['GET /auth/config']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('button', { name: 'Login with Google' })).toBeNull();
    expect(container.textContent).not.toMatch(/\bor\b/);
  });

  it('says why the server signed this tab out, once', async () => {
    stubServer({ 'GET /auth/config': () => json(200, LOCAL) });
    sessionStorage.setItem('foodbridge.signedOutReason', 'You have been signed out. This account no longer exists.');
    const first = await openLogin();
    expect(await screen.findByText('You have been signed out. This account no longer exists.')).toBeTruthy();
    first.unmount();
    vi.resetModules();
    await openLogin();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText(/This account no longer exists/)).toBeNull();
  });

  it('offers Google sign-in when the server runs on Firebase', async () => {
    stubServer({ 'GET /auth/config': () => json(200, FIREBASE) });
    await openLogin();

    expect(await screen.findByRole('button', { name: 'Login with Google' })).toBeTruthy();
  });

  it('leads to the forgotten-password page', async () => {
    stubServer({ 'GET /auth/config': () => json(200, LOCAL) });
    await openLogin();

    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("keeps the language chosen here over the account's at sign-in, and saves it to the account (issue 50)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/login': () => json(200, createAuthSession({ user: createUser({ locale: 'ar' }) })),
      'POST /users': () => json(200, createUser({ locale: 'ar' })),
      'PATCH /users/me': () => json(200, { modifiedCount: 1, user: createUser({ locale: 'es' }) }),
    });
    await openLogin();
    const { useLocale } = await import('@/lib/i18n/i18n');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    // Spanish's catalogues are downloaded first: on a busy machine, more than the default second.
    await vi.waitFor(() => expect(useLocale.getState().locale).toBe('es'), { timeout: 10_000 });
    fireEvent.submit(document.querySelector('form')!);

    await vi.waitFor(() => expect(navigate).toHaveBeenCalled(), { timeout: 10_000 });
    const saved = expect.objectContaining({ method: 'PATCH', path: '/users/me', body: { locale: 'es' } });
    await vi.waitFor(() => expect(server.requests).toContainEqual(saved), { timeout: 10_000 });
    expect(useLocale.getState().locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('goes home instead of to a redirect that would leave the app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({
      'GET /auth/config': () => json(200, LOCAL),
      'POST /auth/login': () => json(200, createAuthSession()),
      'POST /users': () => json(200, createUser()),
    });
    await openLogin('https://evil.example/');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/', replace: true }));
    expect(replace).not.toHaveBeenCalled();
  });
});
