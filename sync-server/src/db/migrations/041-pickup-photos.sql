-- Proof-of-pickup photos (issue 49.3): a charity's member adds up to PICKUP_PHOTOS_MAX photos to a pickup, uploaded
-- in chunks under an id the device chose (so a queued upload resumes, and its last chunk counts once). The chunks wait
-- here, in `partial`, until the last byte arrives; the finished photo is then a private row of `images` (its bytes in
-- the database or the bucket, as every picture's) and `partial` is dropped.
CREATE TABLE pickup_photos (
  id            uuid PRIMARY KEY,
  donation_id   uuid NOT NULL REFERENCES donations (id),
  -- The charity (its organisation's id, its founding account's) whose pickup this is: a donation given again to
  -- another charity after a missed pickup is another pickup, with photos of its own.
  charity_id    uuid NOT NULL REFERENCES users (id),
  taken_by      uuid NOT NULL REFERENCES users (id),
  upload_length integer NOT NULL CHECK (upload_length > 0),
  received      integer NOT NULL DEFAULT 0 CHECK (received BETWEEN 0 AND upload_length),
  partial       bytea,
  image_id      uuid REFERENCES images (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz,
  -- Uploading: bytes so far, no picture. Complete: the picture, every byte, no partial bytes kept.
  CHECK (CASE WHEN completed_at IS NULL
              THEN image_id IS NULL AND partial IS NOT NULL AND octet_length(partial) = received
              ELSE image_id IS NOT NULL AND partial IS NULL AND received = upload_length END)
);
-- Appended to chunk by chunk: JPEG and WebP do not compress, so Postgres is spared trying at every append.
ALTER TABLE pickup_photos ALTER COLUMN partial SET STORAGE EXTERNAL;
CREATE INDEX pickup_photos_pickup ON pickup_photos (donation_id, charity_id, completed_at);

-- A pickup photo is never public: /images/{id} does not serve a private row, only /pickup-photos/{id} with a signature.
ALTER TABLE images ADD COLUMN private boolean NOT NULL DEFAULT false;

-- The key that signs the photos' addresses (HMAC-SHA256), the same for every instance. gen_random_uuid draws from
-- the server's strong random source; two of them make 244 random bits. Made here rather than at the first request,
-- so that no refused call is ever the one that writes it.
INSERT INTO server_settings (name, value)
VALUES ('pickup_photo_url_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
ON CONFLICT (name) DO NOTHING;
