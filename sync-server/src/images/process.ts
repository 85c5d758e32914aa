import type { Metadata } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, errorText, type ErrorCode } from '@foodbridge/shared';
import { sniffImageType, type ImageType } from './sniff.ts';

/** The `mb` of 'images/too-large', for every oversized upload, whether the body limit or the upload route notices it first. */
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * A 5 MB file can still decode to gigabytes (a "pixel bomb": a 110 kB PNG of 30,000 x 30,000 pixels is 900 MB
 * decoded, a 35-byte GIF or a 90-byte WebP can claim as much); nothing a donation card shows needs more than this,
 * and a 48-megapixel phone photo still fits. sharp is given it as `limitInputPixels` on every image it opens, so
 * it refuses such a file from its header, before allocating any pixel.
 */
const IMAGE_MAX_PIXELS = 50_000_000;
const PIXEL_LIMIT = { limitInputPixels: IMAGE_MAX_PIXELS } as const;
/** The width of the trial decode on upload: any width makes the decoder read every row; a small one costs least. */
const TRIAL_WIDTH = 16;

/** A file that is no picture we take: its code, and its sentence as the message. */
export class ImageRejected extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode) {
    super(errorText(code));
    this.code = code;
  }
}

export interface InspectedImage {
  type: ImageType;
  /** As displayed, i.e. after the EXIF orientation of phone photos is applied. */
  width: number;
  height: number;
}

/**
 * sharp (libvips, ~20 MB resident) is loaded by the first picture, not at start-up: a server that serves no upload
 * in its life, or not yet, does not hold it (issue 9's memory target).
 */
let loading: Promise<typeof import('sharp')['default']> | undefined;
export const loadSharp = () => (loading ??= import('sharp').then((m) => m.default));

/** sharp's refusal of a picture over `limitInputPixels` (its only signal is the message). */
const overPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * Checks that `bytes` is an image we accept (by content), that it decodes, and reads its displayed size. A file
 * whose header reads but whose pixels do not (cut off, damaged) is refused here, rather than stored and failing
 * later each time a variant of it is asked for.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected('images/not-supported');
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, PIXEL_LIMIT).metadata();
  } catch (err) {
    throw new ImageRejected(overPixelLimit(err) ? 'images/too-many-pixels' : 'images/unreadable');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageRejected('images/unreadable');
  try {
    await renderVariant(bytes, TRIAL_WIDTH);
  } catch (err) {
    throw new ImageRejected(overPixelLimit(err) ? 'images/too-many-pixels' : 'images/unreadable');
  }
  return { type, width, height };
}

/**
 * The width a `?w=` request is served at: rounded up to the next standard width (so caches hold a handful of
 * variants, not one per pixel), and never wider than the original.
 */
export function variantWidth(requested: number, originalWidth: number): number {
  const standard = IMAGE_WIDTHS.find((w) => w >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return Math.min(standard, originalWidth);
}

/**
 * A WebP of the image at `width`, orientation applied. Only the first frame of an animation: variants are for
 * small screens on weak signal, and a long animation would multiply the pixels decoded past the upload check.
 */
export async function renderVariant(bytes: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, PIXEL_LIMIT)
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
