import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import { draftToInput, PickupReportDialog, type ReportedDonation } from './pickup-report-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
// Decoding and encoding need a real browser's canvas: a chosen file stands for its resized photo here, and a file
// named 'broken' for one the browser cannot read.
vi.mock('@/lib/photos/resize', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/photos/resize')>();
  return {
    ...actual,
    resizePhoto: vi.fn(async (file: File) => {
      if (file.name === 'broken') throw new actual.PhotoUnreadable('unreadable');
      return { blob: file, type: 'image/jpeg', width: 1600, height: 1200 };
    }),
  };
});

const KG: ReportedDonation = { _id: 'd-kg', title: 'Bread', quantity: 5, unit: 'kg' };
const PORTIONS: ReportedDonation = { _id: 'd-portions', title: 'Curry', quantity: 30, unit: 'portions' };

function open(donation: ReportedDonation, onConfirm = vi.fn((_report: PickupReport) => Promise.resolve())) {
  render(<PickupReportDialog donation={donation} onConfirm={onConfirm} />);
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Pickup' }));
  return onConfirm;
}

const dialog = () => screen.queryByRole('alertdialog');
const weight = () => screen.getByLabelText('Weight received (kg)') as HTMLInputElement;
const note = () => screen.getByLabelText('Note (optional)') as HTMLTextAreaElement;
const confirm = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, confirm pickup' })));

/** The field is marked invalid, names its message, and the message is the one given. */
function expectInvalid(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
}

