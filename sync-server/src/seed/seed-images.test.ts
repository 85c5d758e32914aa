import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DONATION_IMAGE_SIZE, donationSvg, prerender, renderAvatar, renderDonationImage } from './seed-images.ts';
import { demoPictureSvgs } from './seed.ts';

describe('demo pictures', () => {
  it('are JPEGs of the sizes they claim, drawn or read from the build', async () => {
    for (const image of [await renderDonationImage('Bakery', 3), await renderAvatar('charity', 1)]) {
      const meta = await sharp(image.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    }
  });

  it('come from the files npm run build drew, one per drawing, when there are some', async () => {
    // A variant the seed never draws, so that this test's file is not one the build left (and is removed after).
    const svg = donationSvg('Produce', 9_999);
    const file = new URL(`../../dist/seed-images/${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.jpg`, import.meta.url);
    try {
      expect(await prerender([svg])).toBe(1);
      const image = await renderDonationImage('Produce', 9_999);
      expect(image.bytes.equals(await readFile(file))).toBe(true);
      expect([image.width, image.height]).toEqual([DONATION_IMAGE_SIZE.width, DONATION_IMAGE_SIZE.height]);
      // A stand-in file proves the bytes are read, not drawn again.
      await writeFile(file, 'drawn by the build');
      expect((await renderDonationImage('Produce', 9_999)).bytes.toString()).toBe('drawn by the build');
      await rm(file);
      // Without its file, the same drawing is rasterised again.
      const drawn = await renderDonationImage('Produce', 9_999);
      expect((await sharp(drawn.bytes).metadata()).width).toBe(DONATION_IMAGE_SIZE.width);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('the build draws every picture the seed stores, each drawing once', () => {
    const svgs = demoPictureSvgs();
    expect(svgs.length).toBeGreaterThan(10);
    expect(new Set(svgs).size).toBe(svgs.length);
  });
});
