import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { FIRST_SCREEN_ROWS } from '@foodbridge/shared';
import { picturesInTime, splitIndexHtml } from './all-donations-first-paint.ts';

// The app's own index.html (its source: the build keeps the template, the comments and the scripts' tags as they are).
const indexHtml = readFileSync(new URL('../../../pwa/index.html', import.meta.url), 'utf8');
const SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { appFiles: { 'index.html': indexHtml } });
  [admin, restaurant] = await createUsers(t, ['admin', 'restaurant']);
});
afterAll(() => t?.close());

const page = async (path: string) => {
  const res = await t.request('GET', path, { headers: { accept: 'text/html,application/xhtml+xml' } });
  return { ...res, html: Buffer.from(res.body as ArrayBuffer).toString() };
};
/** The pictures of the first screen's cards, in the order drawn. */
const picturesIn = (html: string) => [...html.matchAll(/<img src="([^"?]+)\?w=480" srcset="([^"]+)"[^>]*>/g)].map((m) => ({ src: m[1], srcset: m[2], tag: m[0] }));

async function verifiedWithPicture(): Promise<string> {
  const image = `/images/${randomUUID()}`;
  await verifyDonation(t, admin, await postDonation(t, restaurant, { image }));
  return image;
}

describe("All Donations' first screen in its HTML", () => {
  const older: string[] = [];

  it('is left out while the first screen is the whole list (whose count the app says at once)', async () => {
    expect((await page('/allDonations')).html).not.toContain('<div id="first-paint-all-donations"');
    for (let i = 0; i < FIRST_SCREEN_ROWS; i++) older.push(await verifiedWithPicture());
    const res = await page('/allDonations');
    expect(res.status).toBe(200);
    expect(res.html).not.toContain('<div id="first-paint-all-donations"');
    expect(res.html).toContain('<script src="/first-paint.js"></script>');
  });

  it("carries the pictures of a visitor's first row, as the list's API orders them and the cards ask for them", async () => {
    const shown = [await verifiedWithPicture(), await verifiedWithPicture(), await verifiedWithPicture()].reverse();
    // Newest of all, but not on the public list.
    await postDonation(t, restaurant, { image: `/images/${randomUUID()}` });

    const res = await page('/allDonations');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.html).toContain('<div id="first-paint-all-donations" aria-hidden="true">');
    // Shown only by its own script (to a visitor with the list's view), in place of the home page's.
    expect(res.html).toContain('<script src="/all-donations-first-paint.js"></script>');
    expect(res.html).not.toContain('/first-paint.js"');
    expect(res.html).not.toContain('<template');
    expect(res.html).not.toContain('hero-surplus');

    const api = await t.request('GET', '/donations/verified?sort=newest&limit=3', { headers: { accept: '*/*' } });
    const cards = picturesIn(res.html);
    expect(cards.map((c) => c.src)).toEqual((api.body as { image: string }[]).map((d) => d.image));
    expect(cards.map((c) => c.src)).toEqual(shown);
    for (const picture of older) expect(res.html).not.toContain(picture);
    // What donation-card.tsx writes, so the browser takes the same file for the app's card.
    expect(cards[0]!.srcset).toBe(`${shown[0]}?w=320 320w, ${shown[0]}?w=480 480w, ${shown[0]}?w=640 640w, ${shown[0]}?w=960 960w`);
    for (const c of cards) expect(c.tag).toContain(`sizes="${SIZES}"`);
    // The first card is the page's largest picture; the others load only where the row has room for them.
    expect(cards[0]!.tag).toContain('fetchpriority="high"');
    expect(cards[1]!.tag).toContain('loading="lazy"');
  });

  it('is not in the page of a list with filters, of another path, or of the home page', async () => {
    const filtered = await page('/allDonations?sort=bestBefore');
    expect(filtered.html).not.toContain('<div id="first-paint-all-donations"');
    const other = await page('/donations/verified');
    expect(other.html).not.toContain('<div id="first-paint-all-donations"');
    const home = await page('/');
    expect(home.html).toContain('<script src="/first-paint.js"></script>');
    expect(home.html).toContain('hero-surplus.svg');
    expect(home.html).not.toContain('<div id="first-paint-all-donations"');
    expect(home.html).not.toContain('<template');
    // Everything else of index.html is there as it was.
    expect(home.html).toBe(splitIndexHtml(indexHtml).page);
    expect(home.html.length).toBeGreaterThan(indexHtml.length - indexHtml.slice(indexHtml.indexOf('<!-- All Donations')).length);
  });
});

describe('building the page', () => {
  const { forAllDonations } = splitIndexHtml(indexHtml);

  it("keeps each card in its row: the cards stop at a row whose picture is not one of ours", () => {
    expect(forAllDonations).toBeDefined();
    expect(forAllDonations!(['https://example.org/a.jpg', '/images/b'])).toBeUndefined();
    expect(forAllDonations!([])).toBeUndefined();
    expect(picturesIn(forAllDonations!(['/images/a', 'https://example.org/b.jpg', '/images/c'])!).map((c) => c.src)).toEqual(['/images/a']);
    expect(forAllDonations!(['/images/a"><script>', '/images/b'])).toBeUndefined();
  });

  it('serves an index.html without the template as it is, on every path', () => {
    const plain = '<!doctype html><title>FoodBridge</title>';
    expect(splitIndexHtml(plain)).toEqual({ page: plain });
  });

  it('gives up on a slow database rather than hold the page back', async () => {
    // Answered without the pictures while the database has still not answered (checked by order, not by the clock).
    let answered = false;
    const slow = () => new Promise<string[]>((resolve) => setTimeout(() => resolve(['/images/late']), 2000)).finally(() => (answered = true));
    expect(await picturesInTime(slow)).toEqual([]);
    expect(answered).toBe(false);
    expect(await picturesInTime(() => Promise.reject(new Error('database down')))).toEqual([]);
    expect(await picturesInTime(async () => ['/images/a'])).toEqual(['/images/a']);
  });
});
