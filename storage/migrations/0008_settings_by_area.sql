-- The ruleset frame: a server's settings were all under "germ"; the shared ones (timeouts,
-- hunting's bookkeeping, seasons, ageing) move to the core's groups, and Germ keeps its own four
-- under rulesets.germ. A key left out (NULL here) takes its default when read.
UPDATE guilds SET settings = json_patch(json_remove(settings, '$.germ'), json_object(
    'contest_timeout_hours', json_extract(settings, '$.germ.contest_timeout_hours'),
    'turn_timeout_hours', json_extract(settings, '$.germ.turn_timeout_hours'),
    'hunting', json_object(
        'missed_week_counts_as_failure',
            CASE json_type(settings, '$.germ.missed_week_counts_as_failure')
                WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') END,
        'away_needs_approval',
            CASE json_type(settings, '$.germ.away_needs_approval')
                WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') END,
        'reminder_channel_id', json_extract(settings, '$.germ.reminder_channel_id'),
        'reminder_weekday', json_extract(settings, '$.germ.reminder_weekday'),
        'reminder_hour', json_extract(settings, '$.germ.reminder_hour')),
    'seasons', json_object(
        'season', json_extract(settings, '$.germ.season'),
        'seasons_auto_start', json_extract(settings, '$.germ.seasons_auto_start'),
        'weeks_per_season', json_extract(settings, '$.germ.weeks_per_season')),
    -- Ageing was off unless turned on; a server keeps what it chose (off: only by an admin).
    'clock', json_object(
        'ageing', CASE json_type(settings, '$.germ.ageing')
            WHEN 'true' THEN 'real-week' WHEN 'false' THEN 'admin' END,
        'moons_per_real_week', json_extract(settings, '$.germ.moons_per_real_week')),
    'rulesets', json_object('germ', json_object(
        'points_to_spend', json_extract(settings, '$.germ.points_to_spend'),
        'max_points_in_stat', json_extract(settings, '$.germ.max_points_in_stat'),
        'steal_window_days', json_extract(settings, '$.germ.steal_window_days'),
        'free_attack_agility_cuts_damage',
            CASE json_type(settings, '$.germ.free_attack_agility_cuts_damage')
                WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') END))))
WHERE json_type(settings, '$.germ') = 'object';
