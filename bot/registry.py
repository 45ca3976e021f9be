"""The rulesets the bot can play, one `Ruleset` object each: the only module of the core that
names a ruleset's package (with `rules/rulesets.py` for their pure part).

A ruleset that is not built yet is simply absent: the core answers its `/character create`,
`/check` and `/hunt` with "not built yet".
"""

from __future__ import annotations

from bot.actions.cat import card as cat_card
from bot.actions.cat import days as cat_days
from bot.actions.cat import gm as cat_gm
from bot.actions.cat.builder import CAT_BUILDER
from bot.actions.cat.config import settings_field as cat_settings_field
from bot.actions.cat.export import export_section as cat_export
from bot.actions.cat.fights import CatContest
from bot.actions.cat.foe_flow import FOE_BUTTONS as CAT_FOE_BUTTONS
from bot.actions.cat.foe_flow import fight_timeouts as cat_fight_timeouts
from bot.actions.cat.magic import TRICK_BUTTONS as CAT_TRICK_BUTTONS
from bot.actions.cat.risks import RISK_BUTTONS as CAT_RISK_BUTTONS
from bot.actions.cat.scar_timeouts import scar_timeouts as cat_scar_timeouts
from bot.actions.cat.sheet import sheet_fields as cat_sheet_fields
from bot.actions.cat.wounds import WOUND_BUTTONS as CAT_WOUND_BUTTONS
from bot.actions.caverns import adjudicate as caverns_adjudicate
from bot.actions.caverns import card as caverns_card
from bot.actions.caverns.admin import settings_field as caverns_settings_field
from bot.actions.caverns.battle.flourishes import FLOURISH_BUTTONS as CAVERNS_FLOURISH_BUTTONS
from bot.actions.caverns.battle.rows import BATTLE_BUTTONS as CAVERNS_BATTLE_BUTTONS
from bot.actions.caverns.battle.timeouts import CAVERNS_JOBS
from bot.actions.caverns.builder import CAVERNS_BUILDER
from bot.actions.caverns.conditions import CURE_BUTTONS as CAVERNS_CURE_BUTTONS
from bot.actions.caverns.export import export_section as caverns_export
from bot.actions.caverns.gm import CAVERNS_GM
from bot.actions.caverns.party.market import OFFER_BUTTONS as CAVERNS_OFFER_BUTTONS
from bot.actions.caverns.party.market import SALE_BUTTONS as CAVERNS_SALE_BUTTONS
from bot.actions.caverns.party.rests import REST_BUTTONS as CAVERNS_REST_BUTTONS
from bot.actions.caverns.sheet import sheet_fields as caverns_sheet_fields
from bot.actions.germ import adjudicate as germ_adjudicate
from bot.actions.germ import card as germ_card
from bot.actions.germ import checks as germ_checks
from bot.actions.germ import clock as germ_clock
from bot.actions.germ.builder import GERM_BUILDER
from bot.actions.germ.combat_buttons import COMBAT_BUTTONS as GERM_COMBAT_BUTTONS
from bot.actions.germ.export import export_section as germ_export
from bot.actions.germ.gm import GERM_GM
from bot.actions.germ.hunting import HUNT_BUTTONS as GERM_HUNT_BUTTONS
from bot.actions.germ.hunting import season_hunting as germ_season_hunting
from bot.actions.germ.jobs import GERM_JOBS
from bot.actions.germ.mothers import MOTHER_BUTTONS as GERM_MOTHER_BUTTONS
from bot.actions.germ.settings import settings_field as germ_settings_field
from bot.actions.germ.sheet import sheet_fields as germ_sheet_fields
from bot.actions.wcagr import adjudicate as wcagr_adjudicate
from bot.actions.wcagr import card as wcagr_card
from bot.actions.wcagr import clock as wcagr_clock
from bot.actions.wcagr.ageing import GAIN_BUTTONS as WCAGR_GAIN_BUTTONS
from bot.actions.wcagr.ageing import RETIRE_BUTTONS as WCAGR_RETIRE_BUTTONS
from bot.actions.wcagr.builder import WCAGR_BUILDER
from bot.actions.wcagr.cats import REQUEST_BUTTONS as WCAGR_REQUEST_BUTTONS
from bot.actions.wcagr.cats import waiting_sheets as wcagr_waiting_sheets
from bot.actions.wcagr.config import settings_field as wcagr_settings_field
from bot.actions.wcagr.contests import WcagrContest
from bot.actions.wcagr.export import export_section as wcagr_export
from bot.actions.wcagr.fights import FIGHT_BUTTONS as WCAGR_FIGHT_BUTTONS
from bot.actions.wcagr.gm import WCAGR_GM
from bot.actions.wcagr.hunger import WcagrHunger
from bot.actions.wcagr.jobs import WCAGR_JOBS
from bot.actions.wcagr.ranks import RANK_BUTTONS as WCAGR_RANK_BUTTONS
from bot.actions.wcagr.sheet import sheet_fields as wcagr_sheet_fields
from bot.bench.cat import CAT_BENCH
from bot.bench.caverns import CAVERNS_BENCH
from bot.bench.germ import GERM_BENCH
from bot.bench.wcagr import WCAGR_BENCH
from bot.commands.cat import CAT_COMMANDS, CAT_GROUPS
from bot.commands.caverns import CAVERNS_COMMANDS, CAVERNS_GROUPS
from bot.commands.germ import GERM_COMMANDS, GERM_GROUPS
from bot.commands.wcagr import WCAGR_COMMANDS, WCAGR_GROUPS
from bot.ruleset import Feature, Ruleset
from rules.cat.dice_words import CAT_DICE_WORDS
from rules.cat.roll_values import roll_values as cat_roll_values
from rules.caverns.roll_values import roll_values as caverns_roll_values
from rules.germ.hunger import GermHunger
from rules.germ.roll_values import roll_values as germ_roll_values
from rules.rulesets import RULESETS as RULES
from rules.wcagr.roll_values import roll_values as wcagr_roll_values

