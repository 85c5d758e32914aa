-- Whether a request was turned down only because another charity's request was accepted (not by the restaurant's
-- own choice): only those come back to Pending when the accepted request is withdrawn.
ALTER TABLE donation_requests ADD COLUMN rejected_by_accept boolean NOT NULL DEFAULT false;

-- Rows from before this column: a Rejected request next to a live Accepted one was most likely rejected by that
-- accept, so it keeps the reopening it had; the rest stay as the restaurant left them.
UPDATE donation_requests r SET rejected_by_accept = true
WHERE r.status = 'Rejected' AND NOT r.deleted
  AND EXISTS (SELECT 1 FROM donation_requests a
              WHERE a.donation_id = r.donation_id AND a.status = 'Accepted' AND NOT a.deleted);
