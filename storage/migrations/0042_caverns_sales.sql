-- Caverns and Cloiers: an item a character sold at the market (RULINGS: half its catalogue
-- price, config), kept so that the MC may refuse the sale once (refused_at), which gives the
-- item back for the gold.
CREATE TABLE caverns_sales (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    item          TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    broken        INTEGER NOT NULL DEFAULT 0,
    price         INTEGER NOT NULL,
    created_at    TEXT    NOT NULL,
    refused_at    TEXT
);
CREATE INDEX caverns_sales_by_character ON caverns_sales (guild_id, character_id);
