// Requested Donations' status badge (issue 50): a request whose donation was picked up says so, not "Accepted" over a
// line that says picked up. The list as the server answers it; the messages' unread counts are not the subject.
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDonationRequestListItem } from '@foodbridge/shared/testing/factories';
import { setLocale } from '@/lib/i18n/i18n';
import { json, stubServer } from '@/testing/server';
import { RequestedDonations } from './requested-donations';

vi.mock('@/lib/db/conversations', () => ({ useUnreadMessages: () => ({ total: 0, byRequest: new Map(), live: false }) }));
vi.mock('@/components/conversation/conversation-button', () => ({ ConversationButton: () => null }));

const request = createDonationRequestListItem;

/** Each request's status badge, by its donation's title: in the table's row (wide screens) and on its card (phones). */
async function badgesOf(title: string) {
  await screen.findAllByRole('heading', { name: title });
  const row = screen.getAllByRole('row').find((r) => within(r).queryByRole('cell', { name: title }));
  const card = screen.getByRole('heading', { name: title }).parentElement!;
  return [row, card].map((place) => [...(place?.querySelectorAll('span.rounded-full') ?? [])].map((b) => b.textContent));
}

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

describe('RequestedDonations', () => {
  it('says Picked up on a request whose donation was picked up, Accepted while it waits', async () => {
    stubServer({
      'GET /donation-requests': () =>
        json(200, [
          request({ donationStatus: 'Picked', pickedUpAt: '2026-05-01T18:40:00.000Z' }),
          request({ _id: 'request-2', donationId: 'donation-2', donationTitle: 'Fresh bread' }),
        ]),
    });
    render(<RequestedDonations />);
    for (const badges of await badgesOf('Vegetable soup')) expect(badges).toEqual(['Picked up']);
    for (const badges of await badgesOf('Fresh bread')) expect(badges).toEqual(['Accepted']);
    // The line under it still says when.
    expect(screen.getAllByTestId('request-outcome')[0]?.textContent).toMatch(/^Accepted - picked up 1 May/);
  });

  it('in Spanish and Arabic too', async () => {
    for (const [locale, word] of [
      ['es', 'Recogida'],
      ['ar', 'تم الاستلام'],
    ] as const) {
      await act(() => setLocale(locale, { remember: false }));
      stubServer({ 'GET /donation-requests': () => json(200, [request({ donationStatus: 'Picked' })]) });
      const { unmount } = render(<RequestedDonations />);
      for (const badges of await badgesOf('Vegetable soup')) expect(badges).toEqual([word]);
      unmount();
    }
  });
});
