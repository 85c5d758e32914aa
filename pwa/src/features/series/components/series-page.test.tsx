import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Role } from '@foodbridge/shared/constants';
import { useSession } from '@/lib/auth/session-store';
import { createMember, createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import { createSeries, createSeriesRequest } from '@/testing/series';
import { json, stubServer } from '@/testing/server';
import { SeriesPage } from './series-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DRIVER_ID = 'd0000000-0000-4000-8000-000000000002';
const MANAGER_ID = 'm0000000-0000-4000-8000-000000000003';
const hope = createOrganisation({
  members: [
    createMember({ userId: FOUNDER_ID, name: 'Hope Founder', role: 'coordinator', owner: true }),
    createMember({ userId: DRIVER_ID, name: 'Dana Driver', role: 'driver' }),
  ],
});
const kitchen = createOrganisation({
  kind: 'restaurant',
  name: 'Green Table Kitchen',
  members: [createMember({ userId: MANAGER_ID, name: 'Mia Manager', role: 'manager', owner: true }), createMember({ userId: 'staff-1', name: 'Stan Staff', role: 'staff' })],
});
const as = (id: string, role: Role) => useSession.setState({ user: { id, email: `${id}@example.test`, name: id }, role, loading: false, ready: true });
const card = (name: string) => screen.findByRole('article', { name });

describe('the regular donations page (issue 47)', () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows a restaurant's series in words, and lets a manager accept a charity's standing pickup", async () => {
    as(MANAGER_ID, 'restaurant');
    let accepted = false;
    const server = stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () =>
        json(200, [
          createSeries({
            skippedDates: ['2026-12-09'],
            nextDates: ['2026-12-08', '2026-12-10'],
            ...(accepted ? { standingPickup: { requestId: 'request-1', charityName: 'Hope Community Pantry', status: 'Accepted' } } : {}),
          }),
        ]),
      'GET /series-requests': () => json(200, [createSeriesRequest({ status: accepted ? 'Accepted' : 'Pending' })]),
      'PATCH /series-requests/accept/request-1': () => {
        accepted = true;
        return json(200, { modifiedCount: 1, givenCount: 3 });
      },
    });
    render(<SeriesPage />);
    const bread = await card('Unsold bread');
    expect(within(bread).getByText('Mon–Fri')).toBeTruthy();
    expect(within(bread).getByText('18:00–20:00, Europe/Berlin')).toBeTruthy();
    expect(within(bread).getByText('12 hours after the window')).toBeTruthy();
    expect(within(within(bread).getByRole('list', { name: 'Skipped dates' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(within(bread).getByRole('list', { name: 'Next dates' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(bread).getByText('We collect every weekday with our van.')).toBeTruthy();

    fireEvent.click(await within(bread).findByRole('button', { name: 'Accept Hope Community Pantry' }));
    const question = screen.getByRole('alertdialog', { name: 'Give every coming date to Hope Community Pantry?' });
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Yes, accept' })));
    expect((await within(bread).findByTestId('standing-pickup')).textContent).toBe('Hope Community Pantry');
    expect(server.sent()).toContain('PATCH /series-requests/accept/request-1');
    expect(toast.success).toHaveBeenCalledWith('Standing pickup accepted', expect.objectContaining({ description: expect.stringContaining('3 dates are theirs already') }));
    expect(within(bread).getByRole('button', { name: 'End standing pickup Unsold bread' })).toBeTruthy();
  });

  it("leaves a restaurant's staff the skips and pauses, and the managers the answers and the end", async () => {
    as('staff-1', 'restaurant');
    stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () => json(200, [createSeries()]),
      'GET /series-requests': () => json(200, [createSeriesRequest()]),
    });
    render(<SeriesPage />);
    const bread = await card('Unsold bread');
    await within(bread).findByText('Your restaurant’s managers answer requests.');
    expect(within(bread).getByRole('button', { name: 'Skip a date Unsold bread' })).toBeTruthy();
    expect(within(bread).getByRole('button', { name: 'Pause Unsold bread' })).toBeTruthy();
    expect(within(bread).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(bread).queryByRole('button', { name: 'End Unsold bread' })).toBeNull();
  });

  it('sends a new regular donation only once its days are chosen, and says the missing picture', async () => {
    as(MANAGER_ID, 'restaurant');
    const server = stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () => json(200, []),
      'GET /series-requests': () => json(200, []),
    });
    render(<SeriesPage />);
    await screen.findByText('No regular donations yet. Set one up for the food you have again and again.');
    fireEvent.click(screen.getByRole('button', { name: 'New regular donation' }));
    const form = screen.getByRole('form', { name: 'New regular donation' });
    expect(document.activeElement?.textContent).toBe('New regular donation');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save regular donation' })));
    expect(within(form).getByText('Choose at least one day of the week')).toBeTruthy();
    expect(within(form).getByText('Please upload an image first.')).toBeTruthy();
    // No unit is proposed (issue 50): none chosen is said beside it.
    const unit = within(form).getByLabelText<HTMLSelectElement>('Quantity unit');
    expect(unit.value).toBe('');
    expect(unit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(unit.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Choose the unit: kg or portions.');
    fireEvent.change(unit, { target: { value: 'portions' } });
    expect(within(form).queryByText('Choose the unit: kg or portions.')).toBeNull();
    const monday = within(form).getByRole('button', { name: 'Monday' });
    expect(monday.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(monday);
    expect(monday.getAttribute('aria-pressed')).toBe('true');
    expect(within(form).queryByText('Choose at least one day of the week')).toBeNull();
    expect(server.sent()).not.toContain('POST /donation-series');
  });

  it('lets any member edit a series in place: pre-filled, the focus in the form and back, only what changed sent', async () => {
    as('staff-1', 'restaurant');
    const server = stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () => json(200, [createSeries()]),
      'GET /series-requests': () => json(200, []),
      'PATCH /donation-series/series-1': ({ body }) => json(200, createSeries({ ...(body as object), status: 'Pending', reverifyReason: 'title' })),
    });
    render(<SeriesPage />);
    fireEvent.click(within(await card('Unsold bread')).getByRole('button', { name: 'Edit Unsold bread' }));
    const form = screen.getByRole('form', { name: 'Edit Unsold bread' });
    expect(document.activeElement?.textContent).toBe('Edit Unsold bread');
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Unsold bread');
    expect(within(form).getByLabelText<HTMLInputElement>('Usual quantity').value).toBe('8');
    expect(within(form).getByLabelText<HTMLInputElement>('Pickup location').value).toBe('12 Market Street');
    expect(within(form).getByLabelText<HTMLInputElement>('From').value).toBe('18:00');
    expect(within(form).getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(form).getByRole('button', { name: 'Saturday' }).getAttribute('aria-pressed')).toBe('false');
    // The picture it has is kept: nothing to upload again.
    expect(within(form).getByText('Uploaded. Choose another file to replace it.')).toBeTruthy();
    const notice = within(form).getByRole('status');
    expect(notice.textContent).toMatch(/^Quantity, days, window and dates change at once/);

    fireEvent.change(within(form).getByLabelText('Usual quantity'), { target: { value: '10' } });
    expect(notice.textContent).toMatch(/^Quantity, days, window and dates change at once/);
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Unsold bread and rolls' } });
    expect(notice.textContent).toBe('You changed the title: saving sends this regular donation back to an admin for verification, and no new dates are offered until it is verified again.');

    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save changes' })));
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ title: 'Unsold bread and rolls', quantity: 10 }]);
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sent back for verification', expect.objectContaining({ description: expect.stringContaining('No new dates are offered until it is verified again') })),
    );
    expect(screen.queryByRole('form')).toBeNull();
    const rolls = await card('Unsold bread and rolls');
    expect(within(rolls).getByText('Waiting for verification again')).toBeTruthy();
    expect(document.activeElement).toBe(within(rolls).getByRole('button', { name: 'Edit Unsold bread and rolls' }));
  });

  it('sends nothing when nothing changed, and says so', async () => {
    as(MANAGER_ID, 'restaurant');
    const server = stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () => json(200, [createSeries({ status: 'Pending' })]),
      'GET /series-requests': () => json(200, []),
    });
    render(<SeriesPage />);
    fireEvent.click(within(await card('Unsold bread')).getByRole('button', { name: 'Edit Unsold bread' }));
    const form = screen.getByRole('form', { name: 'Edit Unsold bread' });
    expect(within(form).getByRole('status').textContent).toMatch(/^It is waiting for an admin’s verification/);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save changes' })));
    expect(server.sent().filter((r) => r.startsWith('PATCH'))).toEqual([]);
    await vi.waitFor(() => expect(toast.info).toHaveBeenCalledWith('Nothing changed in Unsold bread.', expect.anything()));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("says the server's refusal in the edit form, and offers no Edit on an ended series", async () => {
    as(MANAGER_ID, 'restaurant');
    let ended = false;
    const server = stubServer({
      'GET /organisations/mine': () => json(200, kitchen),
      'GET /donation-series': () => json(200, [createSeries({ endDate: '2027-03-31', ...(ended ? { status: 'Ended' as const } : {}) })]),
      'GET /series-requests': () => json(200, []),
      'PATCH /donation-series/series-1': () => {
        ended = true;
        return json(409, { message: 'This regular donation has ended and can no longer change.', code: 'series/ended' });
      },
    });
    render(<SeriesPage />);
    fireEvent.click(within(await card('Unsold bread')).getByRole('button', { name: 'Edit Unsold bread' }));
    const form = screen.getByRole('form', { name: 'Edit Unsold bread' });
    fireEvent.change(within(form).getByLabelText('Last date'), { target: { value: '' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save changes' })));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ endDate: null });
    const refusal = within(form).getByRole('alert');
    expect(refusal.textContent).toContain('Could not save the changes');
    expect(refusal.textContent).toContain('This regular donation has ended and can no longer change.');
    expect(toast.success).not.toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    const bread = await card('Unsold bread');
    expect(within(bread).queryByRole('button', { name: /^Edit/ })).toBeNull();
    // Its Edit is gone: the focus goes to the page's first action instead of being lost.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New regular donation' }));
  });

  it("shows a charity's driver the series read-only, and lets a coordinator ask with a message and a driver", async () => {
    as(DRIVER_ID, 'charity');
    stubServer({
      'GET /organisations/mine': () => json(200, hope),
      'GET /donation-series': () => json(200, [createSeries()]),
      'GET /series-requests': () => json(200, []),
    });
    const { unmount } = render(<SeriesPage />);
    await screen.findByText('Your charity’s coordinators ask for standing pickups; each pickup then shows on My Pickups.');
    expect(within(await card('Unsold bread')).queryByRole('button', { name: /^Ask/ })).toBeNull();
    unmount();

    as(FOUNDER_ID, 'charity');
    const server = stubServer({
      'GET /organisations/mine': () => json(200, hope),
      'GET /donation-series': () => json(200, [createSeries()]),
      'GET /series-requests': () => json(200, []),
      'POST /donation-series/series-1/requests': () => json(201, { insertedId: 'request-9' }),
    });
    render(<SeriesPage />);
    fireEvent.click(await within(await card('Unsold bread')).findByRole('button', { name: 'Ask for a standing pickup Unsold bread' }));
    const dialog = screen.getByRole('dialog', { name: 'Standing pickup of Unsold bread' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' })));
    expect(within(dialog).getByText('Request description is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Message to the restaurant'), { target: { value: 'Every evening, with our van.' } });
    fireEvent.change(within(dialog).getByLabelText('Give every pickup to'), { target: { value: DRIVER_ID } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' })));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ requestDescription: 'Every evening, with our van.', assigneeId: DRIVER_ID });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts the series waiting for the admin first, and verifies one after a confirmation', async () => {
    as('admin-1', 'admin');
    const server = stubServer({
      'GET /donation-series': () => json(200, [createSeries({ _id: 'old', title: 'Soup' }), createSeries({ _id: 'new', title: 'Bread', status: 'Pending', reverifyReason: 'title' })]),
      'PATCH /donation-series/verify/new': () => json(200, { modifiedCount: 1 }),
    });
    render(<SeriesPage />);
    await card('Bread');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['series-new-title', 'series-old-title']);
    const bread = await card('Bread');
    expect(within(bread).getByText('Waiting for verification again')).toBeTruthy();
    expect(within(bread).getByText('Back for verification after a change of: title')).toBeTruthy();
    expect(within(await card('Soup')).queryByRole('button', { name: /^Verify/ })).toBeNull();
    fireEvent.click(within(bread).getByRole('button', { name: 'Verify Bread' }));
    await act(async () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, verify' })));
    expect(server.sent()).toContain('PATCH /donation-series/verify/new');
  });

  it('says a failed read with a retry', async () => {
    as('admin-1', 'admin');
    stubServer({ 'GET /donation-series': () => json(500, { message: 'Internal error', code: 'internal' }) });
    render(<SeriesPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the regular donations');
  });
});