GERM = Ruleset(
    rules=RULES["germ"],
    commands=GERM_COMMANDS,
    groups=GERM_GROUPS,
    sheet_fields=germ_sheet_fields,
    features=frozenset({Feature.HUNTING, Feature.SEASONS}),
    buttons={**GERM_COMBAT_BUTTONS, **GERM_HUNT_BUTTONS, **GERM_MOTHER_BUTTONS},
    contest=germ_checks.GermContest(),
    jobs=GERM_JOBS,
    hunger=GermHunger(),
    on_game_day=germ_clock.on_game_day,
    on_moon=germ_clock.on_moon,
    season_hunting=germ_season_hunting,
    settings_field=germ_settings_field,
    export=germ_export,
    builder=GERM_BUILDER,
    bench=GERM_BENCH,
    adjudicate=germ_adjudicate.adjudicate,
    gm=GERM_GM,
    card=germ_card.card,
    roll_values=germ_roll_values,
)

CAT = Ruleset(
    rules=RULES["cat"],
    commands=CAT_COMMANDS,
    groups=CAT_GROUPS,
    sheet_fields=cat_sheet_fields,
    buttons={**CAT_RISK_BUTTONS, **CAT_WOUND_BUTTONS, **CAT_FOE_BUTTONS, **CAT_TRICK_BUTTONS},
    contest=CatContest(),
    jobs=(cat_scar_timeouts, cat_fight_timeouts),
    builder=CAT_BUILDER,
    on_game_day=cat_days.on_game_day,
    export=cat_export,
    bench=CAT_BENCH,
    settings_field=cat_settings_field,
    card=cat_card.card,
    dice_words=CAT_DICE_WORDS,
    roll_values=cat_roll_values,
    adjudicate=cat_gm.adjudicate,
    gm=cat_gm.CAT_GM,
)

WCAGR = Ruleset(
    rules=RULES["wcagr"],
    commands=WCAGR_COMMANDS,
    groups=WCAGR_GROUPS,
    sheet_fields=wcagr_sheet_fields,
    buttons={
        **WCAGR_RETIRE_BUTTONS,
        **WCAGR_REQUEST_BUTTONS,
        **WCAGR_FIGHT_BUTTONS,
        **WCAGR_GAIN_BUTTONS,
        **WCAGR_RANK_BUTTONS,
    },
    contest=WcagrContest(),
    features=frozenset({Feature.HUNTING, Feature.SEASONS}),
    jobs=WCAGR_JOBS,
    hunger=WcagrHunger(),
    on_sunrise=wcagr_clock.on_sunrise,
    on_moon=wcagr_clock.on_moon,
    settings_field=wcagr_settings_field,
    export=wcagr_export,
    builder=WCAGR_BUILDER,
    card=wcagr_card.card,
    waiting=wcagr_waiting_sheets,
    bench=WCAGR_BENCH,
    adjudicate=wcagr_adjudicate.adjudicate,
    roll_values=wcagr_roll_values,
    gm=WCAGR_GM,
)

CAVERNS = Ruleset(
    rules=RULES["caverns"],
    commands=CAVERNS_COMMANDS,
    groups=CAVERNS_GROUPS,
    sheet_fields=caverns_sheet_fields,
    buttons={
        **CAVERNS_REST_BUTTONS,
        **CAVERNS_CURE_BUTTONS,
        **CAVERNS_OFFER_BUTTONS,
        **CAVERNS_SALE_BUTTONS,
        **CAVERNS_BATTLE_BUTTONS,
        **CAVERNS_FLOURISH_BUTTONS,
    },
    jobs=CAVERNS_JOBS,
    settings_field=caverns_settings_field,
    export=caverns_export,
    builder=CAVERNS_BUILDER,
    bench=CAVERNS_BENCH,
    card=caverns_card.card,
    adjudicate=caverns_adjudicate.adjudicate,
    roll_values=caverns_roll_values,
    gm=CAVERNS_GM,
)

RULESETS: dict[str, Ruleset] = {ruleset.id: ruleset for ruleset in (GERM, CAT, WCAGR, CAVERNS)}
