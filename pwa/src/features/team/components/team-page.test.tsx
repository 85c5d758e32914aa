import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { setTokenSource } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { createInvitation, createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import { json, stubServer } from '@/testing/server';
import { TeamPage } from './team-page';

const navigate = vi.fn(async (_to: unknown) => undefined);
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const founder = { id: FOUNDER_ID, email: 'charity@example.test', name: 'Hope Founder' };
const dana = { id: 'driver-1', email: 'dana@example.test', name: 'Dana Driver' };
const hope = createOrganisation();

beforeEach(() => {
  navigate.mockClear();
  useSession.setState({ user: founder, role: 'charity', loading: false, ready: true });
  setTokenSource({ getToken: async () => 'id-1', refresh: async () => null });
});

/** The server of a coordinator's Team page: the organisation, and one waiting invitation. */
const coordinatorServer = (routes: Parameters<typeof stubServer>[0] = {}) =>
  stubServer({
    'GET /organisations/mine': () => json(200, hope),
    'GET /organisations/mine/invitations': () => json(200, [createInvitation()]),
    ...routes,
  });

const row = (name: string) => screen.getByText(name, { selector: 'span' }).closest('li')!;
const live = () => document.querySelector('[aria-live="polite"]')!;
const dialog = () => screen.getByRole('alertdialog');
/** Addresses are drawn in parts (where they may wrap): read as the whole text of the list. */
const invitationShown = (email: string) =>
  vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Waiting invitations' }).closest('section')!.textContent).toContain(email));

describe('TeamPage', () => {
  it("shows a driver the members, their roles and the owner's badge, read-only, and reads no invitations", async () => {
    useSession.setState({ user: dana });
    const server = stubServer({ 'GET /organisations/mine': () => json(200, hope) });
    render(<TeamPage />);

    await screen.findByRole('heading', { name: 'Members (3)' });
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    expect(within(row('Hope Founder')).getByText('Owner')).toBeTruthy();
    expect(within(row('Hope Founder')).getByText('Coordinator')).toBeTruthy();
    expect(within(row('Dana Driver')).getByText('Driver')).toBeTruthy();
    expect(within(row('Dana Driver')).getByText('(you)')).toBeTruthy();
    expect(screen.getByText(/One person belongs to one organisation only/)).toBeTruthy();
    expect(screen.getByText('Only coordinators invite people and change roles in the team.')).toBeTruthy();
    // Nothing to change, only their own calendar address to get, and to leave.
    expect(screen.queryByRole('heading', { name: 'Invite someone' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Get calendar address', 'Leave the team']);
    expect(server.sent()).toEqual(['GET /organisations/mine']);
  });

  it('lets the owner invite someone in one of the kind’s two roles, says so, and lists the invitation', async () => {
    const server = coordinatorServer({
      'POST /organisations/mine/invitations': ({ body }) => json(201, createInvitation({ _id: 'inv-2', ...(body as object) })),
    });
    render(<TeamPage />);
    const form = (await screen.findByRole('heading', { name: 'Invite someone' })).closest('section')!;
    await invitationShown('new.driver@example.test');

    const role = within(form).getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(['Coordinator', 'Driver']);
    expect(role.value).toBe('driver');
    expect(role.getAttribute('aria-describedby')).toBe('team-invite-role-hint');

    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByRole('alert').textContent).toBe('Email is required');

    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'Ravi@Example.test ' } });
    fireEvent.change(role, { target: { value: 'coordinator' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await vi.waitFor(() => expect(live().textContent).toBe('Invitation sent to ravi@example.test.'));
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/organisations/mine/invitations', body: { email: 'ravi@example.test', role: 'coordinator' } });
    const waiting = screen.getByRole('heading', { name: 'Waiting invitations' }).closest('section')!;
    expect(within(waiting).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('ravi@example.test'),
      expect.stringContaining('new.driver@example.test'),
    ]);
    expect((within(form).getByLabelText('E-mail address') as HTMLInputElement).value).toBe('');
  });

  it("says a refusal about the address beside the e-mail field, in the server's words", async () => {
    coordinatorServer({
      'POST /organisations/mine/invitations': () =>
        json(409, { message: 'This person already belongs to another restaurant or charity.', code: 'invitations/member-elsewhere' }),
    });
    render(<TeamPage />);
    const form = (await screen.findByRole('heading', { name: 'Invite someone' })).closest('section')!;
    const email = within(form).getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'busy@example.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('This person already belongs to another restaurant or charity.');
    expect(alert.id).toBe('team-invite-email-error');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it("changes a driver to coordinator and back, and withdraws an invitation", async () => {
    const server = coordinatorServer({
      'PATCH /organisations/mine/members/driver-1': () => json(200, { modifiedCount: 1 }),
      'DELETE /organisations/mine/invitations/inv-1': () => json(200, { deletedCount: 1 }),
    });
    render(<TeamPage />);
    await invitationShown('new.driver@example.test');

    const promote = within(row('Dana Driver')).getByRole('button', { name: 'Make coordinator' });
    expect(promote.getAttribute('aria-describedby')).toBe('team-member-driver-1');
    fireEvent.click(promote);
    await vi.waitFor(() => expect(live().textContent).toBe('Dana Driver is now in the team as coordinator.'));
    expect(within(row('Dana Driver')).getByText('Coordinator')).toBeTruthy();
    fireEvent.click(within(row('Dana Driver')).getByRole('button', { name: 'Make driver' }));
    await vi.waitFor(() => expect(live().textContent).toBe('Dana Driver is now in the team as driver.'));
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ role: 'coordinator' }, { role: 'driver' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(live().textContent).toBe('The invitation to new.driver@example.test was withdrawn: its link no longer works.'));
    expect(screen.getByText('No invitations are waiting for an answer.')).toBeTruthy();
  });

  it('removes a member only after the question, and offers nothing on the owner’s row', async () => {
    const server = coordinatorServer({ 'DELETE /organisations/mine/members/driver-1': () => json(200, { deletedCount: 1 }) });
    useSession.setState({ user: { id: 'coord-2', email: 'cora@example.test', name: 'Cora Coordinator' } });
    render(<TeamPage />);
    await invitationShown('new.driver@example.test');
    expect(within(row('Hope Founder')).queryAllByRole('button')).toEqual([]);
    // Only the owner hands the organisation over.
    expect(screen.queryByRole('button', { name: 'Make owner' })).toBeNull();

    fireEvent.click(within(row('Dana Driver')).getByRole('button', { name: 'Remove' }));
    expect(within(dialog()).getByRole('heading', { name: 'Remove Dana Driver from Hope Community Pantry?' })).toBeTruthy();
    expect(server.sent()).not.toContain('DELETE /organisations/mine/members/driver-1');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove from the team' }));

    await vi.waitFor(() => expect(live().textContent).toBe('Dana Driver is no longer in the team.'));
    expect(screen.queryByText('Dana Driver', { selector: 'span' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The row that held the focused button is gone: focus carries on from the list's heading.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Members (2)' })));
  });

  it("hands the organisation over after the question, then reads the team again", async () => {
    let owner = FOUNDER_ID;
    const server = stubServer({
      'GET /organisations/mine': () => json(200, createOrganisation({ ownerId: owner, members: hope.members.map((m) => ({ ...m, owner: m.userId === owner })) })),
      'GET /organisations/mine/invitations': () => json(200, []),
      'PUT /organisations/mine/owner': ({ body }) => {
        owner = (body as { userId: string }).userId;
        return json(200, { modifiedCount: 1 });
      },
    });
    render(<TeamPage />);
    await screen.findByText('No invitations are waiting for an answer.');
    fireEvent.click(within(row('Cora Coordinator')).getByRole('button', { name: 'Make owner' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hand over' }));

    await vi.waitFor(() => expect(within(row('Cora Coordinator')).queryByText('Owner')).toBeTruthy());
    expect(live().textContent).toBe('Cora Coordinator is now the owner of Hope Community Pantry.');
    expect(within(row('Hope Founder')).queryByText('Owner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make owner' })).toBeNull();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ userId: 'coord-2' });
  });

  it("says the owner's refused Leave inside the dialog, which stays open", async () => {
    coordinatorServer({
      [`DELETE /organisations/mine/members/${FOUNDER_ID}`]: () =>
        json(409, { message: 'The owner cannot leave or be removed. Hand the organisation over to another member first.', code: 'organisations/owner-cannot-leave' }),
    });
    render(<TeamPage />);
    await invitationShown('new.driver@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Leave the team' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, leave' }));

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The owner cannot leave or be removed. Hand the organisation over to another member first.',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(useSession.getState().role).toBe('charity');
  });

  it('lets a driver leave: to the dashboard first, then the role read again (a plain user now)', async () => {
    useSession.setState({ user: dana });
    const server = stubServer({
      'GET /organisations/mine': () => json(200, hope),
      'DELETE /organisations/mine/members/driver-1': () => json(200, { deletedCount: 1 }),
      'GET /users/role/dana%40example.test': () => json(200, { role: 'user' }),
    });
    render(<TeamPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the team' }));
    expect(within(dialog()).getByRole('heading', { name: 'Leave Hope Community Pantry?' })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, leave' }));

    await vi.waitFor(() => expect(useSession.getState().role).toBe('user'));
    expect(navigate).toHaveBeenCalledWith({ to: '/dashBoard' });
    expect(server.sent()).toEqual(['GET /organisations/mine', 'DELETE /organisations/mine/members/driver-1', 'GET /users/role/dana%40example.test']);
  });

  it("tells an account in no organisation so, in the server's words", async () => {
    stubServer({ 'GET /organisations/mine': () => json(404, { message: 'You are not a member of any restaurant or charity.', code: 'not-found/organisation' }) });
    render(<TeamPage />);
    await screen.findByText('You are not a member of any restaurant or charity.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again when the team could not be read', async () => {
    let answer = () => json(500, { message: 'Internal error', code: 'internal' });
    stubServer({ 'GET /organisations/mine': () => answer(), 'GET /organisations/mine/invitations': () => json(200, []) });
    render(<TeamPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your team.');

    answer = () => json(200, hope);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Members (3)' });
  });
});
