import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { LOCALE_STORAGE_KEY } from './locales';
import { setLocale, startLocale, useLocale } from './i18n';

const html = () => document.documentElement;

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('en', { remember: false });
});

describe('the locale module', () => {
  it('has English ready before anything is awaited, so the first render needs no catalogue download', () => {
    expect(i18n.locale).toBe('en');
    expect(i18n._('nav.home')).toBe('Home');
  });

  it('switches to Arabic at once: its catalogue, <html lang dir>, the store, and the choice kept on the device', async () => {
    await setLocale('ar');
    expect(i18n._('nav.home')).toBe('الرئيسية');
    expect(html().lang).toBe('ar');
    expect(html().dir).toBe('rtl');
    expect(useLocale.getState().locale).toBe('ar');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');

    await setLocale('es');
    expect(i18n._('nav.home')).toBe('Inicio');
    expect(html().dir).toBe('ltr');
  });

  it('puts plurals and numbers through Intl in the chosen language', async () => {
    expect(i18n._('home.impact.fromRestaurants', { count: 1 })).toBe('from 1 restaurant');
    expect(i18n._('home.impact.kg', { value: 1234.5 })).toBe('1,234.5 kg');
    await setLocale('es');
    expect(i18n._('home.impact.throughCharities', { count: 12 })).toBe('a través de 12 organizaciones benéficas');
    await setLocale('ar');
    expect(i18n._('home.impact.fromRestaurants', { count: 2 })).toBe('من مطعمين');
    // Digits as Intl writes Arabic in this engine (Latin or Arabic-Indic, depending on its CLDR data).
    expect(i18n._('home.impact.fromRestaurants', { count: 3 })).toBe(`من ${new Intl.NumberFormat('ar').format(3)} مطاعم`);
  });

  it('starts in the remembered language, else the browser one, without remembering a guess', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await startLocale();
    expect(useLocale.getState().locale).toBe('es');

    localStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en']);
    await startLocale();
    expect(useLocale.getState().locale).toBe('ar');
    expect(html().dir).toBe('rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});
