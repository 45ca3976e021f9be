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

-- WCAGR hunts (book l.361-371): the stage reached and the tries spent on it, and the cats
-- hunting together. A hunt is 'going' until the prey is killed or lost.
CREATE TABLE wcagr_hunts (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    prey          TEXT    NOT NULL,
    locate_skill  TEXT    NOT NULL,
    stage         TEXT    NOT NULL,
    tries         INTEGER NOT NULL DEFAULT 0,
    state         TEXT    NOT NULL,
    started_by    INTEGER NOT NULL REFERENCES characters (id),
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX wcagr_hunts_by_guild ON wcagr_hunts (guild_id, id);

CREATE TABLE wcagr_hunt_members (
    hunt_id       INTEGER NOT NULL REFERENCES wcagr_hunts (id),
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    log_id        INTEGER REFERENCES hunts (id),  -- its line in the core's hunting log
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (hunt_id, character_id)
);
CREATE INDEX wcagr_hunt_members_by_cat ON wcagr_hunt_members (guild_id, character_id, hunt_id);

-- A clan's fresh-kill pile: each piece of prey with what is left of it, in sixths of a ration
-- (1/3 and 1/2 rations are whole sixths), and the game day it was caught (crowfood after 2).
CREATE TABLE wcagr_freshkill (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    clan          TEXT    NOT NULL,
    prey          TEXT    NOT NULL,
    weight        TEXT    NOT NULL,
    sixths        INTEGER NOT NULL,
    sixths_left   INTEGER NOT NULL,
    caught_day    INTEGER NOT NULL,
    caught_by     INTEGER REFERENCES characters (id),
    hunt_id       INTEGER REFERENCES wcagr_hunts (id),
    created_at    TEXT    NOT NULL
);
CREATE INDEX wcagr_freshkill_pile ON wcagr_freshkill (guild_id, clan, caught_day, id)
    WHERE sixths_left > 0;

-- The season each server's last WCAGR sunrise saw: the cough season starts when it turns from
-- Leaf-fall to Leaf-bare (RULINGS), once.
CREATE TABLE wcagr_sunrise_seasons (
    guild_id      INTEGER PRIMARY KEY,
    season        TEXT    NOT NULL
);
