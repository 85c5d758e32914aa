-- FoodBridge schema. Every replicated row carries change_seq (bumped by trigger, see bump_change_seq) and a
-- soft-delete flag so that clients can learn of deletes through replication.

CREATE SEQUENCE change_seq AS bigint;

-- Sequence values are taken before commit, so two overlapping writers could commit out of order and a pull that
-- already passed the higher value would never see the lower one. The transaction-level advisory lock makes every
-- writer hold the bump until it commits: a committed change_seq n implies every value below n is committed too.
CREATE FUNCTION bump_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7414);
  NEW.change_seq := nextval('change_seq');
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END $$;

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  name          text NOT NULL DEFAULT 'No Name',
  photo_url     text,
  role          text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'restaurant', 'charity', 'admin')),
  mission       text,
  address       text,
  phone         text,
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_login    timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  change_seq    bigint NOT NULL DEFAULT 0,
  deleted       boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE NOT deleted;

CREATE TABLE donations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title            text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  food_type        text NOT NULL CHECK (food_type IN ('Bakery', 'Produce', 'Cooked Meal', 'Packaged Goods')),
  quantity         numeric(10, 2) NOT NULL CHECK (quantity > 0),
  unit             text NOT NULL DEFAULT 'kg' CHECK (unit IN ('kg', 'portions')),
  pickup_time      text NOT NULL,
  location         text NOT NULL,
  image            text NOT NULL,
  restaurant_id    uuid NOT NULL REFERENCES users (id),
  restaurant_name  text NOT NULL,
  restaurant_email text NOT NULL,
  status           text NOT NULL DEFAULT 'Pending'
                   CHECK (status IN ('Pending', 'Verified', 'Rejected', 'Accepted', 'Assigned', 'Picked')),
  charity_id       uuid REFERENCES users (id),
  charity_name     text,
  charity_email    text,
  assigned_to      text,
  assigned_type    text,
  pickup_date      timestamptz,
  review           text,
  reviewed_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  change_seq       bigint NOT NULL DEFAULT 0,
  deleted          boolean NOT NULL DEFAULT false,
  CHECK (status NOT IN ('Accepted', 'Assigned', 'Picked') OR charity_id IS NOT NULL)
);
CREATE INDEX donations_restaurant ON donations (restaurant_id);
CREATE INDEX donations_charity ON donations (charity_id);
CREATE INDEX donations_status ON donations (status) WHERE NOT deleted;

CREATE TABLE donation_requests (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  donation_id         uuid NOT NULL REFERENCES donations (id),
  charity_id          uuid NOT NULL REFERENCES users (id),
  charity_name        text NOT NULL,
  charity_email       text NOT NULL,
  request_description text NOT NULL,
  pickup_time         text NOT NULL,
  status              text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Accepted', 'Rejected')),
  request_date        timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  change_seq          bigint NOT NULL DEFAULT 0,
  deleted             boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX donation_requests_once ON donation_requests (donation_id, charity_id) WHERE NOT deleted;
CREATE UNIQUE INDEX donation_requests_one_accepted ON donation_requests (donation_id)
  WHERE status = 'Accepted' AND NOT deleted;
CREATE INDEX donation_requests_charity ON donation_requests (charity_id);

-- Ledger of payment intents: a PaymentIntent id can pay for one charity request, ever.
CREATE TABLE payments (
  payment_intent_id text PRIMARY KEY,
  user_id           uuid NOT NULL REFERENCES users (id),
  email             text NOT NULL,
  amount            integer NOT NULL CHECK (amount > 0),
  currency          text NOT NULL,
  mode              text NOT NULL CHECK (mode IN ('stripe', 'test')),
  status            text NOT NULL,
  client_secret     text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  used_at           timestamptz
);

CREATE TABLE charity_requests (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES users (id),
  name           text NOT NULL,
  email          text NOT NULL,
  organization   text NOT NULL,
  mission        text NOT NULL,
  payment_amount integer NOT NULL CHECK (payment_amount = 2500),
  payment_id     text NOT NULL UNIQUE REFERENCES payments (payment_intent_id),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_at   timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  change_seq     bigint NOT NULL DEFAULT 0,
  deleted        boolean NOT NULL DEFAULT false
);
-- A pending or approved request blocks a new one.
CREATE UNIQUE INDEX charity_requests_open ON charity_requests (user_id)
  WHERE status IN ('pending', 'approved') AND NOT deleted;

CREATE TABLE reviews (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  donation_id    uuid NOT NULL REFERENCES donations (id),
  reviewer_id    uuid NOT NULL REFERENCES users (id),
  reviewer_name  text NOT NULL,
  reviewer_email text NOT NULL,
  description    text NOT NULL CHECK (length(description) > 0),
  rating         integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  change_seq     bigint NOT NULL DEFAULT 0,
  deleted        boolean NOT NULL DEFAULT false
);
CREATE INDEX reviews_donation ON reviews (donation_id);
CREATE INDEX reviews_reviewer ON reviews (reviewer_id);

CREATE TABLE favorites (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  donation_id uuid NOT NULL REFERENCES donations (id),
  user_id     uuid NOT NULL REFERENCES users (id),
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  change_seq  bigint NOT NULL DEFAULT 0,
  deleted     boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX favorites_once ON favorites (email, donation_id) WHERE NOT deleted;
CREATE INDEX favorites_user ON favorites (user_id);

CREATE TABLE images (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id     uuid REFERENCES users (id),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
  width        integer,
  height       integer,
  byte_size    integer NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE image_variants (
  image_id     uuid NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  width        integer NOT NULL,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  PRIMARY KEY (image_id, width)
);

-- Identity provider state: signing keys shared by every instance, refresh tokens, and failed-login counters.
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE login_failures (
  email        text PRIMARY KEY,
  failures     integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now()
);

-- Idempotent pickup confirmation: a replayed Idempotency-Key returns the first answer.
CREATE TABLE idempotency_keys (
  key         text NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (id),
  scope       text NOT NULL,
  status_code integer NOT NULL,
  response    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TRIGGER users_seq BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER donations_seq BEFORE INSERT OR UPDATE ON donations FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER donation_requests_seq BEFORE INSERT OR UPDATE ON donation_requests
  FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER charity_requests_seq BEFORE INSERT OR UPDATE ON charity_requests
  FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER reviews_seq BEFORE INSERT OR UPDATE ON reviews FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE TRIGGER favorites_seq BEFORE INSERT OR UPDATE ON favorites FOR EACH ROW EXECUTE FUNCTION bump_change_seq();
CREATE INDEX donations_change ON donations (change_seq, id);
CREATE INDEX donation_requests_change ON donation_requests (change_seq, id);
CREATE INDEX favorites_change ON favorites (change_seq, id);
