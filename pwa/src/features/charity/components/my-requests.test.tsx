// My Requests' status badge (issue 50): a request whose donation the charity has picked up says Picked up, not
// Accepted over a line that says picked up. The device's copy of a request does not carry its donation's status: the
// donations given to the charity (its pickups) tell it. Both reads are stood in for here.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DonationRequest } from '@foodbridge/shared/schemas/donation-request';
import { createDonationRequestListItem } from '@foodbridge/shared/testing/factories';
import { setLocale } from '@/lib/i18n/i18n';
import { MyRequests } from './my-requests';

const reads = vi.hoisted(() => ({
  requests: [] as unknown[],
  pickups: [] as unknown[],
}));
vi.mock('../hooks', () => ({
  useMyDonationRequests: () => ({ data: reads.requests, error: null, loading: false, reload: () => {} }),
  usePickups: () => ({ data: reads.pickups, error: null, loading: false, reload: () => {} }),
}));
vi.mock('@/components/sync-status', () => ({ SyncStatus: () => null }));

/** As the device keeps it: without the list's donation status (the pickups tell it). */
const request = (overrides: Partial<DonationRequest>): DonationRequest => {
  const { donationStatus: _listOnly, ...doc } = createDonationRequestListItem(overrides);
  return doc;
};

/** The badge on a request's card, found by its donation's title. */
const badgeOf = (title: string) => screen.getByRole('heading', { name: title }).parentElement?.querySelector('span.rounded-full')?.textContent;

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

describe('MyRequests', () => {
  it('says Picked up once the donation was picked up, Accepted while it waits, Pending before', async () => {
    reads.requests = [
      request({}),
      request({ _id: 'request-2', donationId: 'donation-2', donationTitle: 'Fresh bread' }),
      request({ _id: 'request-3', donationId: 'donation-3', donationTitle: 'Apples', status: 'Pending' }),
    ];
    reads.pickups = [
      { _id: 'donation-1', status: 'Picked', pickupDate: '2026-05-01T18:40:00.000Z' },
      { _id: 'donation-2', status: 'Accepted' },
    ];
    render(<MyRequests />);
    await screen.findByRole('heading', { name: 'Vegetable soup' });
    expect(badgeOf('Vegetable soup')).toBe('Picked up');
    expect(badgeOf('Fresh bread')).toBe('Accepted');
    expect(badgeOf('Apples')).toBe('Pending');
    expect(screen.getAllByTestId('request-outcome').map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Accepted - picked up 1 May/),
      'Accepted - waiting for pickup',
    ]);
  });

  it('reads what the online answer says when the pickups do not know the donation', async () => {
    reads.requests = [{ ...request({}), donationStatus: 'Picked', pickedUpAt: '2026-05-01T18:40:00.000Z' }];
    reads.pickups = [];
    await act(() => setLocale('es', { remember: false }));
    render(<MyRequests />);
    await screen.findByRole('heading', { name: 'Vegetable soup' });
    expect(badgeOf('Vegetable soup')).toBe('Recogida');
  });
});
