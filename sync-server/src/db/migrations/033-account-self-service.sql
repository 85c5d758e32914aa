-- An account's own changes (issue 45.8). An e-mail change waits for a link sent to the new address: the link keeps the
-- address the account had when it was asked for (`email`, as every link does: it stops working if that changes) and
-- the address to change to (`new_email`, only on these links).
ALTER TABLE account_links DROP CONSTRAINT account_links_purpose_check;
ALTER TABLE account_links ADD CONSTRAINT account_links_purpose_check CHECK (purpose IN ('verify', 'reset', 'change-email'));
ALTER TABLE account_links ADD COLUMN new_email text CHECK (new_email = lower(new_email) AND position('@' in new_email) > 1);
ALTER TABLE account_links ADD CONSTRAINT account_links_new_email CHECK ((purpose = 'change-email') = (new_email IS NOT NULL));

-- When the owner deleted the account (an admin's removal leaves it null). Its name, e-mail and profile were cleared
-- then; what others read of its past (history rows, which nobody may change) shows "Deleted account" where this is set.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
