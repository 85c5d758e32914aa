-- Pictures in S3-compatible object storage (issue 14). The row keeps the metadata (owner, type, size, dimensions,
-- created) wherever the bytes are: 'db' = in images.bytes (variants in image_variants), 's3' = in the bucket under
-- storage_key (variants beside it). Both kinds coexist while `npm run images:to-s3` moves pictures over, so each row
-- says where its own bytes are rather than the server's settings deciding it for every row.
ALTER TABLE images ADD COLUMN storage text NOT NULL DEFAULT 'db' CHECK (storage IN ('db', 's3'));
ALTER TABLE images ADD COLUMN storage_key text;
ALTER TABLE images ALTER COLUMN bytes DROP NOT NULL;
ALTER TABLE images ADD CONSTRAINT images_bytes_where_stored
  CHECK (CASE storage WHEN 'db' THEN bytes IS NOT NULL ELSE storage_key IS NOT NULL AND bytes IS NULL END);
-- The move command walks the rows still in the database in id order; once it has run, this index is nearly empty.
CREATE INDEX images_in_database ON images (id) WHERE storage = 'db';
