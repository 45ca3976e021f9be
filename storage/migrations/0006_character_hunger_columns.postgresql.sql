-- Feature.HUNTING's contract with a ruleset (storage/hunting.py, HUNTING_SHEET): a hunting
-- ruleset's sheet JSON carries fail_streak, starving and age_moons at its top level.
-- PostgreSQL variant of 0006_character_hunger_columns.sql: PostgreSQL adds STORED generated
-- columns in place, so the table (and the foreign keys to it) stays. A JSON boolean counts as
-- 0 or 1, as SQLite's json_extract gives it.
ALTER TABLE characters ADD COLUMN starving BIGINT GENERATED ALWAYS AS (coalesce(
    CASE jsonb_typeof(sheet::jsonb -> 'starving')
        WHEN 'boolean' THEN CASE WHEN (sheet::jsonb -> 'starving') = 'true'::jsonb THEN 1 ELSE 0 END
        WHEN 'number' THEN (sheet::jsonb ->> 'starving')::numeric::bigint
    END, 0)) STORED;
ALTER TABLE characters ADD COLUMN fail_streak BIGINT GENERATED ALWAYS AS (coalesce(
    CASE jsonb_typeof(sheet::jsonb -> 'fail_streak')
        WHEN 'number' THEN (sheet::jsonb ->> 'fail_streak')::numeric::bigint
    END, 0)) STORED;
ALTER TABLE characters ADD COLUMN age_moons BIGINT GENERATED ALWAYS AS (
    CASE jsonb_typeof(sheet::jsonb -> 'age_moons')
        WHEN 'number' THEN (sheet::jsonb ->> 'age_moons')::numeric::bigint
    END) STORED;
