import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS } from '@foodbridge/shared';
import { sniffImageType, type ImageType } from './sniff.ts';

/** One sentence for every oversized upload, whether the body limit or the upload route notices it first. */
export const IMAGE_TOO_LARGE = `Image is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
const IMAGE_NOT_SUPPORTED = 'The file is not a supported image. Please upload a JPEG, PNG, WebP or GIF picture.';
const IMAGE_UNREADABLE = 'The image could not be read. It may be damaged; please try another picture.';
const IMAGE_TOO_MANY_PIXELS = 'The image dimensions are too large. Please upload a smaller picture.';

/**
 * A 5 MB file can still decode to gigabytes (a "pixel bomb"); nothing a donation card shows needs more than this.
 */
const IMAGE_MAX_PIXELS = 50_000_000;

export class ImageRejected extends Error {}

export interface InspectedImage {
  type: ImageType;
  /** As displayed, i.e. after the EXIF orientation of phone photos is applied. */
  width: number;
  height: number;
}

/** Checks that `bytes` is an image we accept (by content) and reads its displayed size. */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected(IMAGE_NOT_SUPPORTED);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(IMAGE_UNREADABLE);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageRejected(IMAGE_UNREADABLE);
  if (width * height > IMAGE_MAX_PIXELS) throw new ImageRejected(IMAGE_TOO_MANY_PIXELS);
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
  return sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
