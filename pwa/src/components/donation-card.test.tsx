// A donation's card says its food safety in one short line (issue 50): what it contains, or that nobody said.
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { DonationCard } from './donation-card';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/donations/x" className={className}>
      {children}
    </a>
  ),
}));

/** The card's fact named `name` (its term is a hidden word beside an icon), as its definition reads. */
const fact = (name: string) => screen.getByText(name, { selector: 'dt .sr-only' }).closest('div')!.querySelector('dd')!;

describe('DonationCard', () => {
  it('says storage, diet and the allergens it contains under the food safety fact', () => {
    render(<DonationCard donation={createDonation({ title: 'Lentil soup', storage: 'chilled', dietary: ['vegan'], allergens: ['celery', 'mustard'] })} />);
    const safety = fact('Food safety');
    expect(screen.getByRole('list', { name: 'Diet and storage' }).textContent).toBe('ChilledVegan');
    expect(safety.textContent).toBe('ChilledVeganContains: Celery, Mustard');
  });

  it('says plainly when the allergens were not stated', () => {
    render(<DonationCard donation={createDonation({ title: 'Bread' })} />);
    expect(fact('Food safety').textContent).toBe('Allergens not stated');
    expect(screen.queryByRole('list', { name: 'Diet and storage' })).toBeNull();
  });
});
