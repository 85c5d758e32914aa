import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { BestBeforeLabel } from './best-before-label';

const NOW = new Date(2026, 10, 25, 18, 0).getTime();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('BestBeforeLabel', () => {
  it('counts down on its own and turns to Expired at the moment, without a new render from outside', () => {
    render(<BestBeforeLabel bestBefore={new Date(NOW + 2 * 60_000 + 20_000).toISOString()} />);
    expect(screen.getByTitle(/^Best before Wednesday/).textContent).toContain('Best before 18:02 today · in 3 min');
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTitle(/^Best before/).textContent).toContain('in 2 min');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTitle(/^Best before/).textContent).toContain('in 1 min');
    act(() => vi.advanceTimersByTime(60_000));
    const expired = screen.getByTitle(/^Expired: it was best before/);
    expect(expired.textContent).toContain('Expired');
    expect(expired.className).toContain('text-red-700');
  });

  it('shows nothing for a donation without a time', () => {
    const { container } = render(<BestBeforeLabel bestBefore={undefined} />);
    expect(container.textContent).toBe('');
  });
});
