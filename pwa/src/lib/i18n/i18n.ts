// The app's one Lingui instance, the chosen language as a zustand store, and the switch between languages.
// English is bundled with this module, so the first render never waits for it and tests need no set-up; every
// other language's catalogue is its own chunk, downloaded only when someone uses that language.
import { i18n, type I18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { messages as english } from '@/locales/en/messages';
import { detectLocale, directionOf, intlLocales, LOCALE_STORAGE_KEY, SOURCE_LOCALE, type Locale } from './locales';

const catalogues: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('@/locales/es/messages'),
  ar: () => import('@/locales/ar/messages'),
};

i18n.load(SOURCE_LOCALE, english);
i18n.activate(SOURCE_LOCALE, intlLocales(SOURCE_LOCALE));

interface LocaleState {
  locale: Locale;
}

export const useLocale = create<LocaleState>(() => ({ locale: SOURCE_LOCALE }));

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): the browser's languages still decide.
    return null;
  }
}

function applyToDocument(locale: Locale) {
  const html = document.documentElement;
  html.lang = locale;
  html.dir = directionOf(locale);
}

const loaded = new Set<Locale>([SOURCE_LOCALE]);
let switching: Promise<void> = Promise.resolve();

/** Loads the language's catalogue if needed, then switches the whole app (and <html lang dir>) to it at once. */
export function setLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  // One switch at a time, in the order asked: a quick es -> ar -> en must end in English.
  // A failed download (offline, say) leaves the language as it was and must not block the switches after it.
  const next = switching.then(async () => {
    if (locale !== 'en' && !loaded.has(locale)) {
      const { messages } = await catalogues[locale]();
      i18n.load(locale, messages);
      loaded.add(locale);
    }
    i18n.activate(locale, intlLocales(locale));
    applyToDocument(locale);
    if (remember) {
      try {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      } catch {
        // Not remembered on this device; the language still changes now.
      }
    }
    useLocale.setState({ locale });
  });
  switching = next.catch(() => undefined);
  return next;
}

/** At start-up, before the first render: the remembered language, else the browser's, else English. */
export function startLocale(): Promise<void> {
  const locale = detectLocale(readStored(), typeof navigator === 'undefined' ? undefined : navigator.languages);
  // Unreachable catalogue: start in English rather than not at all.
  return setLocale(locale, { remember: false }).catch((err: unknown) => console.error(err));
}

/**
 * The Lingui instance, for `i18n._(id, values)`; the component re-renders when the language changes. (Not
 * @lingui/react's provider and hook: they need a provider around every tested component and cost the home page
 * about 1 kB more.)
 */
export function useI18n(): I18n {
  useLocale((s) => s.locale);
  return i18n;
}
