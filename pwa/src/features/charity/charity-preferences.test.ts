import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CharityPreferencesSchema } from '@foodbridge/shared/schemas/charity-preferences';
import { issueMessage } from '@/lib/form-errors';
import { alertsSummary, draftOf, inputOf } from './charity-preferences';

const SAVED = { homeAddress: 'Main Street 1', homeLatitude: 52.52, homeLongitude: 13.4, notifyRadiusKm: 5, notifyFoodTypes: ['Bakery' as const] };

describe('the home base and alerts form', () => {
  it('round-trips the saved preferences through the draft', () => {
    expect(CharityPreferencesSchema.parse(inputOf(draftOf(SAVED)))).toEqual(SAVED);
    const none = draftOf(undefined);
    expect(none).toEqual({ homeAddress: '', home: undefined, radius: '', foodTypes: [] });
    expect(inputOf(none)).toEqual({ homeAddress: null, homeLatitude: null, homeLongitude: null, notifyRadiusKm: null, notifyFoodTypes: [] });
  });

  it('asks for a home base before a distance, in the shared schema words', () => {
    const result = CharityPreferencesSchema.safeParse(inputOf({ ...draftOf(undefined), radius: '10' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['notifyRadiusKm'], message: 'validation/home-base-needed' });
    expect(issueMessage(result.error!.issues[0]!)).toBe('Set your home base to be told of donations within a distance');
  });

  it('says in one sentence what the charity is told of', () => {
    expect(alertsSummary(i18n, draftOf(undefined))).toBe('No alerts: you are not told of new donations.');
    expect(alertsSummary(i18n, draftOf(SAVED))).toBe('You are told of new Bakery donations within 5 km of your home base.');
    expect(alertsSummary(i18n, { ...draftOf(SAVED), foodTypes: [] })).toBe('You are told of every new donation within 5 km of your home base.');
    expect(alertsSummary(i18n, { ...draftOf(SAVED), radius: '', foodTypes: ['Produce', 'Bakery'] })).toBe('You are told of new Produce, Bakery donations, at any distance.');
  });
});
