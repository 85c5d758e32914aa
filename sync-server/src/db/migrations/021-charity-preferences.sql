-- A charity's home base and what it wants to hear of (issues 10 and 11): the place it collects from (an address text
-- and its coordinates, both or neither; double precision like the donations' own, so that the distance is computed
-- on the same kind of number), and the new verified donations it asks to be told of: within notify_radius_km of the
-- home base (null: any distance) and of the food types in notify_food_types (null or empty: any). A charity that set
-- neither filter is told of nothing. Kept on users beside the restaurant's pickup point (018): it is profile data.
ALTER TABLE users ADD COLUMN home_latitude double precision CHECK (home_latitude BETWEEN -90 AND 90);
ALTER TABLE users ADD COLUMN home_longitude double precision CHECK (home_longitude BETWEEN -180 AND 180);
ALTER TABLE users ADD CONSTRAINT users_home_whole CHECK ((home_latitude IS NULL) = (home_longitude IS NULL));
ALTER TABLE users ADD COLUMN home_address text CHECK (length(home_address) <= 300);
ALTER TABLE users ADD COLUMN notify_radius_km numeric(6, 1) CHECK (notify_radius_km > 0 AND notify_radius_km <= 500);
ALTER TABLE users ADD COLUMN notify_food_types text[]
  CHECK (notify_food_types <@ ARRAY['Bakery', 'Produce', 'Cooked Meal', 'Packaged Goods']::text[]);
-- A distance filter measures from the home base: without one it could never match.
ALTER TABLE users ADD CONSTRAINT users_notify_radius_needs_home CHECK (notify_radius_km IS NULL OR home_latitude IS NOT NULL);
-- The charities to tell of a newly verified donation are read in the verify transaction: only those that opted in.
CREATE INDEX users_charity_alerts ON users (id)
  WHERE role = 'charity' AND NOT deleted AND (notify_radius_km IS NOT NULL OR cardinality(notify_food_types) > 0);
