import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useSession } from '@/lib/auth/session-store';
import { toLocalInput } from '@/lib/best-before';
import { createOrganisation } from '@/testing/organisation';
import { json, stubServer } from '@/testing/server';
import { DonationForm, type DonationValues } from './donation-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PICTURE = '/images/5f0c6a52-9b1e-4d55-8f65-3a5b1f7d2c10';

/** POST /images answered at once with PICTURE (the upload goes through XMLHttpRequest, for its progress). */
class UploadingXhr {
  status = 201;
  responseText = JSON.stringify({ data: { url: PICTURE, id: 'picture-1' } });
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    queueMicrotask(() => this.onload?.());
  }
}

const UNIT_REQUIRED = 'Choose the unit: kg or portions.';

/** What the form asks the server for: the restaurant's organisation (a new donation's), the address search's config. */
const serve = () =>
  stubServer({
    'GET /organisations/mine': () => json(200, createOrganisation({ kind: 'restaurant', name: 'Green Table Kitchen' })),
    'GET /map/config': () => json(200, { tilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: 'OSM', geocoder: false }),
  });

function renderForm(initial?: Parameters<typeof DonationForm>[0]['initial']) {
  const onSubmit = vi.fn(async (_values: DonationValues) => true);
  render(<DonationForm initial={initial} submitLabel="Add Donation" busyLabel="Adding..." onSubmit={onSubmit} />);
  return onSubmit;
}

const unitBox = () => screen.getByLabelText<HTMLSelectElement>('Quantity unit');
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Donation' })));

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ user: { id: 'manager-1', email: 'kitchen@example.test', name: 'Mia Manager' }, role: 'restaurant', loading: false, ready: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('DonationForm: the quantity and its unit (issue 50)', () => {
  it('proposes no unit for a new donation, refuses to post without one beside the field, then posts the one chosen', async () => {
    serve();
    vi.stubGlobal('XMLHttpRequest', UploadingXhr);
    const onSubmit = renderForm();

    expect(unitBox().value).toBe('');
    expect(unitBox().selectedOptions[0]?.textContent).toBe('Choose unit');
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'soup.png', { type: 'image/png' });
    await act(async () => fireEvent.change(screen.getByLabelText('Food picture'), { target: { files: [picture] } }));
    await screen.findByText('Uploaded. Choose another file to replace it.');
    fireEvent.change(screen.getByLabelText('Donation title'), { target: { value: 'Lentil soup' } });
    fireEvent.change(screen.getByLabelText('Food type'), { target: { value: 'Bakery' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Pickup time window'), { target: { value: 'Today 17:00-19:00' } });
    fireEvent.change(screen.getByLabelText('Pickup location'), { target: { value: '12 Market Street' } });
    fireEvent.change(screen.getByLabelText('Note for whoever collects (optional)'), { target: { value: 'Ring the bell at the back door' } });
    fireEvent.change(screen.getByLabelText('Best before'), { target: { value: toLocalInput(Date.now() + 3 * 3_600_000) } });
    // Nothing says what 20 is yet.
    expect(screen.queryByText(/Charities will see/)).toBeNull();

    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const message = screen.getByText(UNIT_REQUIRED);
    expect(message.getAttribute('role')).toBe('alert');
    expect(unitBox().getAttribute('aria-invalid')).toBe('true');
    expect(unitBox().getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(unitBox());
    // The number itself is fine: only the unit is marked.
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(unitBox(), { target: { value: 'portions' } });
    expect(screen.queryByText(UNIT_REQUIRED)).toBeNull();
    expect(unitBox().getAttribute('aria-invalid')).toBeNull();
    // What will be posted, read before it is.
    expect(screen.getByText('Charities will see: 20 portions')).toBeTruthy();

    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ quantity: 20, unit: 'portions', image: PICTURE, restaurantNote: 'Ring the bell at the back door' }));
    // The form is cleared for the next donation, with no unit proposed again.
    await vi.waitFor(() => expect(unitBox().value).toBe(''));
  });

  it('says both problems when neither the quantity nor its unit is given, the focus on the quantity', async () => {
    serve();
    renderForm();
    fireEvent.change(screen.getByLabelText('Donation title'), { target: { value: 'Bread' } });
    fireEvent.change(screen.getByLabelText('Food type'), { target: { value: 'Bakery' } });
    await submit();
    expect(screen.getByText('Quantity is required')).toBeTruthy();
    expect(screen.getByText(UNIT_REQUIRED)).toBeTruthy();
    expect(screen.getByLabelText('Quantity').getAttribute('aria-describedby')).toBe('donation-quantity-error');
    expect(unitBox().getAttribute('aria-describedby')).toBe('donation-unit-error');
    expect(document.activeElement).toBe(screen.getByLabelText('Quantity'));
  });

  it("keeps an edited donation's own unit", async () => {
    const donation = createDonation({ status: 'Pending', quantity: 12, unit: 'portions', bestBefore: new Date(Date.now() + 5 * 3_600_000).toISOString() });
    serve();
    const onSubmit = renderForm(donation);
    expect(unitBox().value).toBe('portions');
    expect(screen.getByText('Charities will see: 12 portions')).toBeTruthy();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ quantity: 12, unit: 'portions' }));
  });
});

describe('DonationForm: the pickup point (issue 50)', () => {
  it('starts a new donation at the restaurant’s address', async () => {
    stubServer({
      'GET /organisations/mine': () => json(200, createOrganisation({ kind: 'restaurant', name: 'Green Table Kitchen', address: '1 Main Street, Springfield' })),
      'GET /map/config': () => json(200, { tilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: 'OSM', geocoder: false }),
    });
    renderForm();
    const location = screen.getByLabelText<HTMLInputElement>(/Pickup location|Location/);
    await vi.waitFor(() => expect(location.value).toBe('1 Main Street, Springfield'));
  });

  it('an edited donation keeps its own location', async () => {
    serve();
    renderForm(createDonation({ location: 'Back door, 3 Side Street' }));
    await act(async () => {});
    expect(screen.getByLabelText<HTMLInputElement>(/Pickup location|Location/).value).toBe('Back door, 3 Side Street');
  });
});
