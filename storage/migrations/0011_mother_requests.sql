-- Germ: a kit's mother named by another player, waiting for her player's (or an admin's)
-- acceptance. Until then the kit has no mother. AUTOINCREMENT so an answered request's id is
-- never given again: its old buttons must find nothing to answer.
CREATE TABLE mother_requests (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    kit_id        INTEGER NOT NULL REFERENCES characters (id),
    mother_id     INTEGER NOT NULL REFERENCES characters (id),
    asked_by      INTEGER NOT NULL,
    created_at    TEXT    NOT NULL,
    answered_by   INTEGER,
    answered_at   TEXT,
    outcome       TEXT
);
CREATE INDEX mother_requests_waiting ON mother_requests (guild_id, kit_id)
    WHERE answered_at IS NULL;
