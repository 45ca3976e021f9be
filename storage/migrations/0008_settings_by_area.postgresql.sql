-- PostgreSQL variant of 0008_settings_by_area.sql: the same move with jsonb. A key left out
-- (JSON null here) is stripped, as json_patch drops it; the new groups did not exist before,
-- so merging at the top level is the whole of json_patch's work.
UPDATE guilds SET settings = ((settings::jsonb - 'germ') || jsonb_strip_nulls(jsonb_build_object(
    'contest_timeout_hours', settings::jsonb #> '{germ,contest_timeout_hours}',
    'turn_timeout_hours', settings::jsonb #> '{germ,turn_timeout_hours}',
    'hunting', jsonb_build_object(
        'missed_week_counts_as_failure',
            CASE jsonb_typeof(settings::jsonb #> '{germ,missed_week_counts_as_failure}')
                WHEN 'boolean' THEN settings::jsonb #> '{germ,missed_week_counts_as_failure}' END,
        'away_needs_approval',
            CASE jsonb_typeof(settings::jsonb #> '{germ,away_needs_approval}')
                WHEN 'boolean' THEN settings::jsonb #> '{germ,away_needs_approval}' END,
        'reminder_channel_id', settings::jsonb #> '{germ,reminder_channel_id}',
        'reminder_weekday', settings::jsonb #> '{germ,reminder_weekday}',
        'reminder_hour', settings::jsonb #> '{germ,reminder_hour}'),
    'seasons', jsonb_build_object(
        'season', settings::jsonb #> '{germ,season}',
        'seasons_auto_start', settings::jsonb #> '{germ,seasons_auto_start}',
        'weeks_per_season', settings::jsonb #> '{germ,weeks_per_season}'),
    -- Ageing was off unless turned on; a server keeps what it chose (off: only by an admin).
    'clock', jsonb_build_object(
        'ageing', CASE settings::jsonb #> '{germ,ageing}'
            WHEN 'true'::jsonb THEN 'real-week' WHEN 'false'::jsonb THEN 'admin' END,
        'moons_per_real_week', settings::jsonb #> '{germ,moons_per_real_week}'),
    'rulesets', jsonb_build_object('germ', jsonb_build_object(
        'points_to_spend', settings::jsonb #> '{germ,points_to_spend}',
        'max_points_in_stat', settings::jsonb #> '{germ,max_points_in_stat}',
        'steal_window_days', settings::jsonb #> '{germ,steal_window_days}',
        'free_attack_agility_cuts_damage',
            CASE jsonb_typeof(settings::jsonb #> '{germ,free_attack_agility_cuts_damage}')
                WHEN 'boolean' THEN settings::jsonb #> '{germ,free_attack_agility_cuts_damage}'
            END)))))::text
WHERE jsonb_typeof(settings::jsonb -> 'germ') = 'object';
