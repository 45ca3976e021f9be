-- PostgreSQL variant of 0009_game_clock.sql: the same table; the triggers are PL/pgSQL, and
-- a date's count of days since 0001-01-01 (plus one, as julianday gave) is date arithmetic.
CREATE TABLE game_clock (
    guild_id     BIGINT PRIMARY KEY,
    first_day    BIGINT,
    game_day     BIGINT,
    moon_pace    TEXT COLLATE "C",
    moon_tick    BIGINT,
    next_due     TEXT COLLATE "C"
);
CREATE INDEX game_clock_due ON game_clock (next_due) WHERE next_due IS NOT NULL;

-- A new server, or a change to a server's settings, has the clock look at it again at once.
CREATE FUNCTION game_clock_look_again() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO game_clock (guild_id, next_due) VALUES (NEW.guild_id, '')
        ON CONFLICT (guild_id) DO UPDATE SET next_due = '';
    RETURN NULL;
END;
$$;
CREATE TRIGGER game_clock_new_guild AFTER INSERT ON guilds
    FOR EACH ROW EXECUTE FUNCTION game_clock_look_again();
CREATE TRIGGER game_clock_settings AFTER UPDATE OF ruleset, settings ON guilds
    FOR EACH ROW EXECUTE FUNCTION game_clock_look_again();

-- A server whose settings were never saved has no guilds row: its first character starts its
-- clock all the same.
CREATE FUNCTION game_clock_first_character() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO game_clock (guild_id, next_due) VALUES (NEW.guild_id, '')
        ON CONFLICT (guild_id) DO NOTHING;
    RETURN NULL;
END;
$$;
CREATE TRIGGER game_clock_first_character AFTER INSERT ON characters
    FOR EACH ROW EXECUTE FUNCTION game_clock_first_character();

-- Ageing moves from the weekly hunting job to this clock (as in the SQLite file).
INSERT INTO game_clock (guild_id, moon_pace, moon_tick, next_due)
SELECT g.guild_id,
       CASE WHEN a.week_key IS NULL THEN NULL ELSE 'real-week' END,
       (a.week_key::date - DATE '0001-01-01' + 1) / 7,
       ''
FROM (SELECT guild_id FROM guilds UNION SELECT guild_id FROM characters) g
LEFT JOIN (SELECT guild_id, max(week_key) AS week_key FROM hunting_posts
           WHERE kind = 'ageing' GROUP BY guild_id) a ON a.guild_id = g.guild_id;

-- A game day's summary counts the server's hunts in that day.
CREATE INDEX hunts_by_time ON hunts (guild_id, hunted_at);
