import { fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { json, stubServer } from '@/testing/server';
import { DonationVerdictButtons, reverifyNote } from './donation-verdict';

const soup = { _id: 'd-1', title: 'Lentil soup' };

beforeEach(() => {
  setTokenSource({ getToken: async () => 'id-admin', refresh: async () => null });
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

/** Presses the button, then the confirmation's own. */
function confirm(button: string, confirmation: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: confirmation }));
}

describe('DonationVerdictButtons', () => {
  it('verifies after the confirmation, says so, and tells the screen', async () => {
    const server = stubServer({ 'PATCH /donations/verify/d-1': () => json(200, { modifiedCount: 1 }) });
    const onDecided = vi.fn();
    render(<DonationVerdictButtons donation={soup} onDecided={onDecided} />);

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(within(screen.getByRole('alertdialog')).getByText("'Lentil soup' will be listed publicly and charities can request it.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, verify it!' }));

    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith('Verified'));
    expect(server.sent()).toEqual(['PATCH /donations/verify/d-1']);
    expect(notify.success).toHaveBeenCalledWith('Verified!', "'Lentil soup' is now listed for charities.");
  });

  it('rejects after the confirmation', async () => {
    const server = stubServer({ 'PATCH /donations/reject/d-1': () => json(200, { modifiedCount: 1 }) });
    const onDecided = vi.fn();
    render(<DonationVerdictButtons donation={soup} onDecided={onDecided} />);

    confirm('Reject', 'Yes, reject it!');

    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith('Rejected'));
    expect(server.sent()).toEqual(['PATCH /donations/reject/d-1']);
    expect(notify.success).toHaveBeenCalledWith('Rejected', "'Lentil soup' has been rejected.");
  });

  it('says a refusal in words, leaves the screen as it was, and can be tried again', async () => {
    stubServer({ 'PATCH /donations/verify/d-1': () => json(409, { message: 'Only Pending donations can be verified (this one is Rejected).' }) });
    const onDecided = vi.fn();
    render(<DonationVerdictButtons donation={soup} onDecided={onDecided} />);

    confirm('Verify', 'Yes, verify it!');

    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error', 'Failed to verify donation.'));
    expect(onDecided).not.toHaveBeenCalled();
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('reverifyNote', () => {
  it('says why a Pending donation is back for a check, and nothing otherwise', () => {
    expect(reverifyNote(i18n, { status: 'Pending', reverifyReason: 'the quantity changed' })).toBe('Edited after verification: the quantity changed');
    expect(reverifyNote(i18n, { status: 'Pending' })).toBeUndefined();
    expect(reverifyNote(i18n, { status: 'Rejected', reverifyReason: 'the quantity changed' })).toBeUndefined();
  });
});