describe('PickupReportDialog', () => {
  beforeEach(() => vi.clearAllMocks());

  it('two taps confirm a kilogram donation with its listed weight, all of it', async () => {
    const onConfirm = open(KG);

    expect(dialog()?.textContent).toContain('Confirm only once you have collected Bread.');
    expect(weight().value).toBe('5');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, confirm pickup' }));
    await confirm();

    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 5, outcome: 'all' }, []);
    expect(dialog()).toBeNull();
  });

  it('a donation in portions asks for the weight at the field, focused, before anything is queued', async () => {
    const onConfirm = open(PORTIONS);

    expect(weight().value).toBe('');
    expect(document.activeElement).toBe(weight());
    await confirm();

    expect(onConfirm).not.toHaveBeenCalled();
    expectInvalid(weight(), 'Weight must be a number of kilograms');
    expect(document.activeElement).toBe(weight());

    fireEvent.change(weight(), { target: { value: '12,5' } });
    expect(weight().getAttribute('aria-invalid')).toBe('false');
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 12.5, outcome: 'all' }, []);
  });

  it('part of it, with a changed weight and a note, sends the note trimmed', async () => {
    const onConfirm = open(KG);

    fireEvent.click(screen.getByLabelText('Part of it'));
    fireEvent.change(weight(), { target: { value: '3.2' } });
    fireEvent.change(note(), { target: { value: '  Two trays left for tomorrow  ' } });
    await confirm();

    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 3.2, outcome: 'part', note: 'Two trays left for tomorrow' }, []);
  });

  it('nothing weighs 0 kg and needs a reason, asked for at its field', async () => {
    const onConfirm = open(KG);

    fireEvent.click(screen.getByLabelText('Nothing'));
    expect(weight().value).toBe('0');
    expect(weight().disabled).toBe(true);
    await confirm();

    expect(onConfirm).not.toHaveBeenCalled();
    const reason = screen.getByLabelText('Why nothing?') as HTMLSelectElement;
    expectInvalid(reason, 'Say why nothing was picked up');
    expect(document.activeElement).toBe(reason);

    fireEvent.change(reason, { target: { value: 'Nobody there' } });
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 0, outcome: 'none', reason: 'Nobody there' }, []);
  });

  it('going back from nothing restores the weight and drops the reason', async () => {
    const onConfirm = open(KG);

    fireEvent.click(screen.getByLabelText('Nothing'));
    fireEvent.change(screen.getByLabelText('Why nothing?'), { target: { value: 'Other' } });
    fireEvent.click(screen.getByLabelText('All of it'));
    expect(screen.queryByLabelText('Why nothing?')).toBeNull();
    await confirm();

    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 5, outcome: 'all' }, []);
  });

  it('refuses 0 kg when something was collected, and a note over 500 characters, at their fields', async () => {
    const onConfirm = open(KG);

    fireEvent.change(weight(), { target: { value: '0' } });
    fireEvent.change(note(), { target: { value: 'x'.repeat(501) } });
    await confirm();

    expect(onConfirm).not.toHaveBeenCalled();
    expectInvalid(weight(), 'Enter the weight picked up');
    expectInvalid(note(), 'At most 500 characters');
    expect(document.activeElement).toBe(weight());
  });

  it('a failure to queue keeps the dialog and the report, and says why', async () => {
    const onConfirm = open(KG, vi.fn(() => Promise.reject(new Error('Your offline data is still loading.'))));

    fireEvent.change(note(), { target: { value: 'Back door' } });
    await confirm();

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialog()).not.toBeNull();
    expect(note().value).toBe('Back door');
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to confirm pickup.', expect.objectContaining({ description: 'Your offline data is still loading.' })));
  });

  it('opens afresh with the defaults after Not yet', async () => {
    const onConfirm = open(KG);

    fireEvent.change(weight(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Pickup' }));

    expect(weight().value).toBe('5');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('draftToInput', () => {
  it('reads a blank weight as missing, not as 0, and text as not a number', () => {
    expect(draftToInput({ weight: ' ', outcome: 'all', reason: '', note: '' })).toEqual({ weightKg: undefined, outcome: 'all' });
    expect(draftToInput({ weight: 'ten', outcome: 'part', reason: '', note: '' }).weightKg).toBeNaN();
  });
});

describe('PickupReportDialog photos', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    let made = 0;
    URL.createObjectURL = vi.fn(() => `blob:photo-${++made}`);
    URL.revokeObjectURL = vi.fn();
  });

  const file = (name: string) => new File([name], name, { type: 'image/jpeg' });
  const addPhotos = () => screen.getByLabelText('Add photos') as HTMLInputElement;
  const choose = (...names: string[]) => act(async () => fireEvent.change(addPhotos(), { target: { files: names.map(file) } }));
  const thumbnails = () => screen.queryAllByRole('img').map((img) => img.getAttribute('alt'));

  it('offers the camera, shows each added photo with its Remove button, and hands the photos over beside the report', async () => {
    const onConfirm = open(KG);
    expect(addPhotos()).toMatchObject({ type: 'file', accept: 'image/*', multiple: true });
    expect(addPhotos().getAttribute('capture')).toBe('environment');

    await choose('crates', 'trays');
    expect(thumbnails()).toEqual(['Photo 1', 'Photo 2']);
    expect(screen.getByRole('list', { name: 'Photos to send' })).not.toBeNull();
    expect(document.getElementById(addPhotos().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '2 photos of 4. They upload after the confirmation, when the connection allows.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(thumbnails()).toEqual(['Photo 1']);
    await confirm();

    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 5, outcome: 'all' }, [{ blob: expect.objectContaining({ name: 'trays' }), type: 'image/jpeg', width: 1600, height: 1200 }]);
  });

  it('takes at most 4 photos and says so; the rest are left out', async () => {
    const onConfirm = open(KG);

    await choose('a', 'b', 'c');
    await choose('d', 'e');

    expect(thumbnails()).toEqual(['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4']);
    expect(screen.getByRole('alert').textContent).toBe('A pickup takes at most 4 photos: the others were left out.');
    expect(addPhotos().disabled).toBe(true);
    await confirm();
    expect((onConfirm.mock.calls[0] as unknown[])[1]).toHaveLength(4);
  });

  it('a photo the phone cannot read is said at the field; the others stay', async () => {
    open(KG);

    await choose('crates', 'broken');

    expect(thumbnails()).toEqual(['Photo 1']);
    expect(screen.getByRole('alert').textContent).toContain('This photo could not be read.');
    expect(addPhotos().getAttribute('aria-describedby')).toContain('-error');
  });

  it('opens afresh without the photos of a dialog closed with Not yet', async () => {
    open(KG);
    await choose('crates');
    fireEvent.click(screen.getByRole('button', { name: 'Not yet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Pickup' }));

    expect(thumbnails()).toEqual([]);
  });

  it('a correction of a stored report offers no photos', async () => {
    render(<PickupReportDialog donation={KG} onConfirm={vi.fn()} loadInitial={() => Promise.resolve(null)} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm Pickup' })));

    expect(dialog()).not.toBeNull();
    expect(screen.queryByLabelText('Add photos')).toBeNull();
  });
});

describe('PickupReportDialog correcting a stored report', () => {
  beforeEach(() => vi.clearAllMocks());
  const texts = { trigger: 'Correct report', submit: 'Save correction', failure: 'Failed to correct the report.' };

  it('starts from the stored report and sends the corrected one', async () => {
    const onConfirm = vi.fn((_report: PickupReport) => Promise.resolve());
    render(<PickupReportDialog donation={KG} texts={texts} onConfirm={onConfirm} loadInitial={() => Promise.resolve({ weightKg: 0, outcome: 'none', reason: 'Nobody there' })} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct report' })));

    expect(dialog()).not.toBeNull();
    expect((screen.getByLabelText('Why nothing?') as HTMLSelectElement).value).toBe('Nobody there');
    fireEvent.click(screen.getByLabelText('Part of it'));
    fireEvent.change(weight(), { target: { value: '1.5' } });
    fireEvent.change(note(), { target: { value: 'Found a crate later' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save correction' })));

    expect(onConfirm).toHaveBeenCalledWith({ weightKg: 1.5, outcome: 'part', note: 'Found a crate later' }, []);
    expect(dialog()).toBeNull();
  });

  it('stays closed and says why when the stored report cannot be read', async () => {
    render(
      <PickupReportDialog donation={KG} texts={texts} onConfirm={vi.fn()} loadInitial={() => Promise.reject(new Error('Correcting a report needs a connection.'))} />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Correct report' })));

    expect(dialog()).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Failed to correct the report.', expect.objectContaining({ description: 'Correcting a report needs a connection.' }));
  });
});
