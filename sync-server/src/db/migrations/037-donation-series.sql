-- Regular donations and standing pickups (issue 47, ADR 020).
--
-- A series is what a restaurant gives again and again: the bakery's unsold bread every weekday evening. The admin
-- verifies the series once; a job writes its occurrences a week ahead as ordinary donations, already Verified, each
-- naming its series and its local date (unique together, so two instances writing the same week write each once).
CREATE TABLE donation_series (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The restaurant (its organisation, whose id is its founding account's: ADR 018), with its name and e-mail as its
  -- donations carry them.
  restaurant_id    uuid NOT NULL REFERENCES users (id),
  restaurant_name  text NOT NULL,
  restaurant_email text NOT NULL,
  title            text NOT NULL,
  food_type        text NOT NULL,
  quantity         numeric NOT NULL CHECK (quantity > 0),
  unit             text NOT NULL,
  image            text NOT NULL,
  location         text NOT NULL,
  latitude         double precision,
  longitude        double precision,
  -- ISO weekdays (1 Monday .. 7 Sunday), or an RFC 5545 RRULE for anything else; exactly one of them.
  weekdays         smallint[] CHECK (weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[] AND cardinality(weekdays) > 0),
  rrule            text,
  -- Wall-clock times in time_zone; an end at or before the start is on the next day (a late shift's 22:00-01:00).
  window_start     text NOT NULL CHECK (window_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  window_end       text NOT NULL CHECK (window_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND window_end <> window_start),
  time_zone        text NOT NULL,
  start_date       date NOT NULL,
  end_date         date CHECK (end_date >= start_date),
  -- How long the food keeps after the window's end: each occurrence's best before.
  keeps_hours      numeric NOT NULL CHECK (keeps_hours >= 0 AND keeps_hours <= 336),
  status           text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Verified', 'Rejected', 'Ended')),
  reverify_reason  text,
  paused           boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  ended_at         timestamptz,
  CHECK ((weekdays IS NULL) <> (rrule IS NULL)),
  CHECK ((status = 'Ended') = (ended_at IS NOT NULL))
);
CREATE INDEX donation_series_restaurant ON donation_series (restaurant_id, created_at DESC);
-- What the generator reads: the live, verified, running series.
CREATE INDEX donation_series_running ON donation_series (id) WHERE status = 'Verified' AND NOT paused;

-- The dates a restaurant said it has nothing, before or after their occurrence was written.
CREATE TABLE donation_series_skips (
  series_id  uuid NOT NULL REFERENCES donation_series (id),
  date       date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (series_id, date)
);

ALTER TABLE donations ADD COLUMN series_id uuid REFERENCES donation_series (id);
-- The occurrence's local date in its series' time zone.
ALTER TABLE donations ADD COLUMN series_date date;
ALTER TABLE donations ADD CONSTRAINT donations_series_date CHECK ((series_id IS NULL) = (series_date IS NULL));
-- Once per series and date, whatever became of it since (a deleted occurrence is not written again).
CREATE UNIQUE INDEX donations_series_occurrence ON donations (series_id, series_date) WHERE series_id IS NOT NULL;

-- A standing pickup: a charity asks for every coming occurrence of a series; once the restaurant accepts, the
-- generator writes each occurrence accepted for it (and given to its chosen driver, where it named one).
CREATE TABLE series_requests (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  series_id           uuid NOT NULL REFERENCES donation_series (id),
  charity_id          uuid NOT NULL REFERENCES users (id),
  charity_name        text NOT NULL,
  charity_email       text NOT NULL,
  request_description text NOT NULL,
  assignee_id         uuid REFERENCES users (id),
  status              text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Accepted', 'Declined', 'Ended')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  decided_at          timestamptz,
  ended_at            timestamptz,
  -- Who ended it: the restaurant's or the charity's member.
  ended_by            uuid REFERENCES users (id)
);
-- One live request per charity and series; one standing pickup per series.
CREATE UNIQUE INDEX series_requests_live ON series_requests (series_id, charity_id) WHERE status IN ('Pending', 'Accepted');
CREATE UNIQUE INDEX series_requests_one_accepted ON series_requests (series_id) WHERE status = 'Accepted';
CREATE INDEX series_requests_charity ON series_requests (charity_id, created_at DESC);

-- Reminders from the window (issue 47.4) are kept once per donation, kind and person in reminders_sent already; the
-- window's own reminders read these.
CREATE INDEX donations_window_open ON donations (pickup_start) WHERE NOT deleted AND status IN ('Accepted', 'Assigned');
CREATE INDEX donations_window_closed ON donations (pickup_end) WHERE NOT deleted AND status IN ('Accepted', 'Assigned');
