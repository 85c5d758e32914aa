import { describe, expect, it } from 'vitest';
import { detectLocale, directionOf, intlLocales } from './locales';

describe('detectLocale', () => {
  it('keeps the language chosen earlier on this device over the browser', () => {
    expect(detectLocale('ar', ['es-ES', 'en'])).toBe('ar');
  });

  it("otherwise takes the first of the browser's languages that the app ships, by its primary subtag", () => {
    expect(detectLocale(null, ['de-DE', 'es-MX', 'ar'])).toBe('es');
    expect(detectLocale(null, ['AR_eg'])).toBe('ar');
  });

  it('ignores a remembered value it does not know and falls back to English', () => {
    expect(detectLocale('klingon', ['fr-FR', 'de'])).toBe('en');
    expect(detectLocale(undefined, undefined)).toBe('en');
    expect(detectLocale(null, [])).toBe('en');
  });
});

describe('directionOf', () => {
  it('is right to left for Arabic only', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('intlLocales', () => {
  it("formats English as en-GB, as the spec's dates are", () => {
    expect(intlLocales('en')).toEqual(['en-GB']);
    expect(intlLocales('ar')).toEqual(['ar']);
  });
});
