import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DONATION_OUTCOME_BUCKETS, type CharityDashboard, type RestaurantDashboard } from '@foodbridge/shared/schemas/dashboard';
import { FOOD_TYPES } from '@foodbridge/shared/constants';
import { json, stubServer } from '@/testing/server';
import { DashboardFigures } from './dashboard-figures';

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function restaurant(overrides: Partial<RestaurantDashboard> = {}): RestaurantDashboard {
  return {
    role: 'restaurant',
    totalKg: 0,
    kgByMonth: months.map((month) => ({ month, kg: 0 })),
    kgByFoodType: FOOD_TYPES.map((foodType) => ({ foodType, kg: 0 })),
    outcomes: DONATION_OUTCOME_BUCKETS.map((outcome) => ({ outcome, count: 0 })),
    ...overrides,
  };
}

/** A table's rows as [name, value] pairs, header row left out. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);

describe('DashboardFigures', () => {
  it("puts a restaurant's figures in tables for screen readers, the same numbers as its charts", async () => {
    stubServer({
      'GET /dashboard': () =>
        json(
          200,
          restaurant({
            totalKg: 12.5,
            kgByMonth: months.map((month) => ({ month, kg: month === '2026-11' ? 12.5 : 0 })),
            kgByFoodType: FOOD_TYPES.map((foodType) => ({ foodType, kg: foodType === 'Bakery' ? 12.5 : 0 })),
            outcomes: DONATION_OUTCOME_BUCKETS.map((outcome) => ({ outcome, count: outcome === 'pickedPart' ? 1 : outcome === 'rejected' ? 2 : 0 })),
          }),
        ),
    });
    render(<DashboardFigures />);
    await screen.findByRole('table', { name: 'Kilograms given per month' });
    expect(rowsOf('Kilograms given per month').at(-1)).toEqual(['Nov 2026', '12.5 kg']);
    expect(rowsOf('Kilograms given per month')).toHaveLength(12);
    expect(rowsOf('Kilograms given by food type')[0]).toEqual(['Bakery', '12.5 kg']);
    expect(rowsOf('Your donations by outcome')).toContainEqual(['Picked up: part of it', '1']);
    expect(rowsOf('Your donations by outcome')).toContainEqual(['Rejected', '2']);
    expect(screen.getAllByRole('button', { name: 'Show as table' })).toHaveLength(3);
  });

  it('says there is nothing yet instead of charts of zeros', async () => {
    stubServer({ 'GET /dashboard': () => json(200, restaurant()) });
    render(<DashboardFigures />);
    await screen.findByText('No donations yet.');
    expect(screen.getAllByText('No pickups recorded yet.')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });

  it("shows a charity's pickups on time and after best-before", async () => {
    const charity: CharityDashboard = { role: 'charity', totalKg: 3, kgByMonth: months.map((month) => ({ month, kg: month === '2026-10' ? 3 : 0 })), pickups: { onTime: 2, afterBestBefore: 1 }, missedPickups: 0, byMember: [] };
    stubServer({ 'GET /dashboard': () => json(200, charity) });
    render(<DashboardFigures />);
    await screen.findByRole('table', { name: 'Pickups on time and after best-before' });
    expect(rowsOf('Pickups on time and after best-before')).toEqual([
      ['On time', '2'],
      ['After best-before', '1'],
    ]);
    expect(rowsOf('Kilograms collected per month')).toContainEqual(['Oct 2026', '3 kg']);
    // Without members' pickups, no chart of them.
    expect(screen.queryByRole('table', { name: 'Kilograms collected by each member, last 12 months' })).toBeNull();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let calls = 0;
    stubServer({ 'GET /dashboard': () => (++calls === 1 ? json(500, { message: 'Database is down' }) : json(200, restaurant({ totalKg: 4 }))) });
    render(<DashboardFigures />);
    await screen.findByText('Your figures could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    await screen.findByText('4 kg');
    expect(calls).toBe(2);
  });

  it("shows each member's kilograms to a charity with members", async () => {
    const member = (name: string, totalKg: number) => ({ userId: name, name, totalKg, pickups: 1, kgByMonth: months.map((month) => ({ month, kg: 0 })) });
    const charity: CharityDashboard = {
      role: 'charity',
      totalKg: 6.5,
      kgByMonth: months.map((month) => ({ month, kg: 0 })),
      pickups: { onTime: 2, afterBestBefore: 0 },
      missedPickups: 1,
      byMember: [member('Ana Driver', 4.5), member('Ben Driver', 2)],
    };
    stubServer({ 'GET /dashboard': () => json(200, charity) });
    render(<DashboardFigures />);
    await screen.findByRole('table', { name: 'Kilograms collected by each member, last 12 months' });
    // The pickup a restaurant said nobody collected (issue 47), beside the charity's other figures.
    expect(screen.getByText('Missed pickups').nextElementSibling?.textContent).toBe('1');
    expect(rowsOf('Kilograms collected by each member, last 12 months')).toEqual([
      ['Ana Driver', '4.5 kg'],
      ['Ben Driver', '2 kg'],
    ]);
  });
});
