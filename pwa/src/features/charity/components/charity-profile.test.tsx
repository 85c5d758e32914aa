import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useSession } from '@/lib/auth/session-store';
import { createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import { json, stubServer } from '@/testing/server';
import { CharityProfile } from './charity-profile';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const NONE = { homeAddress: null, homeLatitude: null, homeLongitude: null, notifyRadiusKm: null, notifyFoodTypes: [] };
const hope = createOrganisation({ address: '7 Harbor Road', phone: '+1 555 0133', mission: 'Warm meals for 200 families.' });
const as = (id: string, name: string) => useSession.setState({ user: { id, email: `${id}@example.test`, name }, role: 'charity', loading: false, ready: true });

describe("Charity Profile: the charity's, whichever member reads it (issue 46)", () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows a driver the charity's profile, not their own account, and leaves its changes to the coordinators", async () => {
    as('driver-1', 'Dana Driver');
    stubServer({ 'GET /organisations/mine': () => json(200, hope), 'GET /me/charity-preferences': () => json(200, NONE) });
    render(<CharityProfile />);
    await screen.findByRole('heading', { name: 'Hope Community Pantry' });
    expect(screen.getByText('Warm meals for 200 families.')).toBeTruthy();
    expect(screen.getByText('7 Harbor Road')).toBeTruthy();
    expect(screen.queryByText('Dana Driver')).toBeNull();
    expect(screen.getByText("Only the charity's coordinators change its profile.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it("lets a coordinator who did not found it change the charity's name and mission, and keeps the session's own name", async () => {
    as('coord-2', 'Cora Coordinator');
    const server = stubServer({
      'GET /organisations/mine': () => json(200, hope),
      'GET /me/charity-preferences': () => json(200, NONE),
      'PATCH /organisations/mine': (r) => json(200, { ...hope, ...(r.body as object) }),
    });
    render(<CharityProfile />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Charity name'), { target: { value: '  ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name is required');
    expect(server.sent()).not.toContain('PATCH /organisations/mine');

    fireEvent.change(within(dialog).getByLabelText('Charity name'), { target: { value: 'Hope Pantry' } });
    fireEvent.change(within(dialog).getByLabelText('Mission statement'), { target: { value: 'Meals every evening.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' })));

    await screen.findByRole('heading', { name: 'Hope Pantry' });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/organisations/mine',
      body: { name: 'Hope Pantry', mission: 'Meals every evening.', address: '7 Harbor Road', phone: '+1 555 0133' },
    });
    expect(screen.getByText('Meals every evening.')).toBeTruthy();
    expect(useSession.getState().user?.name).toBe('Cora Coordinator');
  });

  it("renames the founder's session with it: the founder's account is the charity's profile", async () => {
    as(FOUNDER_ID, 'Hope Community Pantry');
    stubServer({
      'GET /organisations/mine': () => json(200, hope),
      'GET /me/charity-preferences': () => json(200, NONE),
      'PATCH /organisations/mine': (r) => json(200, { ...hope, ...(r.body as object) }),
    });
    render(<CharityProfile />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('Charity name'), { target: { value: 'Hope Pantry' } });
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' })));
    await vi.waitFor(() => expect(useSession.getState().user?.name).toBe('Hope Pantry'));
  });
});
