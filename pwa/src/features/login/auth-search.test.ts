import { describe, expect, it } from 'vitest';
import { validateAuthSearch } from './auth-search';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a path of this app with its search and hash', () => {
    expect(safeRedirect('/dashBoard/myDonations')).toBe('/dashBoard/myDonations');
    expect(safeRedirect('/donations?q=bread&type=Bakery#top')).toBe('/donations?q=bread&type=Bakery#top');
    expect(safeRedirect('/loginhelp')).toBe('/loginhelp');
  });

  it('refuses anything that could leave the app (an open redirect)', () => {
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
    expect(safeRedirect('/\\evil.example/')).toBeUndefined();
    expect(safeRedirect('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirect('dashBoard')).toBeUndefined();
  });

  it('refuses the sign-in pages themselves, which would loop', () => {
    expect(safeRedirect('/login')).toBeUndefined();
    expect(safeRedirect('/Login?redirect=/x')).toBeUndefined();
    expect(safeRedirect('/registration/')).toBeUndefined();
    expect(safeRedirect('/registration#form')).toBeUndefined();
  });

  it('refuses what is not text', () => {
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(['/dashBoard'])).toBeUndefined();
  });
});

describe('validateAuthSearch', () => {
  it('keeps the redirect, unchecked, and nothing else (the pages check it with safeRedirect)', () => {
    expect(validateAuthSearch({ redirect: '/dashBoard', extra: 'x' })).toEqual({ redirect: '/dashBoard' });
    expect(validateAuthSearch({ redirect: 'https://evil.example/' })).toEqual({ redirect: 'https://evil.example/' });
    expect(validateAuthSearch({})).toEqual({});
  });
});
