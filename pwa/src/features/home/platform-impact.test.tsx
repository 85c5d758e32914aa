import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer } from '@/testing/server';
import { PlatformImpact } from './platform-impact';

const figures = () =>
  screen.getAllByRole('definition').map((d) => d.textContent);

describe('PlatformImpact', () => {
  it("shows the server's figures with the spec's labels, in words that fit their numbers", async () => {
    stubServer({ 'GET /impact': () => json(200, { kgRescued: 1234.5, meals: 2270, co2eKg: 3086, restaurants: 1, charities: 12 }) });
    render(<PlatformImpact />);
    await screen.findByText('Total Food Donated');
    expect(figures()).toEqual(['1,234.5 kg', 'from 1 restaurant', '2,270', 'through 12 charities', '3,086 kg', 'by saving surplus food']);
    expect(screen.getByText('Meals Served')).toBeTruthy();
    expect(screen.getByText('CO2 Emissions Reduced')).toBeTruthy();
  });

  it('says that nothing was recorded yet rather than showing invented numbers', async () => {
    stubServer({ 'GET /impact': () => json(200, { kgRescued: 0, meals: 0, co2eKg: 0, restaurants: 0, charities: 0 }) });
    render(<PlatformImpact />);
    await screen.findByText('No pickups recorded yet: these figures start with the first food a charity collects.');
    expect(screen.queryByRole('definition')).toBeNull();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let calls = 0;
    stubServer({
      'GET /impact': () =>
        ++calls === 1 ? json(500, { message: 'Database is down' }) : json(200, { kgRescued: 10, meals: 18, co2eKg: 25, restaurants: 2, charities: 1 }),
    });
    render(<PlatformImpact />);
    await screen.findByText("Failed to load the platform's impact.");
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    await screen.findByText('10 kg');
    expect(calls).toBe(2);
  });
});
