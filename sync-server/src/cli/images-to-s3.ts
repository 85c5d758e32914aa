// `npm run images:to-s3 --workspace sync-server`: moves the pictures stored in the database (and their resized
// variants) to the S3 bucket of S3_BUCKET. Run it after setting S3_BUCKET and restarting the servers, so no new
// picture lands in the database meanwhile. Idempotent and resumable: run it again after any interruption.
// Embedded mode: stop the server first, as PGlite's data folder must not be opened by two processes at once.
import { createBucketImageStorage } from '../images/storage.ts';
import { moveImagesToBucket } from './move-images.ts';
import { cliConfig, openCliDatabase } from './cli-database.ts';

const config = cliConfig();
const bucket = await createBucketImageStorage(config);
if (!bucket) {
  console.error('S3_BUCKET is not set: there is no bucket to move the pictures to. Set S3_BUCKET (and S3_ENDPOINT, keys) first; see docs/deploy.md.');
  process.exit(2);
}
const db = await openCliDatabase(config);
try {
  const report = await moveImagesToBucket(db.sql, bucket, { progress: (line) => console.log(line) });
  console.log(
    `Moved ${report.moved} pictures and ${report.variants} variants to the bucket ${config.S3_BUCKET}; ` +
      `${report.alreadyInBucket} were there already; ${report.leftInDatabase} left in the database.`,
  );
  if (report.leftInDatabase > 0) {
    console.log('Pictures were uploaded to a server without S3_BUCKET meanwhile: run this again once every server has it.');
  }
} catch (err) {
  console.error(`The move stopped: ${(err as Error).message}. Nothing is lost; run it again to resume.`);
  process.exitCode = 1;
} finally {
  await db.close();
  bucket.close();
}
