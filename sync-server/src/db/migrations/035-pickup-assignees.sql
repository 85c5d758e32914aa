-- A charity's pickups and its drivers (issue 46.4, ADR 018). A pickup taken by a driver (a claim) or given to one
-- (a coordinator's assignment) is the spec's Assigned status: `assigned_to` names the member and `assigned_type` is
-- 'driver', as 'Assigned to {assignedTo} ({assignedType})' shows it; `assignee_id` is that member's account. Back to
-- Accepted, it names the charity again. No foreign key, as for the history: checking one would lock the member's
-- account row from inside the donation's transaction, the reverse of the order an account's own changes take.
ALTER TABLE donations ADD COLUMN assignee_id uuid;
-- Who confirmed the pickup (the report's author): the driver, or a coordinator.
ALTER TABLE donations ADD COLUMN picked_up_by uuid;
CREATE INDEX donations_assignee ON donations (assignee_id) WHERE assignee_id IS NOT NULL;
