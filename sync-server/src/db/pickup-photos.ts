// Proof-of-pickup photos (issue 49.3, migration 041): uploads arriving chunk by chunk under the device's id, and the
// finished photos, each a private row of `images`.
import type { PickupPhoto } from '@foodbridge/shared';
import type { ImageMetaRow } from './images.ts';
import type { Sql, TxSql } from './connection.ts';

/** An upload, finished or not, without its bytes. */
export interface PhotoUploadRow {
  id: string;
  donation_id: string;
  charity_id: string;
  upload_length: number;
  received: number;
  completed_at: Date | null;
}

/** A finished photo with what answering it and serving its picture (its `images` row's fields) need. */
export interface PickupPhotoRow extends Omit<ImageMetaRow, 'id'> {
  id: string;
  donation_id: string;
  charity_id: string;
  completed_at: Date;
  /** The name of whoever took it, as their account says now ('Deleted account' once erased). */
  taker_name: string | null;
  image_id: string;
}

const UPLOAD_COLUMNS = ['id', 'donation_id', 'charity_id', 'upload_length', 'received', 'completed_at'];

export async function findPhotoUpload(sql: Sql | TxSql, id: string): Promise<PhotoUploadRow | undefined> {
  const [row] = await sql<PhotoUploadRow[]>`SELECT ${sql(UPLOAD_COLUMNS)} FROM pickup_photos WHERE id = ${id}`;
  return row;
}

/** Lock order: the donation (lockDonation) before its photos. */
export async function lockPhotoUpload(tx: TxSql, id: string): Promise<PhotoUploadRow | undefined> {
  const [row] = await tx<PhotoUploadRow[]>`SELECT ${tx(UPLOAD_COLUMNS)} FROM pickup_photos WHERE id = ${id} FOR UPDATE`;
  return row;
}

/** The bytes an unfinished upload holds so far. */
export async function readPartialBytes(sql: Sql, id: string): Promise<Buffer | undefined> {
  const [row] = await sql<{ partial: Buffer | null }[]>`SELECT partial FROM pickup_photos WHERE id = ${id} AND completed_at IS NULL`;
  return row?.partial ?? undefined;
}

/**
 * Forgets the uploads of a pickup that have not moved since `staleBefore`: a phone that never came back for them must
 * not hold the pickup's places for ever. One that does come back is told (its HEAD, a 404) to start over.
 */
export async function dropStaleUploads(tx: TxSql, pickup: { donationId: string; charityId: string }, staleBefore: Date): Promise<void> {
  await tx`
    DELETE FROM pickup_photos
    WHERE donation_id = ${pickup.donationId} AND charity_id = ${pickup.charityId} AND completed_at IS NULL AND updated_at < ${staleBefore}`;
}

