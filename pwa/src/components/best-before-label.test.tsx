import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { BestBeforeLabel } from './best-before-label';

const NOW = new Date(2026, 10, 25, 18, 0).getTime();

/** What a screen reader says of a node: its text and its elements' titles, leaving out what is aria-hidden. */
function spoken(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.getAttribute('aria-hidden') === 'true') return '';
  const text = [...node.childNodes].map(spoken).join('');
  const title = node.getAttribute('title');
  return title ? `${text} ${title}` : text;
}

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
    expect(expired.parentElement?.className).toContain('text-red-700');
  });

  it('is read once by a screen reader: the full date and the hint, with no hover title read again', () => {
    const { container } = render(<BestBeforeLabel bestBefore={new Date(NOW + 5 * 3_600_000 - 5_000).toISOString()} />);
    const read = spoken(container);
    expect(read.match(/Best before/g)).toHaveLength(1);
    expect(read).toMatch(/^Best before Wednesday.*25 November 2026.*22:59, in 5 h$/);
    // The words on screen, and the same full date on hover.
    expect(screen.getByTitle(/^Best before Wednesday/).textContent).toBe('Best before 22:59 today · in 5 h');
  });

  it('shows nothing for a donation without a time', () => {
    const { container } = render(<BestBeforeLabel bestBefore={undefined} />);
    expect(container.textContent).toBe('');
  });
});
