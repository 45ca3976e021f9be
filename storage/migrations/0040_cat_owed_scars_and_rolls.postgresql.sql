-- PostgreSQL variant of 0040_cat_owed_scars_and_rolls.sql: PostgreSQL changes the CHECK and
-- adds the columns in place.
ALTER TABLE cat_wounds DROP CONSTRAINT cat_wounds_source_check;
ALTER TABLE cat_wounds ADD CONSTRAINT cat_wounds_source_check
    CHECK (source IN ('risk', 'contest', 'foe', 'narrator'));
ALTER TABLE cat_wounds ADD COLUMN channel_id BIGINT;
ALTER TABLE cat_wounds ADD COLUMN placement TEXT NOT NULL DEFAULT '{}';
CREATE INDEX cat_wounds_open_by_age ON cat_wounds (created_at) WHERE settled_at IS NULL;

ALTER TABLE cat_risks ADD COLUMN kind TEXT NOT NULL DEFAULT 'risk';
ALTER TABLE cat_risks ADD COLUMN moved_on_at TEXT;
CREATE INDEX cat_risks_life_open ON cat_risks (guild_id, character_id)
    WHERE life_at IS NULL AND moved_on_at IS NULL;
CREATE INDEX cat_risks_by_audit ON cat_risks (guild_id, audit_id);
