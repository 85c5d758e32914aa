-- Where a restaurant's food is picked up (issue 10): set once on its profile (the address text is users.address), and
-- taken by each new donation that does not say otherwise. Both coordinates or neither, as on donations (015). Kept on
-- users rather than a table of its own: the profile is the users row, and a charity's home base can use the same pair.
ALTER TABLE users ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90);
ALTER TABLE users ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
ALTER TABLE users ADD CONSTRAINT users_place_whole CHECK ((latitude IS NULL) = (longitude IS NULL));
