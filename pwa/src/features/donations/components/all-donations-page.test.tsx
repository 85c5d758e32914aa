// All Donations' food-safety filters (issue 50): behind one toggle on the food types' line, dietary tags (every one
// picked) and allergens to be free from, on the device's list, written to the URL through the page's filters, with a
// reset of their own; a visitor's list is narrowed by the server.
import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { verifiedDonationsPathOf, type VerifiedQuery } from '../api';
import { parseDonationFilters, type DonationFilters } from '../filter-donations';
import { AllDonationsPage } from './all-donations-page';

const list = vi.hoisted(() => ({ data: [] as Donation[], local: true, asked: [] as VerifiedQuery[] }));

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/donations/x" className={className}>
      {children}
    </a>
  ),
}));
vi.mock('../hooks/use-donation', () => ({
  useVerifiedDonations: (query: VerifiedQuery) => {
    list.asked.push(query);
    return { data: list.data, error: undefined, loading: false, reload: () => {}, partial: false, local: list.local };
  },
}));
vi.mock('@/components/sync-status', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/sync-status')>()),
  SyncStatus: () => null,
}));

const foods = [
  createDonation({ title: 'Halal stew, milk-free', dietary: ['halal'], allergens: ['celery'] }),
  createDonation({ title: 'Halal rice pudding', dietary: ['halal'], allergens: ['milk'] }),
  createDonation({ title: 'Halal wraps, allergens unsaid', dietary: ['halal'] }),
  createDonation({ title: 'Vegan curry', dietary: ['vegan', 'halal'], allergens: [] }),
];
const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const toggle = () => screen.getByRole('button', { name: /^Diet & allergens/ });

function renderPage(search: Record<string, unknown> = {}) {
  const onFiltersChange = vi.fn<(next: DonationFilters) => void>();
  render(<AllDonationsPage filters={parseDonationFilters(search)} onFiltersChange={onFiltersChange} view="list" />);
  return onFiltersChange;
}

beforeEach(() => {
  list.data = foods;
  list.local = true;
  list.asked = [];
});

describe("All Donations' food-safety filters", () => {
  it('are closed at first, on the food types’ line, and open on the toggle', () => {
    const onFiltersChange = renderPage();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(titles()).toHaveLength(4);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const diet = screen.getByRole('group', { name: 'Diet' });
    expect(within(diet).getAllByRole('button').map((b) => b.textContent)).toEqual(['Vegetarian', 'Vegan', 'Halal', 'Kosher', 'Gluten-free']);
    expect(within(screen.getByRole('group', { name: 'Free from' })).getAllByRole('button')).toHaveLength(14);

    fireEvent.click(within(diet).getByRole('button', { name: 'Vegan' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: undefined, type: undefined, dietary: ['vegan'], freeFrom: undefined, sort: undefined });
  });

  it('keep what has every tag picked and is said to be free from the allergens, leaving out the unsaid', () => {
    renderPage({ dietary: 'halal', freeFrom: 'milk' });
    expect(titles()).toEqual(['Vegan curry', 'Halal stew, milk-free']);
    expect(screen.getByText('Showing 2 of 4 donations')).toBeTruthy();
    // A link that brings a choice opens them, with the choice shown and counted.
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().textContent).toContain('2 chosen');
    expect(within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Halal' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Free from' })).getByRole('button', { name: 'Milk' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('add to a choice in the lists’ order and keep the other filters; their reset clears them alone', () => {
    const onFiltersChange = renderPage({ type: 'Bakery', dietary: 'halal', freeFrom: 'milk' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Free from' })).getByRole('button', { name: 'Eggs' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: undefined, type: 'Bakery', dietary: ['halal'], freeFrom: ['eggs', 'milk'], sort: undefined });
    fireEvent.click(within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Halal' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: undefined, type: 'Bakery', dietary: undefined, freeFrom: ['milk'], sort: undefined });

    fireEvent.click(screen.getByRole('button', { name: 'Clear diet & allergens' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: undefined, type: 'Bakery', dietary: undefined, freeFrom: undefined, sort: undefined });
    // Clear filters clears them with the rest.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(onFiltersChange).toHaveBeenLastCalledWith({ sort: undefined });
  });

  it("ask the server to narrow a visitor's list, as the food type does", () => {
    list.local = false;
    list.data = [];
    renderPage({ dietary: 'vegan,halal', freeFrom: 'milk' });
    expect(list.asked.at(-1)).toMatchObject({ dietary: ['vegan', 'halal'], freeFrom: ['milk'] });
    // An empty answer keeps the filters in sight, to be changed.
    expect(toggle()).toBeTruthy();
    expect(screen.getByText('No donations match your search.')).toBeTruthy();
    expect(verifiedDonationsPathOf({ dietary: ['vegan', 'halal'], freeFrom: ['milk'], sort: 'newest' })).toBe(
      '/donations/verified?dietary=vegan%2Chalal&freeFrom=milk&sort=newest',
    );
  });
});
