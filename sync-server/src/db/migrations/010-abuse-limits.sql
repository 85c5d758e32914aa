-- Written to run again over its own result (IF NOT EXISTS), as the test of the review clean-up below does.

-- Rate limits (http/rate-limit.ts) and daily quotas: one fixed-window counter per key ('rule:scope:who'), shared by
-- every server instance. A row whose window has ended is reset by the next use, or purged later.
CREATE TABLE IF NOT EXISTS rate_limits (
  key       text PRIMARY KEY,
  used      bigint NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limits_resets_at ON rate_limits (resets_at);

-- Single-use tickets that open a sync stream (EventSource cannot send an Authorization header, and a token in a URL
-- lands in proxy and access logs). Only the ticket's hash is kept.
CREATE TABLE IF NOT EXISTS stream_tickets (
  ticket_hash text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS stream_tickets_expires_at ON stream_tickets (expires_at);

-- One live review per user and donation. Earlier servers let a user post any number: the first of each user's
-- reviews of a donation stays, the later ones are marked deleted (kept, not dropped), so this never fails on them.
UPDATE reviews r SET deleted = true
WHERE NOT r.deleted
  AND EXISTS (
    SELECT 1 FROM reviews e
    WHERE e.reviewer_id = r.reviewer_id AND e.donation_id = r.donation_id AND NOT e.deleted
      AND (e.created_at, e.id) < (r.created_at, r.id)
  );
CREATE UNIQUE INDEX IF NOT EXISTS reviews_once ON reviews (reviewer_id, donation_id) WHERE NOT deleted;
