-- WCAGR after its audit. A hunt remembers the audit entry of its latest stage roll and which
-- try at its stage that roll was, so that an admin's ruling on that roll can move the hunt
-- (and a ruling on an older roll is told it cannot).
ALTER TABLE wcagr_hunts ADD COLUMN last_roll_id INTEGER;
ALTER TABLE wcagr_hunts ADD COLUMN last_roll_try INTEGER;

-- A player's request for a rank admins approve (leader, deputy, a Tribe's Healer), waiting for
-- an admin's Approve or Refuse. Answered rows stay, so an old button finds them answered.
CREATE TABLE wcagr_rank_requests (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    user_id       INTEGER NOT NULL,
    rank          TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    answered_by   INTEGER,
    answered_at   TEXT,
    outcome       TEXT    CHECK (outcome IN ('approved', 'refused'))
);
CREATE INDEX wcagr_rank_requests_by_cat ON wcagr_rank_requests (guild_id, character_id, id);

-- A healer's herbs under the book's extra healing rules (l.275): each gathered bundle, fresh or
-- dried, on the game day it was gathered; it keeps a week fresh or two weeks dried (twice as
-- long with Herb Lore's third pick) and is used up by a treatment.
CREATE TABLE wcagr_herbs (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    herb          TEXT    NOT NULL,
    dried         INTEGER NOT NULL CHECK (dried IN (0, 1)),
    gathered_day  INTEGER NOT NULL,
    used_at       TEXT,
    created_at    TEXT    NOT NULL
);
CREATE INDEX wcagr_herbs_kept ON wcagr_herbs (guild_id, character_id, herb, gathered_day)
    WHERE used_at IS NULL;
