import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { setLocale, useLocale } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/auth/session-store';
import { json, stubServer } from '@/testing/server';
import { SIGNED_OUT_CHOICE_KEY } from '@/lib/i18n/account-locale';
import { RegistrationPage } from './registration-page';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
  Navigate: () => null,
  useNavigate: () => vi.fn(),
  useRouter: () => ({ history: { replace: vi.fn() } }),
}));

const LOCAL = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };

afterEach(() => setLocale('en', { remember: false }));

describe('RegistrationPage', () => {
  it('has the language menu the login page has: a choice made here is the new account’s (issue 50)', async () => {
    stubServer({ 'GET /auth/config': () => json(200, LOCAL) });
    useSession.setState({ user: null, role: 'user', loading: false, ready: true });
    render(<RegistrationPage />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    // Spanish's catalogues are downloaded first: on a busy machine, more than the default second.
    await vi.waitFor(() => expect(useLocale.getState().locale).toBe('es'), { timeout: 10_000 });
    // Kept for the sign-in that registering makes, where it wins over whatever the account holds.
    await vi.waitFor(() => expect(sessionStorage.getItem(SIGNED_OUT_CHOICE_KEY)).toBe('es'));
  });
});
