-- The game clock every ruleset shares: for each server, the last game day and the last tick of
-- the ageing clock whose work is done (each exactly once), and when the clock next looks at it.
CREATE TABLE game_clock (
    guild_id     INTEGER PRIMARY KEY,
    first_day    INTEGER,           -- the game day the server's calendar started on (day 1)
    game_day     INTEGER,           -- the last game day done; NULL: not started yet
    moon_pace    TEXT,              -- the ageing pace `moon_tick` counts in
    moon_tick    INTEGER,           -- the last tick of that pace whose moons were added
    next_due     TEXT               -- UTC text; '' = at once; NULL = nothing to do
);
CREATE INDEX game_clock_due ON game_clock (next_due) WHERE next_due IS NOT NULL;

-- A new server, or a change to a server's settings (time zone, sunrise, pace, ageing), has the
-- clock look at it again at once.
CREATE TRIGGER game_clock_new_guild AFTER INSERT ON guilds
BEGIN
    UPDATE game_clock SET next_due = '' WHERE guild_id = NEW.guild_id;
    INSERT INTO game_clock (guild_id, next_due) SELECT NEW.guild_id, ''
        WHERE NOT EXISTS (SELECT 1 FROM game_clock WHERE guild_id = NEW.guild_id);
END;
CREATE TRIGGER game_clock_settings AFTER UPDATE OF ruleset, settings ON guilds
BEGIN
    UPDATE game_clock SET next_due = '' WHERE guild_id = NEW.guild_id;
    INSERT INTO game_clock (guild_id, next_due) SELECT NEW.guild_id, ''
        WHERE NOT EXISTS (SELECT 1 FROM game_clock WHERE guild_id = NEW.guild_id);
END;

-- A server whose settings were never saved has no guilds row: its first character starts its
-- clock all the same.
CREATE TRIGGER game_clock_first_character AFTER INSERT ON characters
WHEN NOT EXISTS (SELECT 1 FROM game_clock WHERE guild_id = NEW.guild_id)
BEGIN
    INSERT INTO game_clock (guild_id, next_due) VALUES (NEW.guild_id, '');
END;

-- Ageing moves from the weekly hunting job to this clock: a server that aged its cats each real
-- week goes on from the last week it aged (a week's first date // 7 counts real weeks).
INSERT INTO game_clock (guild_id, moon_pace, moon_tick, next_due)
SELECT g.guild_id,
       CASE WHEN a.week_key IS NULL THEN NULL ELSE 'real-week' END,
       CAST(julianday(a.week_key) - 1721424.5 AS INTEGER) / 7,
       ''
FROM (SELECT guild_id FROM guilds UNION SELECT guild_id FROM characters) g
LEFT JOIN (SELECT guild_id, max(week_key) AS week_key FROM hunting_posts
           WHERE kind = 'ageing' GROUP BY guild_id) a ON a.guild_id = g.guild_id;

-- A game day's summary counts the server's hunts in that day.
CREATE INDEX hunts_by_time ON hunts (guild_id, hunted_at);