/** The pickup's photos, stored and still arriving, besides `exceptId`. */
export async function countPickupPhotos(tx: TxSql, pickup: { donationId: string; charityId: string }, exceptId: string): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pickup_photos
    WHERE donation_id = ${pickup.donationId} AND charity_id = ${pickup.charityId} AND id <> ${exceptId}`;
  return row!.n;
}

/** A new upload with its first bytes; undefined when another call made one with that id first. */
export async function startPhotoUpload(
  tx: TxSql,
  upload: { id: string; donationId: string; charityId: string; takenBy: string; length: number; bytes: Uint8Array },
): Promise<PhotoUploadRow | undefined> {
  const [row] = await tx<PhotoUploadRow[]>`
    INSERT INTO pickup_photos (id, donation_id, charity_id, taken_by, upload_length, received, partial)
    VALUES (${upload.id}, ${upload.donationId}, ${upload.charityId}, ${upload.takenBy}, ${upload.length}, ${upload.bytes.length},
            ${Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength)})
    ON CONFLICT (id) DO NOTHING
    RETURNING ${tx(UPLOAD_COLUMNS)}`;
  return row;
}

/**
 * Appends a chunk where the upload stands at `offset`; undefined when it does not stand there (any more): another
 * call's chunk went first, or it was finished.
 */
export async function appendPhotoChunk(sql: Sql, id: string, offset: number, bytes: Uint8Array): Promise<PhotoUploadRow | undefined> {
  const [row] = await sql<PhotoUploadRow[]>`
    UPDATE pickup_photos
    SET partial = partial || ${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)}, received = received + ${bytes.length}, updated_at = now()
    WHERE id = ${id} AND received = ${offset} AND completed_at IS NULL
    RETURNING ${sql(UPLOAD_COLUMNS)}`;
  return row;
}

/** The upload (started now if it had only this one chunk) becomes the photo `imageId`; its partial bytes go. */
export async function completePhotoUpload(
  tx: TxSql,
  upload: { id: string; donationId: string; charityId: string; takenBy: string; length: number; imageId: string },
): Promise<void> {
  await tx`
    INSERT INTO pickup_photos (id, donation_id, charity_id, taken_by, upload_length, received, partial, image_id, completed_at)
    VALUES (${upload.id}, ${upload.donationId}, ${upload.charityId}, ${upload.takenBy}, ${upload.length}, ${upload.length}, NULL, ${upload.imageId}, now())
    ON CONFLICT (id) DO UPDATE
    SET partial = NULL, received = EXCLUDED.received, image_id = EXCLUDED.image_id, completed_at = EXCLUDED.completed_at, updated_at = now()`;
}

const PHOTO_SELECT = (sql: Sql | TxSql) => sql`
  SELECT p.id, p.donation_id, p.charity_id, p.completed_at, u.name AS taker_name,
         i.id AS image_id, i.content_type, i.width, i.height, i.byte_size, i.storage, i.storage_key
  FROM pickup_photos p
  JOIN images i ON i.id = p.image_id
  LEFT JOIN users u ON u.id = p.taken_by`;

/** A finished photo; undefined while it is still arriving. */
export async function findPickupPhoto(sql: Sql | TxSql, id: string): Promise<PickupPhotoRow | undefined> {
  const [row] = await sql<PickupPhotoRow[]>`${PHOTO_SELECT(sql)} WHERE p.id = ${id}`;
  return row;
}

/** A donation's finished photos, oldest first: all of them, or those of one charity's pickup. */
export async function listPickupPhotos(sql: Sql, donationId: string, charityId: string | undefined): Promise<PickupPhotoRow[]> {
  return sql<PickupPhotoRow[]>`
    ${PHOTO_SELECT(sql)}
    WHERE p.donation_id = ${donationId} AND p.completed_at IS NOT NULL
      ${charityId === undefined ? sql`` : sql`AND p.charity_id = ${charityId}`}
    ORDER BY p.completed_at, p.id`;
}

/** The key that signs the photos' addresses (migration 041 made it). */
export async function readPhotoLinkKey(sql: Sql): Promise<string | undefined> {
  const [row] = await sql<{ value: string }[]>`SELECT value FROM server_settings WHERE name = 'pickup_photo_url_key'`;
  return row?.value;
}

/** The picture behind a photo, as the image routes' storage reads it. */
export const imageMetaOf = (row: PickupPhotoRow): ImageMetaRow => ({
  id: row.image_id,
  content_type: row.content_type,
  width: row.width,
  height: row.height,
  byte_size: row.byte_size,
  storage: row.storage,
  storage_key: row.storage_key,
});

/** A photo in the API's shape, with its signed address. */
export function toPickupPhoto(row: PickupPhotoRow, url: string): PickupPhoto {
  return {
    id: row.id,
    donationId: row.donation_id,
    url,
    width: row.width ?? 0,
    height: row.height ?? 0,
    contentType: row.content_type,
    takenBy: row.taker_name,
    createdAt: row.completed_at.toISOString(),
  };
}
