-- The sheet builder: a player's character in the making, one draft per player and server.
-- AUTOINCREMENT so a replaced or finished draft's id is never given again: the old builder's
-- buttons carry it and must find nothing.
CREATE TABLE character_drafts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    owner_id    INTEGER NOT NULL,
    ruleset     TEXT    NOT NULL,
    choices     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL
);
CREATE INDEX character_drafts_by_owner ON character_drafts (guild_id, owner_id);
CREATE INDEX character_drafts_by_expiry ON character_drafts (expires_at);
