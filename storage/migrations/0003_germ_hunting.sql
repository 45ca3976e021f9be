-- Germ hunting: the hunting log, steal attempts, away records, what the weekly job has done, and
-- when it next looks at each server.

-- One row per /hunt (kind 'hunt') and per missed week counted as a failed hunt ('missed-week').
-- day_key is the server's local date of a hunt: UNIQUE, so two /hunts of one cat on one real day
-- record one (a missed week has none). week_key is the local date the real week began.
CREATE TABLE hunts (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    character_id     INTEGER NOT NULL REFERENCES characters (id),
    user_id          INTEGER NOT NULL,          -- who rolled it (0: the bot, for a missed week)
    kind             TEXT    NOT NULL CHECK (kind IN ('hunt', 'missed-week')),
    hunted_at        TEXT    NOT NULL,
    day_key          TEXT,
    week_key         TEXT    NOT NULL,
    season           TEXT,
    find_roll        TEXT,                      -- JSON Roll
    catch_roll       TEXT,                      -- JSON Roll; NULL when no prey was found
    outcome          TEXT    NOT NULL CHECK (outcome IN ('caught', 'no-prey', 'got-away', 'missed-week')),
    fail_streak      INTEGER NOT NULL,          -- failed hunts in a row after this one
    became_starving  INTEGER NOT NULL DEFAULT 0,
    -- The catch of a successful hunt: eaten once, by the cat it was shared to or the thief.
    shared_to        INTEGER REFERENCES characters (id),
    stolen_by        INTEGER REFERENCES characters (id),
    eaten_at         TEXT,
    CHECK (shared_to IS NULL OR stolen_by IS NULL),
    CHECK ((shared_to IS NULL AND stolen_by IS NULL) = (eaten_at IS NULL)),
    CHECK (eaten_at IS NULL OR outcome = 'caught')
);
CREATE UNIQUE INDEX hunts_once_a_day ON hunts (guild_id, character_id, day_key);
CREATE INDEX hunts_by_character ON hunts (guild_id, character_id, id);
CREATE INDEX hunts_by_week ON hunts (guild_id, character_id, week_key) WHERE kind = 'hunt';
CREATE INDEX hunts_catches ON hunts (guild_id, character_id, id)
    WHERE outcome = 'caught' AND eaten_at IS NULL;

-- The weekly job asks, for many servers at once, for their live cats made before a week began.
-- Without this index SQLite builds a temporary one over every character for each such query.
CREATE INDEX characters_live_by_guild ON characters (guild_id, ruleset, created_at)
    WHERE deleted_at IS NULL;

-- A thief gets one try at each catch.
CREATE TABLE steal_attempts (
    guild_id   INTEGER NOT NULL,
    hunt_id    INTEGER NOT NULL REFERENCES hunts (id),
    thief_id   INTEGER NOT NULL REFERENCES characters (id),
    tried_at   TEXT    NOT NULL,
    succeeded  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, hunt_id, thief_id)
) WITHOUT ROWID;

-- A cat marked away from starts_at until ends_at (the end of the local date `until`).
CREATE TABLE away (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    character_id  INTEGER NOT NULL REFERENCES characters (id),
    user_id       INTEGER NOT NULL,
    starts_at     TEXT    NOT NULL,
    ends_at       TEXT    NOT NULL,
    until_date    TEXT    NOT NULL,
    reason        TEXT,
    state         TEXT    NOT NULL CHECK (state IN ('pending', 'approved', 'denied', 'replaced')),
    decided_by    INTEGER,
    decided_at    TEXT,
    created_at    TEXT    NOT NULL
);
CREATE INDEX away_by_character ON away (guild_id, character_id, ends_at);

-- What the weekly job did for a server: each reminder, week-end report, ageing step and season
-- turn once. week_key is the real week's first local date (for a season: the date it began).
-- posts = 0 marks a starting point recorded when a feature was turned on (nothing was sent).
CREATE TABLE hunting_posts (
    guild_id  INTEGER NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'week-end', 'ageing', 'season')),
    week_key  TEXT    NOT NULL,
    done_at   TEXT    NOT NULL,
    posts     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, week_key)
) WITHOUT ROWID;

-- When the weekly job next looks at each server (UTC text; '' = at once; NULL = nothing to do).
CREATE TABLE hunting_schedule (
    guild_id  INTEGER PRIMARY KEY,
    next_due  TEXT
);
CREATE INDEX hunting_schedule_due ON hunting_schedule (next_due) WHERE next_due IS NOT NULL;

-- Any change to a server's settings (time zone, week start, reminders, seasons, ...), whoever
-- makes it, has the job look at that server again at once. (No OR REPLACE here: the outer
-- statement's conflict policy, such as an upsert's, would override it.)
CREATE TRIGGER hunting_schedule_new_guild AFTER INSERT ON guilds
BEGIN
    UPDATE hunting_schedule SET next_due = '' WHERE guild_id = NEW.guild_id;
    INSERT INTO hunting_schedule (guild_id, next_due) SELECT NEW.guild_id, ''
        WHERE NOT EXISTS (SELECT 1 FROM hunting_schedule WHERE guild_id = NEW.guild_id);
END;
CREATE TRIGGER hunting_schedule_settings AFTER UPDATE OF ruleset, settings ON guilds
BEGIN
    UPDATE hunting_schedule SET next_due = '' WHERE guild_id = NEW.guild_id;
    INSERT INTO hunting_schedule (guild_id, next_due) SELECT NEW.guild_id, ''
        WHERE NOT EXISTS (SELECT 1 FROM hunting_schedule WHERE guild_id = NEW.guild_id);
END;
INSERT INTO hunting_schedule (guild_id, next_due) SELECT guild_id, '' FROM guilds;
