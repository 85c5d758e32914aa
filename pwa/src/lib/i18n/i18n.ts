// The app's one Lingui instance, the chosen language as a zustand store, and the switch between languages.
// English's home-page catalogue is bundled with this module, so the first render never waits for it and the home
// page stays within its budget; every other catalogue is downloaded on demand (docs/decisions/008-languages.md): the
// rest of the app's and shared/'s errors and texts, one chunk per language, when a page other than home first opens;
// another language's home catalogue when someone picks that language.
import { i18n, type I18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { messages as english } from '@/locales/en/messages';
import { detectLocale, directionOf, intlLocales, LOCALE_STORAGE_KEY, SOURCE_LOCALE, type Locale } from './locales';

type Catalogue = () => Promise<{ messages: Messages }>;

const homeCatalogues: Record<Exclude<Locale, 'en'>, Catalogue> = {
  es: () => import('@/locales/es/messages'),
  ar: () => import('@/locales/ar/messages'),
};

// Each language's app catalogues are one chunk, imported directly: a list of them loaded first would be one more
// round trip before any page but home could render.
const appCatalogues: Record<Locale, Catalogue> = {
  en: () => import('./app-catalogues-en'),
  es: () => import('./app-catalogues-es'),
  ar: () => import('./app-catalogues-ar'),
};

i18n.load(SOURCE_LOCALE, { ...english });
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

/** `${locale}:home` and `${locale}:app` once loaded. */
const loaded = new Set<string>([`${SOURCE_LOCALE}:home`]);
/** Set once a page other than home has opened: from then on a language switch loads the app's catalogues too. */
let appWanted = false;
let switching: Promise<void> = Promise.resolve();

async function loadCatalogues(locale: Locale) {
  if (!loaded.has(`${locale}:home`) && locale !== 'en') {
    i18n.load(locale, { ...(await homeCatalogues[locale]()).messages });
    loaded.add(`${locale}:home`);
  }
  if (appWanted && !loaded.has(`${locale}:app`)) {
    i18n.load(locale, (await appCatalogues[locale]()).messages);
    loaded.add(`${locale}:app`);
  }
}

/** Loads the language's catalogue if needed, then switches the whole app (and <html lang dir>) to it at once. */
export function setLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  // One switch at a time, in the order asked: a quick es -> ar -> en must end in English.
  // A failed download (offline, say) leaves the language as it was and must not block the switches after it.
  const next = switching.then(async () => {
    await loadCatalogues(locale);
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

/**
 * The catalogues of every page but home, in the current language (and in any language switched to later). The root
 * route awaits it before such a page renders; it settles at once when they are already here.
 */
export function loadAppCatalogues(): Promise<void> {
  appWanted = true;
  const next = switching.then(() => loadCatalogues(useLocale.getState().locale));
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
