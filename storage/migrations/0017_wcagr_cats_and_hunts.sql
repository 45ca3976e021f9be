-- WCAGR: a cat older than 10 moons (or an approved rank) asked for by a player, waiting for an
-- admin's Approve; the choices are kept as the player made them. Answered rows stay, so an old
-- button finds its request answered.
CREATE TABLE wcagr_cat_requests (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    choices       TEXT    NOT NULL,
    parent_id     INTEGER REFERENCES characters (id),
    created_at    TEXT    NOT NULL,
    answered_by   INTEGER,
    answered_at   TEXT,
    outcome       TEXT
);
CREATE INDEX wcagr_cat_requests_by_guild ON wcagr_cat_requests (guild_id, id);
