-- WCAGR's growth beside the sheet (issue 33): a moon changes every cat's age and puts most
-- cats' age-table gains to wait. Kept in the sheet's JSON, that rewrote 100,000 wide rows each
-- moon (1.1 s of its 1.6 s); kept here, a moon rewrites these narrow rows. This table is the
-- one place these keys are stored: the characters' sheets lose them, and a sheet is read with
-- its growth set back in (storage/wcagr/growth.py).
CREATE TABLE wcagr_growth (
    character_id INTEGER NOT NULL PRIMARY KEY REFERENCES characters (id),
    age_moons    INTEGER NOT NULL,
    gains_given  INTEGER NOT NULL DEFAULT 0,
    gains_told   INTEGER NOT NULL DEFAULT 0,
    retired      INTEGER NOT NULL DEFAULT 0,
    dead         INTEGER NOT NULL DEFAULT 0,
    pending      TEXT    NOT NULL DEFAULT '[]'
) WITHOUT ROWID;
INSERT INTO wcagr_growth (character_id, age_moons, gains_given, gains_told, retired, dead, pending)
SELECT id, coalesce(json_extract(sheet, '$.age_moons'), 0),
    coalesce(json_extract(sheet, '$.gains_given'), 0),
    coalesce(json_extract(sheet, '$.gains_told'), 0),
    coalesce(json_extract(sheet, '$.retired'), 0),
    coalesce(json_extract(sheet, '$.dead'), 0),
    coalesce(json_extract(sheet, '$.pending'), '[]')
FROM characters WHERE ruleset = 'wcagr';
UPDATE characters
SET sheet = json_remove(sheet, '$.age_moons', '$.gains_given', '$.gains_told', '$.retired', '$.dead',
    '$.pending')
WHERE ruleset = 'wcagr';
-- The cats with gains waiting (a game day's summary names them).
CREATE INDEX wcagr_growth_waiting ON wcagr_growth (character_id) WHERE pending <> '[]';
