import type { Sql } from '../db/connection.ts';
import { countImagesByStorage, listImagesInDatabase, markImageInBucket, readImageBytes, readVariants } from '../db/images.ts';
import { originalKey, variantKey, type ImageStorage } from '../images/storage.ts';

export interface MoveReport {
  /** Pictures this run moved, and their variants that went with them. */
  moved: number;
  variants: number;
  /** Pictures that were in the bucket before this run (moved earlier, or uploaded there). */
  alreadyInBucket: number;
  /** Pictures still in the database afterwards (uploaded to a server without S3_BUCKET while this ran). */
  leftInDatabase: number;
}

/**
 * Copies every picture still in the database, with its variants, into the bucket, then points its row there and
 * frees the database's bytes. Each picture switches on its own (copy first, then one UPDATE), so a run stopped at any
 * point is resumed by running it again: copied-but-unswitched pictures are copied again (same key, same bytes) and
 * switched; switched ones are never read again. Safe beside running servers: every read follows the row.
 */
export async function moveImagesToBucket(
  sql: Sql,
  bucket: ImageStorage,
  opts: { batchSize?: number; progress?: (line: string) => void } = {},
): Promise<MoveReport> {
  const batchSize = opts.batchSize ?? 100;
  const before = await countImagesByStorage(sql);
  let moved = 0;
  let variants = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await listImagesInDatabase(sql, after, batchSize);
    if (batch.length === 0) break;
    for (const image of batch) {
      after = image.id;
      const bytes = await readImageBytes(sql, image.id);
      // Moved by another run since the list was read.
      if (!bytes) continue;
      const key = originalKey(image.id, image.content_type);
      await bucket.put(key, bytes, image.content_type);
      const stored = await readVariants(sql, image.id);
      for (const v of stored) await bucket.put(variantKey(image.id, v.width), v.bytes, v.content_type);
      // A variant a server renders into the database between the copy and the switch is dropped with the rest:
      // it is derived data, made again from the bucket's original when next asked for.
      if (await markImageInBucket(sql, image.id, key)) {
        moved += 1;
        variants += stored.length;
      }
    }
    opts.progress?.(`${moved} of ${before.db} pictures moved so far`);
  }
  const now = await countImagesByStorage(sql);
  return { moved, variants, alreadyInBucket: before.s3, leftInDatabase: now.db };
}
