// The language kept on the account (issue 13, `locale` of PATCH /users/me): after sign-in the app switches to the
// account's language, and a choice in the language menu while signed in is saved to the account, where the server
// reads it to write that person's notifications, pushes and e-mails. A choice made in the menu while signed out (the
// sign-in page's, just before signing in) wins over the account's at that sign-in, and is saved to it (issue 50).
// Loaded on demand (identity.ts after sign-in, language-select.tsx on a change), so the signed-out home page does not
// pay for it.
import type { User } from '@foodbridge/shared/schemas/user';
import { ApiError, call } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { setLocale, useLocale } from './i18n';
import { isLocale, LOCALE_STORAGE_KEY, type Locale } from './locales';

/**
 * A choice made on this device that the account has not heard of yet (offline at the time, or the server in trouble),
 * with whose account it was: sent when the device is back online or at the next sign-in, and winning over the account's
 * older one then. Another person signing in on this device does not inherit it.
 */
export const UNSAVED_LOCALE_KEY = 'foodbridge.locale.unsaved';

interface Unsaved {
  userId: string;
  locale: Locale;
}

function readUnsaved(): Unsaved | null {
  try {
    const kept = JSON.parse(localStorage.getItem(UNSAVED_LOCALE_KEY) ?? 'null') as Partial<Unsaved> | null;
    return kept && typeof kept.userId === 'string' && isLocale(kept.locale) ? { userId: kept.userId, locale: kept.locale } : null;
  } catch {
    return null;
  }
}

function writeUnsaved(value: Unsaved | null) {
  try {
    if (value) localStorage.setItem(UNSAVED_LOCALE_KEY, JSON.stringify(value));
    else localStorage.removeItem(UNSAVED_LOCALE_KEY);
  } catch {
    // Storage blocked: the choice is still sent now, only not retried later.
  }
}

/** Whether this device holds a language someone picked here (rather than one guessed from the browser). */
function chosenOnDevice(): Locale | null {
  try {
    const kept = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(kept) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * A language picked in the menu while signed out, in this tab: the next sign-in takes it over the account's own and
 * saves it to the account. Kept by the tab (sessionStorage), not the device: a language someone picked here days ago
 * is no choice of the person signing in now, who gets their account's.
 */
export const SIGNED_OUT_CHOICE_KEY = 'foodbridge.locale.signedOutChoice';

function keepSignedOutChoice(locale: Locale | null) {
  try {
    if (locale) sessionStorage.setItem(SIGNED_OUT_CHOICE_KEY, locale);
    else sessionStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
  } catch {
    // Storage blocked: the account's language will win at sign-in, as it did before.
  }
}

/** The language picked while signed out, once: a sign-in takes it. */
function takeSignedOutChoice(): Locale | null {
  try {
    const kept = sessionStorage.getItem(SIGNED_OUT_CHOICE_KEY);
    sessionStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
    return isLocale(kept) ? kept : null;
  } catch {
    return null;
  }
}

let retryWhenOnline: (() => void) | null = null;

/**
 * Saves the language to the signed-in account; never waited for and never fails. Offline or with the server in
 * trouble the choice is kept (UNSAVED_LOCALE_KEY) and sent again when the browser is back online or at the next
 * sign-in; a refusal (4xx) would not go better later and is dropped.
 */
export async function saveAccountLocale(locale: Locale, userId = useSession.getState().user?.id): Promise<void> {
  if (!userId) return;
  writeUnsaved({ userId, locale });
  try {
    await call('PATCH /users/me', { body: { locale } });
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) writeUnsaved(null);
    else if (!retryWhenOnline && typeof window !== 'undefined') {
      retryWhenOnline = () => {
        window.removeEventListener('online', retryWhenOnline!);
        retryWhenOnline = null;
        const unsaved = readUnsaved();
        if (unsaved && unsaved.userId === useSession.getState().user?.id) void saveAccountLocale(unsaved.locale, unsaved.userId);
      };
      window.addEventListener('online', retryWhenOnline);
    }
    return;
  }
  // A later choice may have been made meanwhile: only this one is known to be saved.
  if (readUnsaved()?.locale === locale) writeUnsaved(null);
}

/**
 * The language menu's choice: saved to the account while someone is signed in; else kept for the next sign-in in this
 * tab, where it wins over the account's language (a person who picked Spanish on the sign-in page reads Spanish
 * after signing in, and their account says Spanish from then on).
 */
export function chooseLocale(locale: Locale): Promise<void> {
  const userId = useSession.getState().user?.id;
  keepSignedOutChoice(userId ? null : locale);
  return saveAccountLocale(locale, userId);
}

/**
 * After sign-in (or a start with a saved session), with the account the server answered: a choice made in the menu
 * while signed out, just before, is kept and saved to the account; else a choice this device has not yet told the
 * account is sent now; else the account's language, when it has one, wins over the device's (one the browser's
 * languages gave, or one picked here some other time); an account that never chose takes the one picked on this device,
 * if someone picked one here.
 */
export async function applyAccountLocale(account: Pick<User, '_id' | 'locale'>): Promise<void> {
  const chosen = takeSignedOutChoice();
  if (chosen) {
    if (chosen !== useLocale.getState().locale) await setLocale(chosen).catch(() => undefined);
    if (chosen !== account.locale) return saveAccountLocale(chosen, account._id);
    // The account has it already: an older choice still waiting to be sent for it is outdated.
    if (readUnsaved()?.userId === account._id) writeUnsaved(null);
    return;
  }
  const unsaved = readUnsaved();
  if (unsaved?.userId === account._id) {
    if (unsaved.locale === account.locale) return writeUnsaved(null);
    return saveAccountLocale(unsaved.locale, account._id);
  }
  if (isLocale(account.locale)) {
    if (account.locale !== useLocale.getState().locale) await setLocale(account.locale).catch(() => undefined);
    return;
  }
  const picked = chosenOnDevice();
  if (picked) await saveAccountLocale(picked, account._id);
}
