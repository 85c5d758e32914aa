// Who is offered what on a donation's page (issue 50): the admin's verdict on a Pending donation; favourites and
// reviews only on one that was verified (a Pending or Rejected donation is not public).
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useSession } from '@/lib/auth/session-store';
import { createOrganisation } from '@/testing/organisation';
import { json, stubServer } from '@/testing/server';
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
/** Whether the donation was given to the signed-in charity. */
const given = vi.hoisted(() => ({ toMe: false }));
vi.mock('@/lib/db/pickup-outbox', () => ({
  usePickupEntry: () => undefined,
  isGivenTo: () => given.toMe,
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
  given.toMe = false;
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

describe("DonationActions: the main action on a phone's screen (issue 50)", () => {
  /** The bar at the foot of a phone's screen, from `sm` up no box at all (the row's classes stay the same). */
  const bar = () => document.querySelector<HTMLElement>('[data-action-bar]');
  const charity = () => {
    signIn('charity');
    stubServer({ 'GET /organisations/mine': () => json(200, createOrganisation()) });
  };

  it("puts a charity's Request Donation, and it alone, in the bar: the same one button, not a copy", () => {
    charity();
    renderActions(createDonation({ status: 'Verified' }));
    const request = screen.getAllByRole('button', { name: 'Request Donation' });
    expect(request).toHaveLength(1);
    expect(bar()).not.toBeNull();
    expect(request[0]!.closest('[data-action-bar]')).toBe(bar());
    expect(bar()!.className.split(' ')).toEqual(expect.arrayContaining(['max-sm:fixed', 'max-sm:inset-x-0', 'max-sm:bottom-0', 'sm:contents']));
    expect(within(bar()!).getAllByRole('button')).toHaveLength(1);
    // The others stay in the page's row, in the same order after it.
    expect(buttons()).toEqual(['Request Donation', 'Save to Favorites', 'Add Review']);
    expect(screen.getByRole('button', { name: 'Save to Favorites' }).closest('[data-action-bar]')).toBeNull();
  });

  it('puts Confirm Pickup there for the charity the donation was given to', () => {
    charity();
    given.toMe = true;
    renderActions(createDonation({ status: 'Accepted' }));
    expect(screen.getAllByRole('button', { name: 'Confirm Pickup' })).toHaveLength(1);
    expect(bar()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm Pickup' }).closest('[data-action-bar]')).toBe(bar());
  });

  it('has no bar where there is no main action: nothing fixed over the page, and no room kept for it', () => {
    signIn('user');
    const { unmount } = renderActions(createDonation({ status: 'Verified' }));
    expect(bar()).toBeNull();
    unmount();
    signIn('admin');
    renderActions(createDonation({ status: 'Pending' }));
    expect(bar()).toBeNull();
  });
});
