import { CARD_IMAGE_WIDTHS, FIRST_SCREEN_ROWS } from '@foodbridge/shared';
import type { Sql } from '../db/connection.ts';
import { listDonations } from '../db/donations.ts';

/**
 * All Donations' first screen in its HTML (issue 9): the page's largest picture, its first card's, is otherwise asked
 * for only once the start-up script, the page's code and catalogues and the list's first answer are in (LCP 3 s on
 * Lighthouse's slow phone). pwa/index.html holds the screen as a template; for a navigation to /allDonations the
 * server puts it in #root, in place of the home page's first screen, with the pictures of a visitor's first row of
 * cards, read by the very query the list's API runs, so the app's cards find them loaded.
 */

/** The list's first row at its widest (3 columns), all the cards the app loads eagerly (all-donations-page.tsx). */
export const FIRST_PAINT_CARDS = 3;
// As src/components/donation-card.tsx writes a card's picture (its src at the card's width, 480, and the shared
// srcset): the same URL, srcset and sizes make the same request.
const CARD_SRC_WIDTH = 480;
// Only our own stored pictures (what imageUrl sizes): anything else is left to the app.
const OWN_PICTURE = /^\/images\/[A-Za-z0-9_-]+$/;
// A slow database must not hold the page back: past this, the page goes out as it always did.
const QUERY_WAIT_MS = 250;

// The template with the comment that says what it is: neither has a place in any other page.
const TEMPLATE = /(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<template id="all-donations-first-paint">([\s\S]*?)<\/template>\s*/;
const CARD = /[ \t]*<div class="[^"]*">\s*<img data-first-card-picture[\s\S]*?<\/div>\s*<\/div>\n?/g;
const ROOT_START = '<div id="root">';
const FIRST_PAINT_SCRIPT = '<script src="/first-paint.js"></script>';
// Shows the screen only to a visitor whose list is the default one (pwa/public/all-donations-first-paint.js).
const LIST_SCRIPT = '<script src="/all-donations-first-paint.js"></script>';

/**
 * The first row's picture URLs of a visitor's All Donations (verified, on offer, newest first: the API's query for
 * the app's first screen). None when that screen is the whole list: the app then says its count at once, on a line
 * whose height (one line or two, by the width and the language) the first screen cannot know, so its cards would
 * not be where the app draws them. A longer list says no count until the rest is in.
 */
export async function firstCardPictures(sql: Sql): Promise<string[]> {
  const rows = await listDonations(sql, { kind: 'verified' }, { limit: FIRST_SCREEN_ROWS }, { sort: { by: 'newest' } });
  if (rows.length <= FIRST_SCREEN_ROWS) return [];
  return rows.slice(0, FIRST_PAINT_CARDS).map((r) => r.image);
}

/** Waits for the pictures at most QUERY_WAIT_MS; a failure or a late answer is no first screen, never an error. */
export async function picturesInTime(read: () => Promise<string[]>): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), QUERY_WAIT_MS)));
  try {
    return await Promise.race([read().catch(() => []), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The two pages index.html makes: every path's (without the template, which is All Donations' alone), and a builder
 * of All Donations' from its first pictures. `forAllDonations` is undefined when index.html has no such template (an
 * older build) or is not shaped as expected: All Donations is then served as every other path.
 */
export function splitIndexHtml(indexHtml: string): { page: string; forAllDonations?: (pictures: string[]) => string | undefined } {
  const template = TEMPLATE.exec(indexHtml);
  if (!template) return { page: indexHtml };
  const page = indexHtml.replace(TEMPLATE, '');
  const screen = template[1]!.trim();
  const cards = screen.match(CARD) ?? [];
  const rootStart = page.indexOf(ROOT_START);
  const rootEnd = page.lastIndexOf('</div>', page.indexOf('</body>'));
  if (!cards.length || rootStart < 0 || rootEnd < rootStart || !page.includes(FIRST_PAINT_SCRIPT)) return { page };
  const before = page.slice(0, rootStart + ROOT_START.length).replace(FIRST_PAINT_SCRIPT, LIST_SCRIPT);
  const after = page.slice(rootEnd);
  // The cards' run in the template, to be replaced by the cards that get a picture.
  const start = screen.indexOf(cards[0]!);
  const end = screen.indexOf(cards.at(-1)!) + cards.at(-1)!.length;
  return {
    page,
    forAllDonations: (pictures) => {
      // Each card where the app draws that row: the cards stop at the first row without a picture of our own (the
      // app draws a placeholder or another address there). None: no LCP to bring forward, the page goes out as ever.
      const firstOther = pictures.findIndex((p) => !OWN_PICTURE.test(p));
      const own = pictures.slice(0, Math.min(cards.length, firstOther < 0 ? pictures.length : firstOther));
      if (!own.length) return undefined;
      const filled = own.map((p, i) =>
        cards[i]!.replace('<img data-first-card-picture', `<img src="${p}?w=${CARD_SRC_WIDTH}" srcset="${CARD_IMAGE_WIDTHS.map((w) => `${p}?w=${w} ${w}w`).join(', ')}"`),
      );
      return `${before}\n      ${screen.slice(0, start)}${filled.join('')}${screen.slice(end)}\n    ${after}`;
    },
  };
}
