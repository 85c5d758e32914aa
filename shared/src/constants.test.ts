import { describe, expect, it } from 'vitest';
import { canonical, DONATION_STATUSES, FOOD_TYPES, ROLES } from './constants.ts';

describe('canonical', () => {
  it('finds the stored spelling of a value written in any case', () => {
    expect(canonical(DONATION_STATUSES, 'picked')).toBe('Picked');
    expect(canonical(DONATION_STATUSES, 'PENDING')).toBe('Pending');
    expect(canonical(FOOD_TYPES, 'cOOKED mEAL')).toBe('Cooked Meal');
    expect(canonical(ROLES, 'Admin')).toBe('admin');
  });

  it('ignores spaces around the value, not inside it', () => {
    expect(canonical(FOOD_TYPES, '  packaged goods\n')).toBe('Packaged Goods');
    expect(canonical(FOOD_TYPES, 'packaged  goods')).toBeUndefined();
  });

  it('gives undefined for an unknown value, an empty one, or one that is not text', () => {
    expect(canonical(DONATION_STATUSES, 'Delivered')).toBeUndefined();
    expect(canonical(DONATION_STATUSES, '')).toBeUndefined();
    expect(canonical(DONATION_STATUSES, undefined)).toBeUndefined();
    expect(canonical(DONATION_STATUSES, null)).toBeUndefined();
    expect(canonical(DONATION_STATUSES, ['Picked'])).toBeUndefined();
    expect(canonical(DONATION_STATUSES, 5)).toBeUndefined();
  });

  it('does not match a prefix or a part of a value', () => {
    expect(canonical(DONATION_STATUSES, 'pick')).toBeUndefined();
    expect(canonical(ROLES, 'administrator')).toBeUndefined();
  });
});
