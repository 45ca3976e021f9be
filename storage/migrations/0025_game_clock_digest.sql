-- The game days a server's clock catches up after downtime are summed up in one digest, posted
-- once the clock has caught up: their summaries are gathered here (JSON) pass after pass.
ALTER TABLE game_clock ADD COLUMN digest TEXT;
