// A donation's food safety in words (issue 50): the three things a restaurant may say of allergens, told apart, and
// its diet and storage as named chips, in English and in Arabic (right to left).
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { allergenStatement, FoodSafety } from './food-safety';
import { i18n } from '@lingui/core';

afterEach(async () => {
  await act(() => setLocale('en', { remember: false }));
});

/** The allergens' line and which of the three states it shows. */
const allergenLine = (container: HTMLElement) => {
  const line = container.querySelector('[data-allergens]')!;
  return { state: line.getAttribute('data-allergens'), text: line.textContent };
};
const chips = () => within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);

describe('FoodSafety', () => {
  it('names what the donation contains, in the reader’s list punctuation', () => {
    const { container } = render(<FoodSafety facts={{ allergens: ['milk', 'celery'] }} />);
    expect(allergenLine(container)).toEqual({ state: 'contains', text: 'Contains: Milk, Celery' });
  });

  it('says "No listed allergens" only when the restaurant said none of the 14', () => {
    const { container } = render(<FoodSafety facts={{ allergens: [] }} />);
    expect(allergenLine(container)).toEqual({ state: 'none', text: 'No listed allergens' });
  });

  it('says the allergens are not stated, set apart, when the restaurant did not say (absent or null)', () => {
    const { container } = render(<FoodSafety facts={{}} />);
    const line = container.querySelector('[data-allergens]')!;
    expect(line.textContent).toBe('Allergens not stated');
    // Seen as unknown, not as "none": its own colour and a dashed frame.
    expect(line.className).toMatch(/amber/);
    expect(line.className).toMatch(/border-dashed/);
    expect(allergenStatement(i18n, null)).toBe('Allergens not stated');
  });

  it('explains none and not stated in full on a page, but not what is contained', () => {
    const { container, rerender } = render(<FoodSafety facts={{}} variant="full" />);
    expect(container.textContent).toContain('Ask before giving it to anyone with a food allergy.');
    rerender(<FoodSafety facts={{ allergens: [] }} variant="full" />);
    expect(container.textContent).toContain('none of the 14 allergens');
    rerender(<FoodSafety facts={{ allergens: ['eggs'] }} variant="full" />);
    expect(container.textContent).toBe('Contains: Eggs');
  });

  it('lists storage, then the dietary tags, as chips in a named list, each a word beside its icon', () => {
    render(<FoodSafety facts={{ storage: 'frozen', dietary: ['vegan', 'halal'], allergens: [] }} />);
    expect(screen.getByRole('list', { name: 'Diet and storage' })).toBeTruthy();
    expect(chips()).toEqual(['Frozen', 'Vegan', 'Halal']);
    // The icons only repeat the words: hidden from screen readers.
    for (const icon of screen.getByRole('list').querySelectorAll('svg')) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no list when neither diet nor storage was said', () => {
    render(<FoodSafety facts={{ allergens: ['fish'] }} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says all of it in Arabic', async () => {
    await act(() => setLocale('ar', { remember: false }));
    const { container, rerender } = render(<FoodSafety facts={{ storage: 'chilled', dietary: ['vegetarian'], allergens: ['milk', 'sesame'] }} />);
    expect(screen.getByRole('list', { name: 'النظام الغذائي والتخزين' })).toBeTruthy();
    expect(chips()).toEqual(['مبرّد', 'نباتي']);
    // The joining words are the runtime's (ICU's) Arabic list: checked as a list of the two, in their order.
    const { state, text } = allergenLine(container);
    expect(state).toBe('contains');
    expect(text).toMatch(/^يحتوي على: الحليب،? والسمسم$/);
    rerender(<FoodSafety facts={{ allergens: [] }} />);
    expect(allergenLine(container)).toEqual({ state: 'none', text: 'لا توجد مسببات حساسية مدرجة' });
    rerender(<FoodSafety facts={{}} />);
    expect(allergenLine(container)).toEqual({ state: 'unknown', text: 'مسببات الحساسية غير مذكورة' });
  });
});
