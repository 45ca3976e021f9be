-- Taking Risks (cat): scars a cat owes and has not placed yet, from a dangerous failed Risk, a
-- cat fight or a round against a non-cat. The player (or an admin) places them a trait at a
-- time or all at once; a Life may cancel a fight round's scars before any is placed. `source`
-- and `source_id` name what made them ('risk' and its cat_risks id, 'contest' and its contest
-- id, 'foe' and its combat id); `placed` counts the scars placed so far and is the version a
-- click is made against, so two clicks on one scar cannot both place it.
CREATE TABLE cat_wounds (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    source        TEXT    NOT NULL CHECK (source IN ('risk', 'contest', 'foe')),
    source_id     INTEGER NOT NULL,
    trait         TEXT    NOT NULL,
    owed          INTEGER NOT NULL CHECK (owed > 0),
    placed        INTEGER NOT NULL DEFAULT 0,
    life_allowed  INTEGER NOT NULL CHECK (life_allowed IN (0, 1)),
    created_at    TEXT    NOT NULL,
    settled_at    TEXT,
    settled_how   TEXT    CHECK (settled_how IN ('placed', 'life', 'dead', 'cancelled'))
);
CREATE INDEX cat_wounds_by_source ON cat_wounds (guild_id, source, source_id);
CREATE INDEX cat_wounds_open_by_character ON cat_wounds (guild_id, character_id)
    WHERE settled_at IS NULL;
