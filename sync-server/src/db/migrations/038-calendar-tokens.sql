-- Calendar feeds (issue 47.5): each account's secret feed address, GET /calendar/{token}.ics. One per account, so a
-- driver has a feed of their own; making a new one replaces the row, and the old address stops working. The token is
-- 32 random bytes; only its SHA-256 is kept, as for invitations and account links.
CREATE TABLE calendar_tokens (
  user_id         uuid PRIMARY KEY REFERENCES users (id),
  token_hash      text NOT NULL UNIQUE,
  -- The organisation the address was made for: the feed shows its pickups only while the account is still one of its
  -- members (what the member may see is read at each fetch), so an address does not follow its owner elsewhere.
  organisation_id uuid NOT NULL REFERENCES organisations (id),
  created_at      timestamptz NOT NULL DEFAULT now()
);
