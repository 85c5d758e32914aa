import type { ImageType } from '../images/sniff.ts';
import type { Sql, TxSql } from './connection.ts';

export interface ImageMetaRow {
  id: string;
  content_type: ImageType;
  width: number | null;
  height: number | null;
  byte_size: number;
  /** Where the bytes are: 'db' (this row, variants in image_variants) or 's3' (the bucket, at storage_key). */
  storage: 'db' | 's3';
  storage_key: string | null;
}

/**
 * `id` and `createdAt` are the demo seed's, which links its pictures before storing them. With `storageKey` the bytes
 * are already in the bucket there (only their size is recorded); without it they are stored in this row. A `private`
 * picture (a proof-of-pickup photo) is never served by its id, only through its signed address.
 */
export async function insertImage(
  sql: Sql | TxSql,
  img: { ownerId: string; type: ImageType; width: number; height: number; bytes: Buffer; id?: string; createdAt?: Date; storageKey?: string; private?: boolean },
): Promise<ImageMetaRow> {
  const inBucket = img.storageKey !== undefined;
  const [row] = await sql<ImageMetaRow[]>`
    INSERT INTO images (id, owner_id, content_type, width, height, byte_size, bytes, created_at, storage, storage_key, private)
    VALUES (${img.id ?? sql`DEFAULT`}, ${img.ownerId}, ${img.type}, ${img.width}, ${img.height}, ${img.bytes.length},
            ${inBucket ? null : img.bytes}, ${img.createdAt ?? sql`DEFAULT`}, ${inBucket ? 's3' : 'db'}, ${img.storageKey ?? null},
            ${img.private ?? false})
    RETURNING id, content_type, width, height, byte_size, storage, storage_key`;
  return row!;
}

/**
 * Everything but the bytes: enough to answer a conditional request or pick a variant without reading the file. A
 * private picture is not found here: it is read through its pickup photo (db/pickup-photos.ts).
 */
export async function findImageMeta(sql: Sql, id: string): Promise<ImageMetaRow | undefined> {
  const [row] = await sql<ImageMetaRow[]>`
    SELECT id, content_type, width, height, byte_size, storage, storage_key FROM images WHERE id = ${id} AND NOT private`;
  return row;
}

/** Undefined also for a picture whose bytes are in the bucket. */
export async function readImageBytes(sql: Sql, id: string): Promise<Buffer | undefined> {
  const [row] = await sql<{ bytes: Buffer | null }[]>`SELECT bytes FROM images WHERE id = ${id}`;
  return row?.bytes ?? undefined;
}

export async function readVariant(sql: Sql, imageId: string, width: number): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  const [row] = await sql<{ content_type: string; bytes: Buffer }[]>`
    SELECT content_type, bytes FROM image_variants WHERE image_id = ${imageId} AND width = ${width}`;
  return row;
}

/** A variant is derived data: if another instance stored it first, theirs is as good as ours. */
export async function saveVariant(sql: Sql, imageId: string, width: number, contentType: string, bytes: Buffer): Promise<void> {
  await sql`
    INSERT INTO image_variants (image_id, width, content_type, bytes)
    VALUES (${imageId}, ${width}, ${contentType}, ${bytes})
    ON CONFLICT (image_id, width) DO NOTHING`;
}

// --- Moving pictures to object storage (issue 14: `npm run images:to-s3`) ---------------------------------------

/** How many pictures are stored where, for the move command's report. */
export async function countImagesByStorage(sql: Sql): Promise<{ db: number; s3: number }> {
  const [row] = await sql<{ db: number; s3: number }[]>`
    SELECT count(*) FILTER (WHERE storage = 'db')::int AS db, count(*) FILTER (WHERE storage = 's3')::int AS s3 FROM images`;
  return row!;
}

/** The next pictures still in the database after `afterId`, in id order (a keyset: resumable, stable while rows come). */
export async function listImagesInDatabase(sql: Sql, afterId: string | undefined, limit: number): Promise<{ id: string; content_type: ImageType }[]> {
  return sql<{ id: string; content_type: ImageType }[]>`
    SELECT id, content_type FROM images
    WHERE storage = 'db' ${afterId === undefined ? sql`` : sql`AND id > ${afterId}`}
    ORDER BY id LIMIT ${limit}`;
}

export async function readVariants(sql: Sql, imageId: string): Promise<{ width: number; content_type: string; bytes: Buffer }[]> {
  return sql<{ width: number; content_type: string; bytes: Buffer }[]>`
    SELECT width, content_type, bytes FROM image_variants WHERE image_id = ${imageId} ORDER BY width`;
}

/**
 * Points the row at its copy in the bucket and frees the database's bytes, in one transaction. Only a row still in
 * the database changes, so a second mover (or a second run) finds nothing left to do. True when this call moved it.
 */
export async function markImageInBucket(sql: Sql, id: string, storageKey: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const moved = await tx`
      UPDATE images SET storage = 's3', storage_key = ${storageKey}, bytes = NULL WHERE id = ${id} AND storage = 'db'`;
    if (moved.count === 0) return false;
    await tx`DELETE FROM image_variants WHERE image_id = ${id}`;
    return true;
  });
}
