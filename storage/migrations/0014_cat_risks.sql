-- Taking Risks (cat): a Risk that still offers something to click. The Risk itself (pool,
-- dice, need) is kept as its rules model's JSON; each follow-up (bank its Style, spend a Life,
-- place its scars) is done once, marked by its *_at column. AUTOINCREMENT so a settled Risk's
-- id is never given again: its old buttons must find nothing to act on.
CREATE TABLE cat_risks (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    audit_id      INTEGER NOT NULL,
    result        TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    style_at      TEXT,
    life_at       TEXT,
    scars_at      TEXT
);
CREATE INDEX cat_risks_by_character ON cat_risks (guild_id, character_id);
