import type { ImageType } from '../images/sniff.ts';
import type { Sql, TxSql } from './connection.ts';

export interface ImageMetaRow {
  id: string;
  content_type: ImageType;
  width: number | null;
  height: number | null;
  byte_size: number;
}

/** `id` and `createdAt` are the demo seed's, which links its pictures before storing them. */
export async function insertImage(
  sql: Sql | TxSql,
  img: { ownerId: string; type: ImageType; width: number; height: number; bytes: Buffer; id?: string; createdAt?: Date },
): Promise<ImageMetaRow> {
  const [row] = await sql<ImageMetaRow[]>`
    INSERT INTO images (id, owner_id, content_type, width, height, byte_size, bytes, created_at)
    VALUES (${img.id ?? sql`DEFAULT`}, ${img.ownerId}, ${img.type}, ${img.width}, ${img.height}, ${img.bytes.length},
            ${img.bytes}, ${img.createdAt ?? sql`DEFAULT`})
    RETURNING id, content_type, width, height, byte_size`;
  return row!;
}

/** Everything but the bytes: enough to answer a conditional request or pick a variant without reading the file. */
export async function findImageMeta(sql: Sql, id: string): Promise<ImageMetaRow | undefined> {
  const [row] = await sql<ImageMetaRow[]>`
    SELECT id, content_type, width, height, byte_size FROM images WHERE id = ${id}`;
  return row;
}

export async function readImageBytes(sql: Sql, id: string): Promise<Buffer | undefined> {
  const [row] = await sql<{ bytes: Buffer }[]>`SELECT bytes FROM images WHERE id = ${id}`;
  return row?.bytes;
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
