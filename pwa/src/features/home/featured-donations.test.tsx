// The featured cards' food type in the reader's language (issue 50): from the home page's own catalogue, which is
// loaded before the first render (the app's, where foodTypeLabel's words are, is not loaded on the home page).
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { setLocale } from '@/lib/i18n/i18n';
import { json, stubServer } from '@/testing/server';
import { FeaturedDonations } from './featured-donations';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));

const featured = [
  createDonation({ title: 'Sourdough loaves', foodType: 'Bakery', status: 'Verified' }),
  createDonation({ title: 'Lentil stew', foodType: 'Cooked Meal', status: 'Verified' }),
  createDonation({ title: 'Tinned tomatoes', foodType: 'Packaged Goods', status: 'Verified' }),
  createDonation({ title: 'Apples', foodType: 'Produce', status: 'Verified' }),
];

/** The food type above each card's title. */
const foodTypes = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.previousElementSibling?.firstElementChild?.textContent);

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

describe('FeaturedDonations', () => {
  it.each([
    ['en', ['Bakery', 'Cooked Meal', 'Packaged Goods', 'Produce']],
    ['es', ['Panadería', 'Comida cocinada', 'Productos envasados', 'Frutas y verduras']],
    ['ar', ['مخبوزات', 'وجبة مطبوخة', 'أغذية معلبة', 'خضار وفواكه']],
  ] as const)('names the food types in %s', async (locale, words) => {
    await act(() => setLocale(locale, { remember: false }));
    stubServer({ 'GET /donations/verified?limit=4': () => json(200, featured) });
    render(<FeaturedDonations />);
    await screen.findByRole('heading', { level: 3, name: 'Apples' });
    expect(foodTypes()).toEqual(words);
  });

  it('shows a food type no list knows as it is', async () => {
    stubServer({ 'GET /donations/verified?limit=4': () => json(200, [{ ...featured[0], foodType: 'Dairy' }]) });
    render(<FeaturedDonations />);
    await screen.findByRole('heading', { level: 3, name: 'Sourdough loaves' });
    expect(foodTypes()).toEqual(['Dairy']);
  });
});
