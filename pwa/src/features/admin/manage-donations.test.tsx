import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { setTokenSource } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { json, stubServer } from '@/testing/server';
import { ManageDonations, pendingFirst } from './manage-donations';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, params, search }: { children: ReactNode; to: string; params?: { id: string }; search?: { from?: string } }) => (
    <a href={`${to.replace('$id', params?.id ?? '')}${search?.from ? `?from=${search.from}` : ''}`}>{children}</a>
  ),
}));

const row = (id: string, status: string) => ({ _id: id, status });

describe('pendingFirst', () => {
  it('puts the donations waiting for a decision first, each group in the order it came', () => {
    const list = [row('a', 'Verified'), row('b', 'Pending'), row('c', 'Picked'), row('d', 'Pending'), row('e', 'Rejected')];
    expect(pendingFirst(list).map((d) => d._id)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('keeps a donation just decided in its place until the next load', () => {
    const list = [row('a', 'Verified'), row('b', 'Verified'), row('c', 'Pending')];
    expect(pendingFirst(list, new Set(['b'])).map((d) => d._id)).toEqual(['b', 'c', 'a']);
  });
});

const bread = createDonation({ _id: 'd-bread', title: 'Bread', status: 'Verified', image: '/images/bread' });
const soup = createDonation({ _id: 'd-soup', title: 'Soup', status: 'Pending', image: '/images/soup' });
const salad = createDonation({ _id: 'd-salad', title: 'Salad', status: 'Pending', image: '/images/salad' });

function serve(donations: Donation[]) {
  return stubServer({
    'GET /donations': () => json(200, donations),
    'PATCH /donations/verify/d-soup': () => json(200, { modifiedCount: 1 }),
  });
}

const filter = () => screen.getByLabelText('Show') as HTMLSelectElement;
/** The titles of the table's rows, in order (the phone cards hold the same). */
const shown = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.querySelector('a')?.textContent);
/** A donation's card, as a phone shows it. */
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

beforeEach(() => {
  setTokenSource({ getToken: async () => 'id-admin', refresh: async () => null });
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});

describe('ManageDonations', () => {
  it('opens on the Pending donations when there are any', async () => {
    serve([bread, soup, salad]);
    render(<ManageDonations />);
    await vi.waitFor(() => expect(shown()).toEqual(['Soup', 'Salad']));
    expect(filter().value).toBe('Pending');
  });

  it('opens on all of them when none is Pending', async () => {
    serve([bread, { ...soup, status: 'Rejected' }]);
    render(<ManageDonations />);
    await vi.waitFor(() => expect(shown()).toEqual(['Bread', 'Soup']));
    expect(filter().value).toBe('all');
  });

  it('keeps the filter the admin picks, through a verdict', async () => {
    serve([bread, soup, salad]);
    render(<ManageDonations />);
    await vi.waitFor(() => expect(filter().value).toBe('Pending'));

    fireEvent.change(filter(), { target: { value: 'all' } });
    expect(shown()).toEqual(['Soup', 'Salad', 'Bread']);

    const soupRow = screen.getAllByRole('row').find((tr) => tr.textContent?.includes('Soup'))!;
    fireEvent.click(within(soupRow).getByRole('button', { name: 'Verify' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, verify it!' }));

    // Decided, it keeps its place until the next load; the filter stays where the admin put it.
    await vi.waitFor(() => expect(within(soupRow).getByText('No action needed')).toBeTruthy());
    expect(filter().value).toBe('all');
    expect(shown()).toEqual(['Soup', 'Salad', 'Bread']);
  });

  it('keeps a donation decided on the Pending list there, with its new status, until the next load', async () => {
    serve([bread, soup]);
    render(<ManageDonations />);
    await vi.waitFor(() => expect(shown()).toEqual(['Soup']));

    const soupRow = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    fireEvent.click(within(soupRow).getByRole('button', { name: 'Verify' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, verify it!' }));

    await vi.waitFor(() => expect(within(soupRow).getByText('No action needed')).toBeTruthy());
    expect(within(soupRow).getByText('Verified')).toBeTruthy();
    expect(filter().value).toBe('Pending');
    expect(shown()).toEqual(['Soup']);
  });

  it("shows each donation's picture on the phone's cards, as in the table, and links to its page from here", async () => {
    serve([bread, soup]);
    render(<ManageDonations />);
    fireEvent.change(await vi.waitFor(() => filter()), { target: { value: 'all' } });

    for (const [title, image] of [
      ['Soup', '/images/soup?w=96'],
      ['Bread', '/images/bread?w=96'],
    ]) {
      expect(card(title!).querySelector('img')?.getAttribute('src'), title).toBe(image);
      const tableRow = screen.getAllByRole('row').find((tr) => tr.querySelector('a')?.textContent === title)!;
      expect(tableRow.querySelector('img')?.getAttribute('src'), title).toBe(image);
    }
    expect(within(card('Soup')).getByRole('link', { name: 'Soup' }).getAttribute('href')).toBe('/donations/d-soup?from=manageDonations');
  });
});
