import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, offline, stubServer } from '@/testing/server';
import { useSession } from '@/lib/auth/session-store';
import { applyAccountLocale, chooseLocale, saveAccountLocale, SIGNED_OUT_CHOICE_KEY, UNSAVED_LOCALE_KEY } from './account-locale';
import { setLocale, useLocale } from './i18n';
import { LOCALE_STORAGE_KEY } from './locales';

const dana = { id: 'user-1', email: 'dana@example.test', name: 'Dana' };
const saved = (locale: string) => () => json(200, { modifiedCount: 1, user: { _id: dana.id, locale } });

beforeEach(async () => {
  await setLocale('en', { remember: false });
  localStorage.clear();
  useSession.getState().setSession(dana, 'charity');
});
afterEach(() => useSession.getState().setSession(null));

describe('saveAccountLocale (the language menu while signed in)', () => {
  it('saves the choice to the account', async () => {
    const server = stubServer({ 'PATCH /users/me': saved('ar') });
    await saveAccountLocale('ar');
    expect(server.requests).toEqual([expect.objectContaining({ method: 'PATCH', path: '/users/me', body: { locale: 'ar' } })]);
    expect(localStorage.getItem(UNSAVED_LOCALE_KEY)).toBeNull();
  });

  it('sends nothing for a signed-out visitor: the device alone remembers', async () => {
    useSession.getState().setSession(null);
    const server = stubServer({});
    await saveAccountLocale('es');
    expect(server.requests).toEqual([]);
  });

  it('offline, keeps the choice and sends it when the browser is back online', async () => {
    const server = stubServer({ 'PATCH /users/me': offline });
    await expect(saveAccountLocale('es')).resolves.toBeUndefined();
    expect(JSON.parse(localStorage.getItem(UNSAVED_LOCALE_KEY)!)).toEqual({ userId: dana.id, locale: 'es' });

    stubServer({ 'PATCH /users/me': saved('es') });
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => localStorage.getItem(UNSAVED_LOCALE_KEY)).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('drops a choice the server refuses (it would be refused again)', async () => {
    stubServer({ 'PATCH /users/me': () => json(400, { message: 'Invalid input' }) });
    await saveAccountLocale('es');
    expect(localStorage.getItem(UNSAVED_LOCALE_KEY)).toBeNull();
  });
});

describe('applyAccountLocale (after sign-in)', () => {
  it('switches the app to the account’s language when it differs from the device’s', async () => {
    const server = stubServer({});
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(useLocale.getState().locale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(server.requests).toEqual([]);
  });

  it('leaves the device’s language to an account that chose none, and tells the account one picked on this device', async () => {
    const quiet = stubServer({});
    await applyAccountLocale({ _id: dana.id });
    expect(useLocale.getState().locale).toBe('en');
    expect(quiet.requests).toEqual([]);

    await setLocale('es');
    const server = stubServer({ 'PATCH /users/me': saved('es') });
    await applyAccountLocale({ _id: dana.id });
    expect(useLocale.getState().locale).toBe('es');
    expect(server.requests).toEqual([expect.objectContaining({ body: { locale: 'es' } })]);
  });

  it('sends a choice made offline rather than going back to the account’s older one, and only for its own account', async () => {
    stubServer({ 'PATCH /users/me': offline });
    await setLocale('es');
    await saveAccountLocale('es');

    // Someone else signs in on this device: their account's language, and nothing of Dana's sent for them.
    const other = stubServer({});
    await applyAccountLocale({ _id: 'user-2', locale: 'ar' });
    expect(useLocale.getState().locale).toBe('ar');
    expect(other.requests).toEqual([]);

    await setLocale('es');
    const server = stubServer({ 'PATCH /users/me': saved('es') });
    await applyAccountLocale({ _id: dana.id, locale: 'en' });
    expect(useLocale.getState().locale).toBe('es');
    expect(server.requests).toEqual([expect.objectContaining({ body: { locale: 'es' } })]);
    expect(localStorage.getItem(UNSAVED_LOCALE_KEY)).toBeNull();
  });
});

describe('a language chosen on the sign-in page, just before signing in (issue 50)', () => {
  /** What the language menu does with a choice. */
  const pick = async (locale: 'en' | 'es' | 'ar') => {
    await setLocale(locale);
    await chooseLocale(locale);
  };

  it("wins over the account's language at sign-in, and is saved to the account", async () => {
    useSession.getState().setSession(null);
    const quiet = stubServer({});
    await pick('es');
    // Signed out, nothing is sent: the choice waits for the sign-in.
    expect(quiet.requests).toEqual([]);

    useSession.getState().setSession(dana, 'charity');
    const server = stubServer({ 'PATCH /users/me': saved('es') });
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(useLocale.getState().locale).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
    expect(server.requests).toEqual([expect.objectContaining({ method: 'PATCH', path: '/users/me', body: { locale: 'es' } })]);
    // Taken once: from then on the account, which now says Spanish, speaks for itself.
    expect(sessionStorage.getItem(SIGNED_OUT_CHOICE_KEY)).toBeNull();
  });

  it('sends nothing when the account has that language already', async () => {
    useSession.getState().setSession(null);
    stubServer({});
    await pick('ar');
    useSession.getState().setSession(dana, 'charity');
    const server = stubServer({});
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(useLocale.getState().locale).toBe('ar');
    expect(server.requests).toEqual([]);
  });

  it("leaves the browser's language, which nobody chose, to yield to the account's", async () => {
    useSession.getState().setSession(null);
    // How the app starts: the browser's language, not remembered as a choice.
    await setLocale('es', { remember: false });
    const server = stubServer({});
    useSession.getState().setSession(dana, 'charity');
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(useLocale.getState().locale).toBe('ar');
    expect(server.requests).toEqual([]);
  });

  it('is kept by the tab only: a choice made here in an earlier visit yields to the account', async () => {
    useSession.getState().setSession(null);
    stubServer({});
    await pick('es');
    // The tab was closed; another day, someone signs in on this device.
    sessionStorage.clear();
    useSession.getState().setSession(dana, 'charity');
    const server = stubServer({});
    await applyAccountLocale({ _id: dana.id, locale: 'ar' });
    expect(useLocale.getState().locale).toBe('ar');
    expect(server.requests).toEqual([]);
  });

  it('is saved at once when someone is signed in, and kept for no later sign-in', async () => {
    const server = stubServer({ 'PATCH /users/me': saved('es') });
    await pick('es');
    expect(server.requests).toEqual([expect.objectContaining({ body: { locale: 'es' } })]);
    expect(sessionStorage.getItem(SIGNED_OUT_CHOICE_KEY)).toBeNull();
  });
});
