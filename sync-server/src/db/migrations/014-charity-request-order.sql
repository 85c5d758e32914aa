-- Charity-role requests and Transaction History page newest first by keyset ((requested_at, id) below the previous
-- page's last row), like the other lists (migration 012).
CREATE INDEX charity_requests_listed ON charity_requests (requested_at DESC, id DESC) WHERE NOT deleted;
