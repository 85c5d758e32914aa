import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import { setTokenSource } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { createOrganisation, createMember } from '@/testing/organisation';
import { createAuthSession, createUser, json, SESSION_KEY, storedSession, storeSession, stubServer } from '@/testing/server';
import { AccountSettings } from './account-settings';

const navigate = vi.fn(async (_to: unknown) => undefined);
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const LOCAL: AuthConfig = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const FIREBASE: AuthConfig = { ...LOCAL, provider: 'firebase', firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' } };
let config: AuthConfig | null = LOCAL;
vi.mock('@/lib/auth/use-auth-config', () => ({ useAuthConfig: () => config }));

const dana = { id: 'user-1', email: 'dana@example.test', name: 'Dana Driver', emailVerified: true };
const WRONG_PASSWORD = { message: 'Wrong e-mail or password.', code: 'auth/invalid-credential' };
const refresh = vi.fn(async () => 'id-refreshed');

beforeEach(() => {
  config = LOCAL;
  navigate.mockClear();
  refresh.mockClear();
  storeSession({ idToken: 'id-1', refreshToken: 'refresh-1' });
  useSession.setState({ user: dana, role: 'user', loading: false, ready: true });
  setTokenSource({ getToken: async () => 'id-1', refresh });
});

const section = () => screen.getByRole('region', { name: 'Account' });
const dialog = () => screen.getByRole('dialog');
/** Opens a dialog with its button in the section. */
const open = (name: string) => fireEvent.click(within(section()).getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

describe('AccountSettings: the account section of every profile page', () => {
  it('shows the name and e-mail with their actions, and says each result where a screen reader hears it', async () => {
    stubServer({ 'POST /auth/change-email': () => new Response(null, { status: 204 }) });
    render(<AccountSettings />);

    expect(within(section()).getByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(section().textContent).toContain('Dana Driver');
    expect(section().textContent).toContain('dana@example.test');
    for (const name of ['Edit name and picture', 'Change e-mail', 'Change password', 'Download my data', 'Delete account']) {
      within(section()).getByRole('button', { name });
    }

    open('Change e-mail');
    type('New e-mail', 'dana.new@example.test');
    type('Current password', 'secret123');
    press('Send link');
    const live = section().querySelector('[aria-live="polite"]')!;
    await vi.waitFor(() => expect(live.textContent).toBe('We sent a link to dana.new@example.test. Open it to finish changing your e-mail.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The verify-email page will say "changed" when the link is opened on this device.
    expect(JSON.parse(localStorage.getItem('foodbridge.pendingEmailChange')!)).toEqual({ id: 'user-1', from: 'dana@example.test', to: 'dana.new@example.test' });
  });

  it("leaves a founding account's name and picture to its organisation's profile, and offers a member theirs", async () => {
    useSession.setState({ role: 'restaurant' });
    const founded = createOrganisation({ _id: dana.id, kind: 'restaurant', members: [createMember({ userId: dana.id, role: 'manager', owner: true })] });
    const server = stubServer({ 'GET /organisations/mine': () => json(200, founded) });
    const { unmount } = render(<AccountSettings />);
    await vi.waitFor(() => expect(server.requests.map((r) => r.path)).toEqual(['/organisations/mine']));
    await act(async () => {});
    within(section()).getByRole('button', { name: 'Change e-mail' });
    expect(within(section()).queryByRole('button', { name: 'Edit name and picture' })).toBeNull();
    unmount();

    stubServer({ 'GET /organisations/mine': () => json(200, createOrganisation({ kind: 'restaurant' })) });
    render(<AccountSettings />);
    await within(section()).findByRole('button', { name: 'Edit name and picture' });
  });

  it('saves a new name, and the session (which the navbar reads) takes it', async () => {
    const server = stubServer({ 'PATCH /users/me': () => json(200, { modifiedCount: 1, user: createUser({ name: 'Dana Rivera' }) }) });
    render(<AccountSettings />);

    open('Edit name and picture');
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Dana Driver');
    type('Name', '  ');
    press('Save');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Name is required');
    type('Name', 'Dana Rivera');
    press('Save');

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests).toEqual([{ method: 'PATCH', path: '/users/me', token: 'id-1', body: { name: 'Dana Rivera' } }]);
    expect(useSession.getState().user).toMatchObject({ name: 'Dana Rivera' });
    expect(section().textContent).toContain('Your name and picture were saved.');
  });
});

describe('changing the password', () => {
  it('checks the boxes first, then keeps the new session the answer brings: this device stays signed in', async () => {
    const server = stubServer({ 'POST /auth/change-password': () => json(200, createAuthSession({ user: createUser() })) });
    render(<AccountSettings />);

    open('Change password');
    type('Current password', 'secret123');
    type('New password', 'short');
    press('Change password');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Password must be at least 6 characters');
    expect(server.requests).toEqual([]);

    type('New password', 'another-pass-42');
    press('Change password');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests).toEqual([
      { method: 'POST', path: '/auth/change-password', token: 'id-1', body: { currentPassword: 'secret123', newPassword: 'another-pass-42' } },
    ]);
    expect(storedSession()).toMatchObject({ idToken: 'id-fresh', refreshToken: 'refresh-fresh' });
    expect(useSession.getState().user).toMatchObject({ id: 'user-1' });
    expect(section().textContent).toContain('Your password was changed. Your other devices were signed out.');
  });

  it('says a wrong current password beside it, tried once, and keeps the session as it was', async () => {
    const server = stubServer({ 'POST /auth/change-password': () => json(401, WRONG_PASSWORD) });
    render(<AccountSettings />);

    open('Change password');
    type('Current password', 'not-mine');
    type('New password', 'another-pass-42');
    press('Change password');

    const field = within(dialog()).getByLabelText('Current password');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe('That password is not right.');
    expect(server.sent()).toEqual(['POST /auth/change-password']);
    expect(refresh).not.toHaveBeenCalled();
    expect(storedSession()).toMatchObject({ idToken: 'id-1', refreshToken: 'refresh-1' });
  });

  it('says too many tries in the dialog', async () => {
    stubServer({
      'POST /auth/change-password': () => json(429, { message: 'Too many failed attempts. Please wait a few minutes and try again.', code: 'auth/too-many-requests' }),
    });
    render(<AccountSettings />);

    open('Change password');
    type('Current password', 'not-mine');
    type('New password', 'another-pass-42');
    press('Change password');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Too many failed attempts. Please wait a few minutes and try again.');
  });
});

describe('changing the e-mail', () => {
  it('says what is wrong with the new address beside it', async () => {
    stubServer({ 'POST /auth/change-email': () => json(409, { message: 'This e-mail is already registered. Please log in.', code: 'auth/email-already-in-use' }) });
    render(<AccountSettings />);

    open('Change e-mail');
    type('New e-mail', 'ana@example.test');
    type('Current password', 'secret123');
    press('Send link');
    const field = within(dialog()).getByLabelText('New e-mail');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('account-new-email-error')!.textContent).toBe('This e-mail is already registered. Please log in.');
    expect(localStorage.getItem('foodbridge.pendingEmailChange')).toBeNull();
  });
});

describe('downloading the data', () => {
  it('saves the file and says its name; says a failure the same way', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const answers = [
      () => new Response('{}', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="foodbridge-2026-03-02.json"' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    stubServer({ 'GET /users/me/export': () => answers.shift()!() });
    render(<AccountSettings />);

    fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(section().textContent).toContain('Your data was saved as foodbridge-2026-03-02.json.'));
    fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(section().textContent).toContain('Cannot reach FoodBridge. Check your connection and try again.'));
    vi.restoreAllMocks();
  });
});

describe('deleting the account', () => {
  const OPEN_DONATIONS = {
    message:
      'You have donations not yet picked up (2). Deleting your account withdraws those no charity has been given yet; those already given stay for their charity to collect, under the name “Deleted account”. Delete anyway?',
    code: 'account/has-open-donations',
    values: { count: 2 },
  };

  it('asks for the password, then, when donations would change, asks again and sends the second yes; then signs out and goes home', async () => {
    const answers = [() => json(401, WRONG_PASSWORD), () => json(409, OPEN_DONATIONS), () => json(200, { deletedCount: 1 })];
    const server = stubServer({
      'DELETE /users/me': () => answers.shift()!(),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    render(<AccountSettings />);

    open('Delete account');
    press('Delete my account');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Password is required');
    expect(server.requests).toEqual([]);

    type('Your password', 'not-mine');
    press('Delete my account');
    await vi.waitFor(() => expect(document.getElementById('account-delete-password-error')?.textContent).toBe('That password is not right.'));

    type('Your password', 'secret123');
    press('Delete my account');
    const anyway = await within(dialog()).findByRole('button', { name: 'Delete anyway' });
    expect(within(dialog()).getByRole('alert').textContent).toBe(OPEN_DONATIONS.message);
    // The password field is gone: focus waits on the next thing to do.
    expect(document.activeElement).toBe(anyway);

    fireEvent.click(anyway);
    await vi.waitFor(() => expect(useSession.getState().user).toBeNull());
    expect(server.requests.filter((r) => r.path === '/users/me').map((r) => r.body)).toEqual([
      { password: 'not-mine' },
      { password: 'secret123' },
      { password: 'secret123', confirm: true },
    ]);
    expect(navigate).toHaveBeenCalledWith({ to: '/' });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // No "you have been signed out" reason is left for the login page: the person did this.
    expect(sessionStorage.getItem('foodbridge.signedOutReason')).toBeNull();
  });

  it('explains why the last admin cannot delete, with only a way out', async () => {
    const lastAdmin = { message: 'You are the only admin. Make another account admin before deleting yours.', code: 'account/last-admin' };
    stubServer({ 'DELETE /users/me': () => json(409, lastAdmin) });
    render(<AccountSettings />);

    open('Delete account');
    type('Your password', 'secret123');
    press('Delete my account');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(lastAdmin.message);
    expect(within(dialog()).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(useSession.getState().user).not.toBeNull();
  });
});

describe('with Firebase sign-in', () => {
  it('leaves the e-mail and password to the provider, and deletes with no password', async () => {
    config = FIREBASE;
    const recent = { message: 'For your safety, please sign in again, then try once more within 5 minutes.', code: 'auth/requires-recent-login', values: { minutes: 5 } };
    const server = stubServer({ 'DELETE /users/me': () => json(403, recent) });
    render(<AccountSettings />);

    expect(within(section()).queryByRole('button', { name: 'Change e-mail' })).toBeNull();
    expect(within(section()).queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(within(section()).getAllByText('Managed by your sign-in provider.')).toHaveLength(2);

    open('Delete account');
    expect(within(dialog()).queryByLabelText('Your password')).toBeNull();
    press('Delete my account');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(recent.message);
    within(dialog()).getByRole('button', { name: 'Sign in again' });
    expect(server.requests.map((r) => r.body)).toEqual([{}]);
  });

  it('offers nothing the mode decides until the mode is known', () => {
    config = null;
    stubServer({});
    render(<AccountSettings />);
    expect(within(section()).queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(within(section()).queryByRole('button', { name: 'Delete account' })).toBeNull();
    within(section()).getByRole('button', { name: 'Download my data' });
  });
});
