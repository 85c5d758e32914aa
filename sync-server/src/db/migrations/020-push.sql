-- Web push (issue 11): the devices that receive notifications, and the server's own settings that must survive a
-- restart and be the same on every instance (the VAPID key pair generated when none is configured).
CREATE TABLE server_settings (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per browser push subscription. The endpoint is the device: a browser that signs in as another account
-- moves its row to that account, so a shared phone never shows the previous person's notifications.
CREATE TABLE push_subscriptions (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint        text NOT NULL UNIQUE,
  p256dh          text NOT NULL,
  auth            text NOT NULL,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The kinds this device does not show; every kind is on by default, and new kinds start on.
  disabled_kinds  text[] NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, updated_at DESC);
