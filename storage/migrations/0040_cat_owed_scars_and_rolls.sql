-- Taking Risks (cat), issue 27. Scars owed are placed by the Narrator's default once the
-- server's timeout passes: each wound keeps the channel its notice goes to, and open wounds are
-- found by age. The Narrator may give scars too (`source` 'narrator', its audit entry's id). A
-- wound keeps where its scars went (`placement`, JSON: trait -> scars), so an adjudication that
-- says they never happened can take them back. SQLite cannot change a CHECK in place: the table
-- is rebuilt (nothing refers to it).
CREATE TABLE cat_wounds_rebuilt (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    source        TEXT    NOT NULL CHECK (source IN ('risk', 'contest', 'foe', 'narrator')),
    source_id     INTEGER NOT NULL,
    trait         TEXT    NOT NULL,
    owed          INTEGER NOT NULL CHECK (owed > 0),
    placed        INTEGER NOT NULL DEFAULT 0,
    life_allowed  INTEGER NOT NULL CHECK (life_allowed IN (0, 1)),
    created_at    TEXT    NOT NULL,
    settled_at    TEXT,
    settled_how   TEXT    CHECK (settled_how IN ('placed', 'life', 'dead', 'cancelled')),
    channel_id    INTEGER,
    placement     TEXT    NOT NULL DEFAULT '{}'
);
INSERT INTO cat_wounds_rebuilt
    (id, guild_id, character_id, source, source_id, trait, owed, placed, life_allowed,
     created_at, settled_at, settled_how)
SELECT id, guild_id, character_id, source, source_id, trait, owed, placed, life_allowed,
       created_at, settled_at, settled_how
FROM cat_wounds;
DROP TABLE cat_wounds;
ALTER TABLE cat_wounds_rebuilt RENAME TO cat_wounds;
CREATE INDEX cat_wounds_by_source ON cat_wounds (guild_id, source, source_id);
CREATE INDEX cat_wounds_open_by_character ON cat_wounds (guild_id, character_id)
    WHERE settled_at IS NULL;
CREATE INDEX cat_wounds_open_by_age ON cat_wounds (created_at) WHERE settled_at IS NULL;

-- A Trick or a dream change offers its Style as a Risk does, and every Risk is kept so that an
-- admin's adjudication can change what followed from it: `cat_risks` holds every such roll
-- (`kind`); a later roll of the cat ends the offer of a Life on an earlier failure
-- (`moved_on_at`).
ALTER TABLE cat_risks ADD COLUMN kind TEXT NOT NULL DEFAULT 'risk';
ALTER TABLE cat_risks ADD COLUMN moved_on_at TEXT;
CREATE INDEX cat_risks_life_open ON cat_risks (guild_id, character_id)
    WHERE life_at IS NULL AND moved_on_at IS NULL;
CREATE INDEX cat_risks_by_audit ON cat_risks (guild_id, audit_id);
