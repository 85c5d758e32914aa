-- Which of the fields an admin checked (title, food type, picture, location) a restaurant changed after the
-- donation was Verified, sending it back to Pending: the admin's note for the new check. NULL once verified again.
ALTER TABLE donations ADD COLUMN reverify_reason text;
