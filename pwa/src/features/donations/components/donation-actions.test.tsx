// Who is offered what on a donation's page (issue 50): the admin's verdict on a Pending donation; favourites and
// reviews only on one that was verified (a Pending or Rejected donation is not public).
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useSession } from '@/lib/auth/session-store';
import { DonationActions } from './donation-actions';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
  useLocation: () => ({ href: '/donations/d-1' }),
}));
// The device's store is not the subject here: no favourite, no request of one's own, nothing queued.
vi.mock('../hooks/use-donation', () => ({
  useIsFavorite: () => ({ isFavorite: false, favoriteId: undefined, reload: () => {}, local: false }),
  useOwnRequest: () => ({ request: undefined, reload: () => {} }),
}));
vi.mock('@/lib/db/pickup-outbox', () => ({
  usePickupEntry: () => undefined,
  isGivenTo: () => false,
  confirmPickup: vi.fn(),
  dismissPickupRefusal: vi.fn(),
}));

function signIn(role: Role) {
  useSession.setState({ user: { id: 'u-1', email: 'someone@example.test', name: 'Someone' }, role, ready: true });
}

function renderActions(donation: Donation) {
  return render(<DonationActions donation={donation} onDonationChanged={() => {}} onReviewAdded={() => {}} onDecided={() => {}} />);
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent?.trim());

beforeEach(() => {
  useSession.setState({ user: null, role: 'user', ready: true });
});

describe('DonationActions', () => {
  it('offers favourites and reviews on a verified donation', () => {
    signIn('user');
    renderActions(createDonation({ status: 'Verified' }));
    expect(buttons()).toEqual(['Save to Favorites', 'Add Review']);
  });

  it.each(['Pending', 'Rejected'] as const)('offers neither favourites nor reviews on a %s donation, to any role', (status) => {
    for (const role of ['user', 'charity', 'restaurant', 'admin'] as const) {
      signIn(role);
      const { unmount } = renderActions(createDonation({ status }));
      expect(buttons().filter((b) => b === 'Save to Favorites' || b === 'Add Review'), role).toEqual([]);
      unmount();
    }
  });

  it('asks a visitor to log in only on a verified donation', () => {
    const { unmount } = renderActions(createDonation({ status: 'Verified' }));
    expect(screen.getByRole('link', { name: 'Save to Favorites' })).toBeTruthy();
    unmount();
    renderActions(createDonation({ status: 'Pending' }));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('gives an admin Verify and Reject on a Pending donation', () => {
    signIn('admin');
    renderActions(createDonation({ status: 'Pending' }));
    expect(buttons()).toEqual(['Verify', 'Reject']);
  });

  it('says why a donation edited after its verification is back, beside the verdict', () => {
    signIn('admin');
    renderActions(createDonation({ status: 'Pending', reverifyReason: 'the pickup window changed' }));
    expect(screen.getByText('Edited after verification: the pickup window changed')).toBeTruthy();
    expect(buttons()).toEqual(['Verify', 'Reject']);
  });

  it('gives the verdict to no one else, and to an admin only while the donation is Pending', () => {
    for (const role of ['user', 'charity', 'restaurant'] as const) {
      signIn(role);
      const { unmount } = renderActions(createDonation({ status: 'Pending' }));
      expect(buttons(), role).toEqual([]);
      unmount();
    }
    signIn('admin');
    for (const status of ['Verified', 'Rejected', 'Accepted', 'Picked'] as const) {
      const { unmount } = renderActions(createDonation({ status }));
      expect(buttons().filter((b) => b === 'Verify' || b === 'Reject'), status).toEqual([]);
      unmount();
    }
  });
});
