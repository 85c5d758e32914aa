// The donation form's food safety (issue 50): three ways to say allergens, dietary tags and storage, and the body
// the form sends from them.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DonationCreateSchema } from '@foodbridge/shared/schemas/donation';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { i18n } from '@lingui/core';
import { FoodSafetyFields, foodSafetyBody, foodSafetyErrors, foodSafetyInputs, NO_FOOD_SAFETY, type FoodSafetyInputs } from './food-safety-fields';

function Harness({ start = NO_FOOD_SAFETY, seen }: { start?: FoodSafetyInputs; seen: (f: FoodSafetyInputs) => void }) {
  const [value, setValue] = useState(start);
  return (
    <FoodSafetyFields
      idPrefix="t"
      value={value}
      errors={{}}
      onChange={(next) => {
        setValue(next);
        seen(next);
      }}
    />
  );
}

describe('the body from the food safety fields', () => {
  it('leaves allergens out when not said, sends [] for none and the list in the EU order for some', () => {
    expect(foodSafetyBody(NO_FOOD_SAFETY)).toEqual({ dietary: [] });
    expect(foodSafetyBody({ ...NO_FOOD_SAFETY, allergensSaid: 'none', allergens: ['milk'] })).toEqual({ allergens: [], dietary: [] });
    expect(foodSafetyBody({ allergensSaid: 'some', allergens: ['milk', 'celery'], dietary: ['halal'], storage: 'frozen' })).toEqual({
      allergens: ['milk', 'celery'],
      dietary: ['halal'],
      storage: 'frozen',
    });
  });

  it('reads a donation back: absent is not said, empty is none', () => {
    expect(foodSafetyInputs({})).toEqual(NO_FOOD_SAFETY);
    expect(foodSafetyInputs({ allergens: [] }).allergensSaid).toBe('none');
    expect(foodSafetyInputs({ allergens: ['eggs'], dietary: ['vegetarian'], storage: 'chilled' })).toEqual({
      allergensSaid: 'some',
      allergens: ['eggs'],
      dietary: ['vegetarian'],
      storage: 'chilled',
    });
  });

  it('asks which allergens when Contains is chosen with none ticked; the shared schema refuses a vegan dish with milk', () => {
    expect(foodSafetyErrors(i18n, { ...NO_FOOD_SAFETY, allergensSaid: 'some' })).toEqual({ allergens: 'Tick the allergens it contains, or choose None of the 14.' });
    expect(foodSafetyErrors(i18n, { ...NO_FOOD_SAFETY, allergensSaid: 'none' })).toEqual({});
    const body = { ...createDonationInput(), ...foodSafetyBody({ allergensSaid: 'some', allergens: ['milk'], dietary: ['vegan'], storage: '' }) };
    expect(DonationCreateSchema.safeParse(body).error?.issues.map((i) => i.path.join('.'))).toEqual(['dietary']);
  });
});

describe('FoodSafetyFields', () => {
  it('shows the 14 allergens only once Contains is chosen, and ticks them in the EU order', () => {
    let last = NO_FOOD_SAFETY;
    render(<Harness seen={(f) => (last = f)} />);
    expect(screen.queryByRole('checkbox', { name: 'Milk' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Contains…' }));
    const which = screen.getByRole('group', { name: 'Allergens it contains' });
    expect(which.querySelectorAll('input[type=checkbox]')).toHaveLength(14);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Celery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Milk' }));
    expect(last.allergens).toEqual(['milk', 'celery']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vegetarian' }));
    fireEvent.change(screen.getByLabelText('Storage'), { target: { value: 'chilled' } });
    expect(foodSafetyBody(last)).toEqual({ allergens: ['milk', 'celery'], dietary: ['vegetarian'], storage: 'chilled' });
    // Not said is a choice of its own, with what it means for charities said beside it.
    fireEvent.click(screen.getByRole('radio', { name: 'Not said' }));
    expect(screen.getByText('Charities are told that the allergens were not stated.')).toBeTruthy();
    expect(foodSafetyBody(last)).not.toHaveProperty('allergens');
  });
});
