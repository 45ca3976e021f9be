-- Names are one name when they are one after Unicode normalisation: NFKC, case-folded,
-- invisible characters removed, spaces collapsed (storage/names.py). Every stored key is
-- recomputed with `pawpost_name_key`, the function the connection gives SQL.
DROP INDEX characters_by_name;
UPDATE characters SET name_key = pawpost_name_key(name);

-- Live characters of a server whose names are now one name: the oldest keeps its name; each
-- other one gets its id appended ("Fire​paw (12)"), logged, for its player to rename.
CREATE TEMP TABLE renamed_by_0015 (id INTEGER PRIMARY KEY, old_name TEXT NOT NULL);
INSERT INTO renamed_by_0015 (id, old_name)
SELECT c.id, c.name FROM characters AS c
WHERE c.deleted_at IS NULL AND EXISTS (
    SELECT 1 FROM characters AS older
    WHERE older.guild_id = c.guild_id AND older.name_key = c.name_key
      AND older.deleted_at IS NULL AND older.id < c.id);
UPDATE characters SET name = name || ' (' || id || ')',
    name_key = pawpost_name_key(name || ' (' || id || ')')
WHERE id IN (SELECT id FROM renamed_by_0015);

-- Should an appended name be taken already, the renamed cat yields again, once; a third
-- clash fails the unique index below and the whole migration is refused, nothing changed.
CREATE TEMP TABLE renamed_again_by_0015 (id INTEGER PRIMARY KEY);
INSERT INTO renamed_again_by_0015 (id)
SELECT c.id FROM characters AS c JOIN renamed_by_0015 AS r ON r.id = c.id
WHERE EXISTS (
    SELECT 1 FROM characters AS other
    WHERE other.guild_id = c.guild_id AND other.name_key = c.name_key
      AND other.deleted_at IS NULL AND other.id <> c.id);
UPDATE characters SET name = name || ' (' || id || ')',
    name_key = pawpost_name_key(name || ' (' || id || ')')
WHERE id IN (SELECT id FROM renamed_again_by_0015);

INSERT INTO audit_log (guild_id, channel_id, user_id, character_id, action, summary, created_at)
SELECT c.guild_id, NULL, 0, c.id, 'character',
    'renamed ' || r.old_name || ' to ' || c.name
        || ': another character already had that name, as names are now compared',
    strftime('%Y-%m-%dT%H:%M:%S', 'now') || '.000000+00:00'
FROM renamed_by_0015 AS r JOIN characters AS c ON c.id = r.id ORDER BY c.id;
DROP TABLE renamed_again_by_0015;
DROP TABLE renamed_by_0015;

CREATE UNIQUE INDEX characters_by_name ON characters (guild_id, name_key) WHERE deleted_at IS NULL;

-- Contests a player has waiting against a cat, and those they started lately (issue 13: one
-- waiting contest per player and cat, a few a minute), read at each contest's start.
CREATE INDEX contests_waiting_by_initiator ON contests (guild_id, initiator_user_id, defender_character_id)
    WHERE resolved_at IS NULL;
CREATE INDEX contests_by_initiator ON contests (guild_id, initiator_user_id, created_at);
