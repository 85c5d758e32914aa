// A donation's page as an admin sees it (issue 50): the verdict given here shows at once, and the back link leads
// where the admin came from.
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { setTokenSource } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { notify } from '@/lib/notify';
import { json, stubServer } from '@/testing/server';
import { DonationDetailsPage, withVerdict } from './donation-details-page';

/** The donation as the device's store has it: replication changes it, the page's reload does not. */
const stored = vi.hoisted(() => ({ donation: undefined as Donation | undefined, reload: vi.fn() }));

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
  useLocation: () => ({ href: '/donations/d-1' }),
}));
vi.mock('../hooks/use-donation', () => ({
  useDonation: () => ({ data: stored.donation, error: undefined, loading: false, reload: stored.reload }),
  useDonationReviews: () => ({ data: [], error: undefined, loading: false, reload: () => {}, setData: () => {} }),
  useIsFavorite: () => ({ isFavorite: false, favoriteId: undefined, reload: () => {}, local: false }),
  useOwnRequest: () => ({ request: undefined, reload: () => {} }),
}));
vi.mock('@/lib/db/conversations', () => ({ useDonationConversations: () => [] }));
vi.mock('@/lib/db/pickup-outbox', () => ({
  usePickupEntry: () => undefined,
  isGivenTo: () => false,
  confirmPickup: vi.fn(),
  dismissPickupRefusal: vi.fn(),
}));
vi.mock('@/components/sync-status', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/sync-status')>()),
  SyncStatus: () => null,
}));

const pending = createDonation({ _id: 'd-1', title: 'Lentil soup', status: 'Pending', updatedAt: '2026-05-01T10:00:00.000Z' });

const status = () => screen.getByText('Status', { selector: 'dt' }).closest('div')!.querySelector('dd')!.textContent;
const buttons = () => screen.queryAllByRole('button', { name: /^(Verify|Reject|Save to Favorites|Add Review)$/ }).map((b) => b.textContent?.trim());

beforeEach(() => {
  stored.donation = pending;
  stored.reload.mockClear();
  useSession.setState({ user: { id: 'admin-1', email: 'admin@example.test', name: 'Ada Admin' }, role: 'admin', ready: true });
  setTokenSource({ getToken: async () => 'id-admin', refresh: async () => null });
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});

describe('DonationDetailsPage', () => {
  it('leads an admin who came from Manage Donations back there', () => {
    render(<DonationDetailsPage id="d-1" from="manageDonations" />);
    const back = screen.getByRole('link', { name: 'Manage Donations' });
    expect(back.getAttribute('href')).toBe('/dashBoard/manageDonations');
    expect(screen.queryByRole('link', { name: 'All Donations' })).toBeNull();
  });

  it('leads back to All Donations otherwise', () => {
    render(<DonationDetailsPage id="d-1" />);
    expect(screen.getByRole('link', { name: 'All Donations' }).getAttribute('href')).toBe('/allDonations');
  });

  it("shows the admin's verdict at once, before the device's copy follows, then the copy as it comes", async () => {
    const server = stubServer({ 'PATCH /donations/verify/d-1': () => json(200, { modifiedCount: 1 }) });
    const { rerender } = render(<DonationDetailsPage id="d-1" from="manageDonations" />);
    expect(status()).toBe('Pending');
    expect(buttons()).toEqual(['Verify', 'Reject']);

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, verify it!' }));

    await vi.waitFor(() => expect(status()).toBe('Verified'));
    expect(server.sent()).toEqual(['PATCH /donations/verify/d-1']);
    expect(stored.reload).toHaveBeenCalled();
    // Verified now: no verdict left to give, and it is public, so it can be saved and reviewed.
    expect(buttons()).toEqual(['Save to Favorites', 'Add Review']);

    // Replication brings the server's copy; later, an edit by the restaurant sends it back for a new check.
    stored.donation = { ...pending, status: 'Verified', updatedAt: '2026-05-01T10:00:05.000Z' };
    rerender(<DonationDetailsPage id="d-1" from="manageDonations" />);
    expect(status()).toBe('Verified');
    stored.donation = { ...pending, status: 'Pending', updatedAt: '2026-05-01T11:00:00.000Z', reverifyReason: 'the quantity changed' };
    await act(async () => rerender(<DonationDetailsPage id="d-1" from="manageDonations" />));
    expect(status()).toBe('Pending');
    expect(buttons()).toEqual(['Verify', 'Reject']);
  });
});

describe('withVerdict', () => {
  it('applies the verdict only to the copy it was given on, while that copy still reads Pending', () => {
    const decided = { status: 'Rejected' as const, of: pending.updatedAt };
    expect(withVerdict(pending, decided)?.status).toBe('Rejected');
    expect(withVerdict(pending, undefined)).toBe(pending);
    expect(withVerdict({ ...pending, updatedAt: '2026-05-02T00:00:00.000Z' }, decided)?.status).toBe('Pending');
    const accepted = { ...pending, status: 'Accepted' as const };
    expect(withVerdict(accepted, decided)).toBe(accepted);
    expect(withVerdict(undefined, decided)).toBeUndefined();
  });
});

describe("DonationDetailsPage's food safety", () => {
  /** The fact block of that name, as its definition reads. */
  const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).closest('div')!.querySelector('dd')!;

  it('says in full what the donation contains, its diet and its storage', () => {
    stored.donation = { ...pending, allergens: ['gluten', 'milk'], dietary: ['vegetarian', 'halal'], storage: 'frozen' };
    render(<DonationDetailsPage id="d-1" />);
    const safety = fact('Food safety');
    expect(safety.textContent).toBe('Contains: Cereals containing gluten, MilkFrozenVegetarianHalal');
    expect(within(safety).getByRole('list', { name: 'Diet and storage' })).toBeTruthy();
  });

  it('says what "none" and "not stated" mean for the people a charity feeds', () => {
    stored.donation = { ...pending, allergens: [] };
    const { unmount } = render(<DonationDetailsPage id="d-1" />);
    expect(fact('Food safety').textContent).toBe(
      'No listed allergensThe restaurant says it contains none of the 14 allergens food businesses must declare.',
    );
    unmount();
    stored.donation = pending;
    render(<DonationDetailsPage id="d-1" />);
    expect(fact('Food safety').textContent).toBe(
      'Allergens not statedThe restaurant has not said which allergens it contains. Ask before giving it to anyone with a food allergy.',
    );
  });
});
