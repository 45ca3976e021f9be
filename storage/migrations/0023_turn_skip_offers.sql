-- The GM toolkit's second turn timeout: after a fighter was reminded, when admins are offered
-- the skip button (worked out once from the server's setting), and when they were.
ALTER TABLE combats ADD COLUMN skip_due_at TEXT;
ALTER TABLE combats ADD COLUMN skip_offered_at TEXT;
CREATE INDEX combats_reminded ON combats (reminded_at)
    WHERE status = 'active' AND reminded_at IS NOT NULL AND skip_due_at IS NULL;
CREATE INDEX combats_skip_due ON combats (skip_due_at)
    WHERE status = 'active' AND skip_offered_at IS NULL;
