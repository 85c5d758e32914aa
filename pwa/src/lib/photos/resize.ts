// Proof-of-pickup photos are made small on the driver's phone before anything is stored or sent (issue 49.3): a
// 12-megapixel camera picture is 3-6 MB, its 1,600 px copy a few hundred kB, which is what a weak signal can carry and
// what the server takes (at most IMAGE_MAX_BYTES, like a donation's picture).
import { IMAGE_MAX_BYTES } from '@foodbridge/shared/constants';

/** The longest side of a photo as it is kept and sent. */
export const PHOTO_MAX_SIDE = 1600;
/** Enough for a label or a tray's contents to be read, a third of the bytes of the camera's own JPEG. */
export const PHOTO_QUALITY = 0.82;

export interface ResizedPhoto {
  blob: Blob;
  /** 'image/webp' where the browser encodes it, 'image/jpeg' otherwise. */
  type: string;
  width: number;
  height: number;
}

/** A picture the browser cannot read (a HEIC photo on a desktop browser, a damaged file), or one still too big. */
export class PhotoUnreadable extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large') {
    super(reason === 'unreadable' ? 'This photo could not be read' : 'This photo is too large');
    this.name = 'PhotoUnreadable';
  }
}

/** The size a width x height picture is drawn at: its longest side at most `max`, never enlarged, proportions kept. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  // The longest side exactly `max` (not 1,599 from rounding); the other never collapses to nothing.
  return width >= height
    ? { width: max, height: Math.max(1, Math.round(height * scale)) }
    : { width: Math.max(1, Math.round(width * scale)), height: max };
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

/** An OffscreenCanvas where there is one (no DOM node, and cheaper on a phone), a canvas element otherwise. */
function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  return Object.assign(document.createElement('canvas'), { width, height });
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if (!('toBlob' in canvas)) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

let chosenType: Promise<string> | undefined;

/**
 * WebP where the browser can encode it (smaller for the same picture), JPEG otherwise: a browser that cannot (Safari)
 * quietly answers with a PNG, which would be several times larger. Asked once, on a 1 x 1 canvas.
 */
export function photoType(): Promise<string> {
  chosenType ??= encode(makeCanvas(1, 1), 'image/webp', PHOTO_QUALITY)
    .then((blob) => (blob?.type === 'image/webp' ? 'image/webp' : 'image/jpeg'))
    .catch(() => 'image/jpeg');
  return chosenType;
}

/**
 * The picture decoded the right way up: a phone stores a portrait photo as a landscape one with an EXIF note to turn
 * it, which `imageOrientation: 'from-image'` applies. A browser that does not know the option is asked without it
 * (browsers now apply the note by default).
 */
async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return createImageBitmap(file);
  }
}

/** A chosen photo at most PHOTO_MAX_SIDE on its longest side, encoded as photoType() says, the right way up. */
export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await decode(file);
  } catch {
    throw new PhotoUnreadable('unreadable');
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) throw new PhotoUnreadable('unreadable');
    const type = await photoType();
    // A transparent PNG would turn black in a JPEG.
    if (type === 'image/jpeg') {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await encode(canvas, type, PHOTO_QUALITY);
    if (!blob) throw new PhotoUnreadable('unreadable');
    if (blob.size > IMAGE_MAX_BYTES) throw new PhotoUnreadable('too-large');
    return { blob, type: blob.type || type, width, height };
  } finally {
    bitmap.close();
  }
}
