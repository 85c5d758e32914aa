// Manage Requests' status badge (issue 50): a request whose donation was picked up says "Picked up", as the
// restaurant's and the charity's lists do, not "Accepted" over an outcome that says it was collected.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDonationRequestListItem } from '@foodbridge/shared/testing/factories';
import { json, stubServer } from '@/testing/server';
import { ManageRequests } from './manage-requests';

const request = createDonationRequestListItem;

describe('Manage Requests', () => {
  it('badges a collected request Picked up and a waiting one Accepted, in the table and on the cards', async () => {
    stubServer({
      'GET /donation-requests': () =>
        json(200, [
          request({ _id: 'r1', donationTitle: 'Vegetable soup', donationStatus: 'Picked', pickedUpAt: '2026-05-01T19:00:00.000Z' }),
          request({ _id: 'r2', donationId: 'donation-2', donationTitle: 'Bread rolls' }),
        ]),
    });
    render(<ManageRequests />);
    await screen.findAllByText('Vegetable soup');
    const rowOf = (title: string) => screen.getAllByRole('row').find((r) => within(r).queryByRole('cell', { name: title }))!;
    expect(within(rowOf('Vegetable soup')).getByText('Picked up')).toBeTruthy();
    expect(within(rowOf('Vegetable soup')).queryByText('Accepted')).toBeNull();
    expect(within(rowOf('Bread rolls')).getByText('Accepted')).toBeTruthy();
  });
});
