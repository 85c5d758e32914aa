-- Lists are read newest first, a page at a time by keyset ((created_at, id) below the previous page's last row):
-- these indexes let each page read only its own rows, at 100,000 donations as at 10. The public list (Verified)
-- and the whole list (admins, a restaurant's own beside the public ones) each get one.
CREATE INDEX donations_listed ON donations (created_at DESC, id DESC) WHERE NOT deleted;
CREATE INDEX donations_listed_verified ON donations (created_at DESC, id DESC) WHERE NOT deleted AND status = 'Verified';
