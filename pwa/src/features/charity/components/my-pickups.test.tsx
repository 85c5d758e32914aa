// My Pickups among a charity's members (issue 46), on the device's own store (RxDB on memory storage) with the server
// stood in for at fetch: a driver's two tabs and Take, a refused claim, a coordinator's choice of who has a pickup, and
// what neither may do offline.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { setTokenSource } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import { startLocalStore } from '@/lib/db/local-store';
import { useSyncStore } from '@/lib/db/sync-store';
import { signInWithStore, type EngineStandIn } from '@/testing/local-database';
import { createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import { json } from '@/testing/server';
import { MyPickups } from './my-pickups';

const engine = vi.hoisted((): EngineStandIn => ({ store: null }));
vi.mock('@/lib/db/engine', async () => (await import('@/testing/local-database')).engineModule(engine));
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/donations/x">{children}</a> }));

const hope = createOrganisation();
const DANA = { id: 'driver-1', email: 'dana@example.test', name: 'Dana Driver' };
const FOUNDER = { id: FOUNDER_ID, email: hope.email, name: 'Hope Founder' };

const given = (overrides: Partial<Donation>) =>
  createDonation({ status: 'Accepted', charityName: hope.name, charityEmail: hope.email, updatedAt: '2026-05-01T10:00:00.000Z', ...overrides });
const free = given({ title: 'Bread for tonight', createdAt: '2026-05-01T09:00:00.000Z' });
const danas = given({
  title: 'Soup for Dana',
  status: 'Assigned',
  assigneeId: DANA.id,
  assigneeName: DANA.name,
  assignedTo: DANA.name,
  assignedType: 'driver',
  createdAt: '2026-05-01T08:00:00.000Z',
});

type Answer = (body: unknown) => Response;
/** The server: GET /organisations/mine and the accepted requests, plus the test's own routes; every request noted. */
function server(routes: Record<string, Answer> = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const all: Record<string, Answer> = {
    'GET /organisations/mine': () => json(200, hope),
    'GET /donation-requests?status=Accepted': () => json(200, []),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const route = all[`${method} ${path}`];
      // Anything else (the store's own first pull) finds no server, as on a device offline.
      return route ? route(body) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  return { sent: (method: string) => sent.filter((r) => r.method === method) };
}

async function signIn(user: typeof DANA) {
  const db = await signInWithStore(engine, user.email);
  useSession.getState().setSession(user, 'charity');
  await db.donations.bulkInsert([free, danas]);
  return db;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
const live = () => document.querySelector('[aria-live="polite"]')!;

beforeEach(() => {
  startLocalStore();
  useSyncStore.setState({ unavailable: false, pulled: { donations: true, donationrequests: true }, confirmed: {} });
  useConnectivity.setState({ online: true, reachable: true });
  setTokenSource({ getToken: async () => 'id-1', refresh: async () => null });
});

afterEach(() => {
  // Unmounted before fetch is given back: nothing on the page may then reach for a real server.
  cleanup();
  useSession.setState({ user: null, role: 'user', ready: false });
  engine.store = null;
  vi.unstubAllGlobals();
});

describe("a driver's My Pickups", () => {
  it('shows Mine first, then Unclaimed; Take moves the card to Mine, says so, and keeps the keyboard in the tab', async () => {
    const taken = { ...free, status: 'Assigned', assigneeId: DANA.id, assigneeName: DANA.name, assignedType: 'driver', updatedAt: '2026-05-01T10:05:00.000Z' };
    const api = server({ [`POST /donations/${free._id}/claim`]: () => json(200, { modifiedCount: 1, donation: taken }) });
    await signIn(DANA);
    render(<MyPickups />);

    const mine = await screen.findByRole('tab', { name: 'Mine (1)' });
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Mine (1)', 'Unclaimed (1)']);
    expect(within(card('Soup for Dana')).getByText('You have it')).toBeTruthy();
    expect(within(card('Soup for Dana')).getByRole('button', { name: 'Confirm Pickup' })).toBeTruthy();
    expect(within(card('Soup for Dana')).queryByRole('button', { name: /Take this pickup/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bread for tonight' })).toBeNull();

    // Radix switches tabs on mousedown (a click) or arrow keys; happy-dom's click alone does not press the mouse.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Unclaimed (1)' }), { button: 0 });
    const bread = await vi.waitFor(() => card('Bread for tonight'));
    expect(within(bread).getByText('Nobody has it yet')).toBeTruthy();
    // Confirming takes it too, so Confirm Pickup stays beside Take.
    expect(within(bread).getByRole('button', { name: 'Confirm Pickup' })).toBeTruthy();
    const take = within(bread).getByRole('button', { name: 'Take this pickup Bread for tonight' });
    take.focus();
    fireEvent.click(take);

    await screen.findByRole('tab', { name: 'Mine (2)' });
    expect(screen.getByRole('tab', { name: 'Unclaimed (0)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bread for tonight' })).toBeNull();
    expect(screen.getByText('Every pickup has a driver. New ones appear here.')).toBeTruthy();
    await waitFor(() => expect(live().textContent).toBe('You have Bread for tonight now. It is under Mine.'));
    // No card is left where the focus was: it goes to the open tab rather than to the page's body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Unclaimed (0)' })));
    expect(api.sent('POST').map((r) => r.path)).toEqual([`/donations/${free._id}/claim`]);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mine (2)' }), { button: 0 });
    expect(within(await vi.waitFor(() => card('Bread for tonight'))).getByText('You have it')).toBeTruthy();
  });

  it('says who was first when a claim is refused, and the card follows the server', async () => {
    const eli = { ...free, status: 'Assigned', assigneeId: 'driver-2', assigneeName: 'Eli', assignedType: 'driver', updatedAt: '2026-05-01T10:04:00.000Z' };
    server({
      [`POST /donations/${free._id}/claim`]: () =>
        json(409, { message: 'Eli has this pickup. Ask a coordinator to give it to you.', code: 'pickups/has-driver', values: { name: 'Eli' } }),
      [`GET /donations/${free._id}`]: () => json(200, eli),
    });
    await signIn(DANA);
    render(<MyPickups />);
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Unclaimed (1)' }), { button: 0 });
    fireEvent.click(within(await vi.waitFor(() => card('Bread for tonight'))).getByRole('button', { name: /Take this pickup/ }));

    await waitFor(() => expect(live().textContent).toBe('Eli has this pickup. Ask a coordinator to give it to you.'));
    await screen.findByRole('tab', { name: 'Unclaimed (0)' });
    expect(screen.getByRole('tab', { name: 'Mine (1)' })).toBeTruthy();
  });

  it('offers Take offline only as unavailable, with the reason, and sends nothing', async () => {
    const api = server();
    await signIn(DANA);
    act(() => useConnectivity.setState({ online: false }));
    render(<MyPickups />);
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Unclaimed (1)' }), { button: 0 });
    const take = within(await vi.waitFor(() => card('Bread for tonight'))).getByRole('button', { name: /Take this pickup/ });

    expect(take.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(take.getAttribute('aria-describedby')!)?.textContent).toBe('Taking a pickup needs a connection.');
    fireEvent.click(take);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.sent('POST')).toEqual([]);
  });
});

describe("a coordinator's My Pickups", () => {
  it('lists every pickup with who has it, and gives one back to nobody from its card', async () => {
    const released = { ...danas, status: 'Accepted', assignedTo: hope.name, assignedType: 'charity', updatedAt: '2026-05-01T10:06:00.000Z' } as Donation;
    delete released.assigneeId;
    delete released.assigneeName;
    const api = server({ [`PATCH /donations/${danas._id}/assignee`]: () => json(200, { modifiedCount: 1, donation: released }) });
    await signIn(FOUNDER);
    render(<MyPickups />);

    const soup = await vi.waitFor(() => card('Soup for Dana'));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(within(soup).getByText('Dana Driver has it')).toBeTruthy();
    expect(within(card('Bread for tonight')).getByText('Nobody has it yet')).toBeTruthy();
    const choice = await vi.waitFor(() => within(soup).getByLabelText('Give it to') as HTMLSelectElement);
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Nobody', 'Hope Founder (you)', 'Cora Coordinator (coordinator)', 'Dana Driver (driver)']);
    expect(choice.value).toBe(DANA.id);

    fireEvent.change(choice, { target: { value: '' } });

    await waitFor(() => expect(within(card('Soup for Dana')).getByText('Nobody has it yet')).toBeTruthy());
    expect((within(card('Soup for Dana')).getByLabelText('Give it to') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(live().textContent).toBe('Nobody has Soup for Dana now: any driver can take it.'));
    expect(api.sent('PATCH')).toEqual([{ method: 'PATCH', path: `/donations/${danas._id}/assignee`, body: { userId: null } }]);
  });

  it('keeps the choice offline, with the reason', async () => {
    server();
    await signIn(FOUNDER);
    render(<MyPickups />);
    const choice = await vi.waitFor(() => within(card('Soup for Dana')).getByLabelText('Give it to') as HTMLSelectElement);
    act(() => useConnectivity.setState({ online: false }));

    await waitFor(() => expect(choice.disabled).toBe(true));
    expect(document.getElementById(choice.getAttribute('aria-describedby')!)?.textContent).toBe('Giving a pickup to someone needs a connection.');
  });
});

describe("My Pickups' food safety", () => {
  it("says each pickup's storage, diet and allergens from the device's copy, offline too", async () => {
    server();
    const db = await signIn(FOUNDER);
    await db.donations.upsert({ ...danas, storage: 'frozen', dietary: ['halal'], allergens: ['milk', 'sesame'] });
    act(() => useConnectivity.setState({ online: false }));
    render(<MyPickups />);

    const soup = await vi.waitFor(() => card('Soup for Dana'));
    const safety = within(soup).getByText('Food safety', { selector: 'dt' }).parentElement!.querySelector('dd')!;
    expect(within(safety).getByRole('list', { name: 'Diet and storage' }).textContent).toBe('FrozenHalal');
    expect(safety.textContent).toBe('FrozenHalalContains: Milk, Sesame');
    // Nothing said: unknown, in words, never taken for "none".
    const bread = within(card('Bread for tonight')).getByText('Food safety', { selector: 'dt' }).parentElement!.querySelector('dd')!;
    expect(bread.textContent).toBe('Allergens not stated');
  });
});
