import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { json, stubServer } from '@/testing/server';
import { DonationCard } from './my-donations';

vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a> }));

const stored = (id: string, report: unknown) => ({ donationId: id, report, pickupDate: '2026-12-07T18:00:00.000Z', correctableUntil: null });
const card = (donation: ReturnType<typeof createDonation>) =>
  render(<DonationCard donation={donation} eager={false} onDelete={async () => {}} onChanged={() => {}} />);

describe('My Donations: a collected donation says what was collected (issue 50)', () => {
  it('shows the reported weight and how much of it, beside the listed quantity', async () => {
    const d = createDonation({ status: 'Picked', quantity: 20, unit: 'kg', charityName: 'Food Aid' });
    stubServer({
      [`GET /donations/${d._id}/pickup-report`]: () => json(200, stored(d._id, { weightKg: 18.5, outcome: 'all' })),
      [`GET /reviews/${d._id}`]: () => json(200, []),
    });
    card(d);
    expect((await screen.findByTestId('collected')).textContent).toBe('18.5 kg, all of it');
    expect(screen.getByText('20 kg')).toBeTruthy();
  });

  it('says nothing more when no report was made, and asks nothing before the pickup', async () => {
    const picked = createDonation({ status: 'Picked', charityName: 'Food Aid' });
    const server = stubServer({
      [`GET /donations/${picked._id}/pickup-report`]: () => json(200, stored(picked._id, null)),
      [`GET /reviews/${picked._id}`]: () => json(200, []),
    });
    card(picked);
    await vi.waitFor(() => expect(server.sent()).toContain(`GET /donations/${picked._id}/pickup-report`));
    expect(screen.queryByTestId('collected')).toBeNull();

    const verified = createDonation({ status: 'Verified' });
    const before = server.sent().length;
    card(verified);
    expect(server.sent().slice(before).some((r) => r.includes('pickup-report'))).toBe(false);
  });
});
