// @ts-check
// Issue 49, its third point: proof of pickup. A driver (390 px, installed app) adds two camera photos to a pickup
// report offline; they are made smaller on the phone, wait with the confirmation (also across an offline reload),
// and upload once the connection returns, after the confirmation, resuming where a broken upload stopped. The
// restaurant sees them on the donation's page; a visitor sees neither the section nor the pictures.
import assert from 'node:assert/strict';
import { after, describe } from 'node:test';
import { ACCOUNTS, PHONE, apiAs, eventually, openHarness, signIn } from '../lib/browser.mjs';
import { photoFile } from '../lib/images.mjs';
import { WITH_SW, createAcceptedDonation, pickupCard, pictureShows, serverDonation, syncStatus, waitForServiceWorker } from '../lib/pwa.mjs';
import { stepsOf } from '../lib/steps.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('@foodbridge/shared/schemas/pickup-photo').PickupPhoto} PickupPhoto */

const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const CHUNK = 256 * 1024;
const h = await openHarness();
/**
 * @type {{ page: Page, donation: { id: string, title: string }, restaurant: import('../lib/browser.mjs').Api,
 *   charity: import('../lib/browser.mjs').Api, chunks: { offset: number, status: number | 'aborted' }[], photos: PickupPhoto[] }}
 */
const state = /** @type {any} */ ({ chunks: [] });

describe('proof of pickup: photos taken offline reach the restaurant', () => {
  after(() => h.close());
  const step = stepsOf(h, 'pickup-photos');

  step('1. offline, the driver confirms with two photos: they wait on the phone, also after a reload', async () => {
    [state.restaurant, state.charity] = await Promise.all([apiAs(ACCOUNTS.restaurant), apiAs(ACCOUNTS.charity)]);
    state.donation = await createAcceptedDonation({ titlePrefix: 'E2E photos' });
    const page = (state.page = await h.context('charity', PHONE_390, WITH_SW));
    await signIn(page, ACCOUNTS.charity);
    await waitForServiceWorker(page);
    await page.goto('/dashBoard/myPickups');
    const card = pickupCard(page, state.donation.title);
    await card.getByRole('button', { name: 'Confirm Pickup' }).waitFor({ timeout: 30_000 });
    await syncStatus(page).getByText(/Last synced \d\d:\d\d/).waitFor({ timeout: 30_000 });

    await page.context().setOffline(true);
    await syncStatus(page).getByText('Offline').waitFor();
    await card.getByRole('button', { name: 'Confirm Pickup' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel(/Add photos/).setInputFiles([await photoFile('crates.jpg'), await photoFile('fridge.jpg', { shade: 140 })]);
    const chosen = dialog.getByRole('list', { name: 'Photos to send' });
    await chosen.getByRole('img', { name: 'Photo 2' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Remove photo 1' }).waitFor();
    await dialog.getByRole('button', { name: /confirm/i }).click();
    await card.getByText(/waiting to sync/i).first().waitFor();
    await card.getByText('2 photos waiting to upload').waitFor();

    await page.reload();
    await pickupCard(page, state.donation.title).getByText('2 photos waiting to upload').waitFor({ timeout: 30_000 });
    assert.equal((await serverDonation(state.charity, state.donation.id))?.status, 'Accepted', 'nothing reached the server');
  });

  step('2. back online: the confirmation, then the photos, each once; a broken chunk resumes, not restarts', async () => {
    const { page } = state;
    const context = page.context();
    // The second chunk of the first upload is cut off once, as a weak link would.
    let cut = false;
    await context.route(/\/donations\/pickup\/[^/]+\/photos\/[^/]+$/, async (route) => {
      const request = route.request();
      const offset = Number((await request.allHeaders())['upload-offset'] ?? -1);
      if (request.method() === 'PATCH' && offset === CHUNK && !cut) {
        cut = true;
        state.chunks.push({ offset, status: 'aborted' });
        return route.abort('connectionreset');
      }
      const response = await route.fetch();
      if (request.method() === 'PATCH') state.chunks.push({ offset, status: response.status() });
      return route.fulfill({ response });
    });
    await context.setOffline(false);

    state.photos = await eventually(
      async () => {
        /** @type {PickupPhoto[]} */
        const list = await state.restaurant.get(`/donations/${state.donation.id}/pickup-photos`);
        return list.length === 2 ? list : false;
      },
      { timeout: 90_000, interval: 500, what: 'the two photos on the server' },
    );
    assert.equal((await serverDonation(state.charity, state.donation.id))?.status, 'Picked');
    assert.ok(cut, 'a chunk was cut off');
    // Resumed: after the cut, the upload went on from the server's offset; no upload started twice from 0.
    const starts = state.chunks.filter((c) => c.offset === 0).length;
    assert.equal(starts, 2, `each photo's upload began once (chunks: ${JSON.stringify(state.chunks)})`);
    assert.ok(state.chunks.some((c) => c.offset === CHUNK && c.status !== 'aborted'), `the cut chunk was sent again from its offset (chunks: ${JSON.stringify(state.chunks)})`);
    for (const photo of state.photos) assert.ok(Math.max(photo.width, photo.height) <= 1600, `made smaller on the phone (${photo.width} x ${photo.height})`);
    await pickupCard(page, state.donation.title).getByText(/photos? waiting to upload/).waitFor({ state: 'detached', timeout: 30_000 });
    await context.unroute(/\/donations\/pickup\/[^/]+\/photos\/[^/]+$/);
  });

  step('3. the restaurant sees them on the donation’s page; a visitor sees neither the section nor the pictures', async () => {
    const page = await h.context('restaurant', PHONE_390);
    await signIn(page, ACCOUNTS.restaurant);
    await page.goto(`/donations/${state.donation.id}`);
    const section = page.getByRole('region', { name: 'Pickup photos' });
    await section.waitFor({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Open photo 1 of 2 full size' }).waitFor();
    assert.equal(await section.locator('img').count(), 2);
    for (const i of [0, 1]) await pictureShows(section.locator('img').nth(i), `thumbnail ${i + 1}`);

    const visitor = await h.context('visitor', PHONE_390);
    await visitor.goto(`/donations/${state.donation.id}`);
    await visitor.getByRole('heading', { name: state.donation.title }).waitFor({ timeout: 30_000 });
    assert.equal(await visitor.getByRole('region', { name: 'Pickup photos' }).count(), 0, 'no photos section for a visitor');
    const unsigned = await visitor.request.get(new URL(state.photos[0]?.url ?? '', 'http://x').pathname);
    assert.equal(unsigned.status(), 403, 'a photo without its signature is refused');
  });
});
