// @ts-check
// Issue 13's first slice: the navbar, footer, home and login page in Spanish and Arabic. The first language follows
// the browser's, the menu switches at once and is remembered on the device, and Arabic mirrors the layout (checked
// by element positions) without text running off a 360 px screen.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { DESKTOP, PHONE, box, openHarness } from '../lib/browser.mjs';
import { axeProblems, fitsWidth } from '../lib/checks.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const h = await openHarness();
after(() => h.close());

/** @param {Page} page */
const html = (page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('languages', () => {
  it("starts in the browser's language: Spanish for an es-MX browser", h.guard('spanish browser', async () => {
    const page = await h.context('es-MX', DESKTOP, { locale: 'es-MX' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'es', dir: 'ltr' });
    await page.getByRole('heading', { name: 'Donaciones destacadas' }).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Hola de nuevo' }).waitFor();
    await page.getByLabel('Contraseña', { exact: true }).waitFor();
  }));

  it('switches to Arabic from the navbar at once, mirrors the navbar, and remembers it', h.guard('arabic desktop', async () => {
    const page = await h.context('ar desktop');
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await page.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'ar', dir: 'rtl' });

    // Right to left: the logo is at the right end of the bar and the sign-in button at the left.
    const logo = await box(page.getByRole('link', { name: 'الصفحة الرئيسية لـ FoodBridge' }).first());
    const login = await box(page.getByRole('link', { name: 'تسجيل الدخول' }));
    assert.ok(logo.x > login.x + login.width, `logo at ${logo.x}, Login at ${login.x}`);

    await page.reload();
    await page.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    assert.equal((await html(page)).dir, 'rtl');

    // The login page: its own language menu, and the password's show button at the field's left end.
    await page.getByRole('link', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();
    const field = await box(page.getByLabel('كلمة المرور', { exact: true }));
    const toggle = await box(page.getByRole('button', { name: 'إظهار كلمة المرور' }));
    assert.ok(toggle.x + toggle.width / 2 < field.x + field.width / 2, `toggle at ${toggle.x}, field ${field.x}..${field.x + field.width}`);
    const menus = page.getByRole('combobox', { name: 'اللغة' });
    await menus.last().selectOption('en');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    assert.deepEqual(await html(page), { lang: 'en', dir: 'ltr' });
  }));

  it('fits a 360 px phone in Arabic: home and login, with the language menu in the side menu', h.guard('arabic phone', async () => {
    const page = await h.context('ar phone', PHONE, { locale: 'ar-EG' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'تبرعات مميزة' }).waitFor();
    assert.equal((await html(page)).dir, 'rtl');
    assert.ok(await fitsWidth(page), 'home page is no wider than the screen');
    assert.deepEqual(await axeProblems(page), [], 'axe on the Arabic home page');
    // The header's logo and its sign-in link side by side, neither over the other (issue 50), the link on one line.
    const header = page.getByRole('navigation').first();
    const logo = await box(header.getByRole('link', { name: /FoodBridge|فود/ }).first());
    const login = header.getByRole('link', { name: 'تسجيل الدخول' });
    const signIn = await box(login);
    const apart = logo.x + logo.width <= signIn.x + 0.5 || signIn.x + signIn.width <= logo.x + 0.5;
    assert.ok(apart, `the logo (${JSON.stringify(logo)}) and the sign-in link (${JSON.stringify(signIn)}) overlap`);
    assert.ok(signIn.height < 48, 'the sign-in link is on one line');
    const menuButton = page.getByRole('button', { name: 'فتح القائمة' });
    await menuButton.click();
    await page.getByRole('combobox', { name: 'اللغة' }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();
    assert.ok(await fitsWidth(page), 'login page is no wider than the screen');
    assert.deepEqual(await axeProblems(page), [], 'axe on the Arabic login page');
  }));
});
