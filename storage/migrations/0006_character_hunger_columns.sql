-- Feature.HUNTING's contract with a ruleset (storage/hunting.py, HUNTING_SHEET): a hunting
-- ruleset's sheet JSON carries fail_streak, starving and age_moons at its top level.
-- The weekly job reads the hunger of a hundred thousand cats at once; reading it out of each
-- sheet's JSON was most of that query's time. The sheet stays the one place it is written:
-- these columns are computed from it when it is saved (a table is rebuilt to add STORED ones).
CREATE TABLE characters_rebuilt (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    owner_id     INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    name_key     TEXT    NOT NULL,
    ruleset      TEXT    NOT NULL,
    sheet        TEXT    NOT NULL,
    mother_id    INTEGER REFERENCES characters (id),
    created_at   TEXT    NOT NULL,
    deleted_at   TEXT,
    starving     INTEGER GENERATED ALWAYS AS (coalesce(json_extract(sheet, '$.starving'), 0)) STORED,
    fail_streak  INTEGER GENERATED ALWAYS AS (coalesce(json_extract(sheet, '$.fail_streak'), 0)) STORED,
    age_moons    INTEGER GENERATED ALWAYS AS (json_extract(sheet, '$.age_moons')) STORED
);
INSERT INTO characters_rebuilt
    (id, guild_id, owner_id, name, name_key, ruleset, sheet, mother_id, created_at, deleted_at)
SELECT id, guild_id, owner_id, name, name_key, ruleset, sheet, mother_id, created_at, deleted_at
FROM characters;
DROP TABLE characters;
ALTER TABLE characters_rebuilt RENAME TO characters;

CREATE UNIQUE INDEX characters_by_name ON characters (guild_id, name_key) WHERE deleted_at IS NULL;
CREATE INDEX characters_by_owner ON characters (guild_id, owner_id, name_key) WHERE deleted_at IS NULL;
CREATE INDEX characters_by_mother ON characters (mother_id) WHERE mother_id IS NOT NULL;
CREATE INDEX characters_deleted ON characters (guild_id, name_key) WHERE deleted_at IS NOT NULL;
CREATE INDEX characters_live_by_guild ON characters (guild_id, ruleset, created_at)
    WHERE deleted_at IS NULL;
