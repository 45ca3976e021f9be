-- Caverns and Cloiers: parties and their experience, who is in which, the rests taken (with
-- the MC's answers to the experience questions), the Harmony skills and second totems a
-- member means to use at the next rest, and the server's own edits to the item catalogue.
-- Each character's own state (orders, conditions, Harmony benefits, skills owed) is its sheet.

-- A party: the characters of one channel (channel_id set), or a group an admin named.
CREATE TABLE caverns_parties (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    level       INTEGER NOT NULL DEFAULT 1,
    experience  INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL,
    UNIQUE (guild_id, channel_id),
    UNIQUE (guild_id, name_key)
);

-- Which party a character is in; `pinned` when an admin put it there (it no longer follows
-- the channel it plays in).
CREATE TABLE caverns_members (
    character_id  INTEGER PRIMARY KEY REFERENCES characters (id),
    guild_id      INTEGER NOT NULL,
    party_id      INTEGER NOT NULL REFERENCES caverns_parties (id),
    pinned        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX caverns_members_by_party ON caverns_members (guild_id, party_id);

-- A rest the party took. A Long Rest waits for the MC's three answers (NULL: not answered
-- yet; 1 yes, 0 no); `settled_at` marks when they were counted, exactly once.
CREATE TABLE caverns_rests (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    party_id    INTEGER NOT NULL REFERENCES caverns_parties (id),
    kind        TEXT    NOT NULL,
    total       INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    answer_1    INTEGER,
    answer_2    INTEGER,
    answer_3    INTEGER,
    settled_at  TEXT
);
CREATE INDEX caverns_rests_by_party ON caverns_rests (guild_id, party_id, id);

-- What a member will do at the party's next rest: Harmony skills (comma-separated keys) and,
-- at a Long Rest, the second totem to bind (NULL: +2 Vitae instead) and whether it withholds
-- payment for its deliveries (1: it will not pay, l. 306).
CREATE TABLE caverns_rest_plans (
    character_id  INTEGER PRIMARY KEY REFERENCES characters (id),
    guild_id      INTEGER NOT NULL,
    harmony       TEXT    NOT NULL DEFAULT '',
    totem         TEXT,
    withhold      INTEGER NOT NULL DEFAULT 0,
    updated_at    TEXT    NOT NULL
);

-- The server's edits of the starter catalogue: an item added (its JSON) or removed.
CREATE TABLE caverns_items (
    guild_id  INTEGER NOT NULL,
    item_key  TEXT    NOT NULL,
    item      TEXT,
    removed   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, item_key)
);

-- A 6- on Ask on Market: the item at ten times its price, if the MC offers it (offered_at)
-- and the player takes it (taken_at), each once.
CREATE TABLE caverns_offers (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    item          TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    price         INTEGER NOT NULL,
    created_at    TEXT    NOT NULL,
    offered_at    TEXT,
    taken_at      TEXT
);
CREATE INDEX caverns_offers_by_character ON caverns_offers (guild_id, character_id);
