"""Every number of Caverns and Cloiers part 1 (characters, moves, rests, Harmony, conditions and
the market), each named once with the book line (or RULINGS) it comes from."""

from __future__ import annotations

# --- Dice and moves -------------------------------------------------------------------------
DICE_PER_ROLL = 2  # book l. 60: "all dice rolls should be assumed to be 2d6"
DIE_SIDES = 6  # book l. 60
DEFAULT_DIFFICULTY = 7  # book l. 64 ("a Difficulty of 7"); RULINGS: the default where none given
STRONG_HIT = 10  # book l. 285, 290, 303, 311, 316: the "10+" band
WEAK_HIT = 7  # book l. 286, 291, 304, 312, 317: the "7+" band (a miss is 6 or lower)

# --- Attributes and creation ----------------------------------------------------------------
ATTRIBUTE_MIN = -3  # book l. 72: "All attributes (including Harmony) vary from +3 to -3"
ATTRIBUTE_MAX = 3  # book l. 72
ATTRIBUTE_ARRAY = (2, 1, 1, 0, -1)  # book l. 72: "+2, +1, +1, +0, -1"
STARTING_HARMONY = 3  # book l. 72: "has a +3 in Harmony at the start of play"
RACE_BONUS = 1  # book l. 73: "each race provides +1 to a single attribute"
EXTRA_BONUS = 1  # book l. 94: "an additional +1 to one attribute ... that their Race didn't"
STARTING_LEVEL = 1  # book l. 100: "A first level character"
STARTING_EXPERIENCE = 0  # RULINGS (Caverns, creation): the book never states it
ADVANCED_SKILLS_AT_START = 1  # book l. 100: "plus a single Advanced skill from ONE"
SKILLS_AT_START = 4  # book l. 100: "a starting character will have four Skills from their Class"

# --- Starting kit ---------------------------------------------------------------------------
STARTING_TORCHES = 3  # book l. 103
STARTING_RATIONS = 10  # book l. 103
STARTING_GOLD = 100  # book l. 103
BARD_EXTRA_GOLD = 100  # book l. 152: "An extra 100 gold"

# --- Races (book l. 74-93) ------------------------------------------------------------------
ASLARAN_FLEE_FLOOR = 7  # book l. 74: "Cannot roll less than a 7 when using the Flee! skill"
DWARF_DRUNK_VITAE = 1  # book l. 76: "an extra point of Vitae while drunk"
ELFEN_LONG_REST_HARMONY = 3  # book l. 77: "Harmony resets to 3 after a Long Rest, not to 0"
HUMAN_SHORT_REST_HARMONY = 2  # book l. 80: "Gain 2 Harmony (instead of 1) on a Short Rest"
ILLITHOID_VITAE = 1  # book l. 82: "+1 Vitae"
KEPHERA_ARMOUR = 1  # book l. 83: "+1 Armour"
LOBOSHIGARU_ARMOUR = 1  # book l. 85: "+1 Armour"
LOBOSHIGARU_ARMOUR_BLOCKS = 5  # book l. 85: "Armour blocks 5 damage for you instead of 3"
LUCIDIAN_SUNLIGHT_REDUCTION = 1  # book l. 86: "one less damage from every source while in sunlight"
ORCLACH_HEALTH_PER_KILL = 1  # book l. 89: "Whenever you kill something, regain one Health"

# --- Do Battle (book l. 294-298) ------------------------------------------------------------
BATTLE_HIT = 5  # book l. 295: "On a 5+, your opponent loses Health equal to your Damage"
BATTLE_SAFE = 8  # book l. 296: "On an 8+, you are safe"
ASSAULT_FLOURISHES_ON_DOUBLES = 2  # book l. 155: "If you roll doubles, apply two Flourishes"
FLOURISHES_PER_ATTACK = 1  # book l. 374: "any one (and only one) apply on a given attack"
ADVANCE_STRONG_DAMAGE = 1  # book l. 290: "Gain +1 Damage for the rest of the turn"

# --- Armour (book l. 385-386) ---------------------------------------------------------------
ARMOUR_BLOCKS = 3  # book l. 298, 385: a piece negates "the loss of up to 3 Health"
HEAVY_ARMOUR_ALLOWANCE = 3  # book l. 386: "more pieces of Armour than their Metal + 3"
HEAVY_ARMOUR_DAMAGE_PENALTY = 1  # book l. 386: "have their Damage reduced by one"
IMMOBILE_ARMOUR_ALLOWANCE = 7  # book l. 386: "more pieces of Armour than the Metal + 7"
OFF_HAND_DAMAGE_PENALTY = 1  # book l. 370: "A one-handed weapon wielded in the off hand ... -1"
MIN_MAX_HEALTH = 1  # chosen: the book never lets a class's Health fall below 1 (Guardian 2 - 1)

# --- Ask on Market (book l. 302-306) --------------------------------------------------------
MARKET_PRICE_STEP = 100  # book l. 302: "Subtract 1 ... for every 100gp of base price"
MARKET_PRICE_STEP_PENALTY = 1  # book l. 302
OUTRAGEOUS_PRICE_FACTOR = 10  # book l. 305: "an outrageous price (10x normal)"
RARE_BAND_STEPS = 1  # book l. 306: "treat your result as one step lower"
SALE_PERCENT = 50  # RULINGS (Caverns, selling): "half its catalogue price (config)"

# --- Rests (book l. 310-323) ----------------------------------------------------------------
SHORT_REST_HARMONY = 1  # book l. 311-312: "regains one Harmony"
SHORT_REST_TORCHES = 1  # book l. 312: "one torch (total)"
SHORT_REST_RATIONS = 1  # book l. 312: "one ration (each)"
LONG_REST_WEAK_VITAE = 1  # book l. 317: "everyone restores one Vitae"
LONG_REST_HARMONY = 0  # book l. 317-318: "resets their Harmony back to 0"
MAX_RATIONS_CARRIED = 10  # RULINGS (Caverns, rests): "(config: 10 rations, 3 torches)"
MAX_TORCHES_CARRIED = 3  # RULINGS (Caverns, rests)
MAKE_CAMP_BONUS = 3  # book l. 277: "a +3 bonus on all rolls to Rest"
EXPERIENCE_QUESTIONS_COUNT = 3  # book l. 320-322: three questions
EXPERIENCE_PER_QUESTION = 1  # book l. 323: "mark down one Experience Point for the party"
LEVEL_UP_EXPERIENCE_OFFSET = 3  # book l. 323: "equal to their current level +3"
ADVANCED_SKILLS_PER_LEVEL = 1  # book l. 323: "one level and one Advanced Skill"
VITAE_PER_DEATH = 1  # book l. 98, 298: "marks off one Vitae"

# --- Harmony skills (book l. 325-349) -------------------------------------------------------
HARMONY_SKILL_COST = 1  # book l. 325: "Each skill used costs one Harmony"
HARMONY_SKILL_FLOOR = -3  # book l. 325: "to a minimum of -3"
HARMONY_BENEFIT_STEP = 5  # book l. 327, 333, 338: "one ... benefit for every 5 points you roll"
SKILL_HARMONY_COST = 1  # book l. 155 and others: "Spend one Harmony"
TALLEST_TREE_FREE_ARMOUR = 2  # book l. 341: "Gain two free Armour"
FLOW_FREE_ARMOUR = 1  # book l. 335: "gain a free Armour against it"
PASSION_BOUND = 0  # book l. 343-344: allies "at least +0", enemies "at most +0"

# --- Skills with numbers, outside battle ----------------------------------------------------
PATRON_TOTEM_VITAE = 2  # book l. 206: "gain +2 Vitae if you choose not to bind a second totem"
MOON_SHIFT = 1  # book l. 208: "Gain +1 ... and -1"
TWIST_FATE_DICE = 2  # book l. 219: "roll two dice"
TRANSMUTE_VITAE_COST = 1  # book l. 197: "spend one Vitae to restore your health to full"
IMMUNITY_POISON_ROLL = 4  # book l. 198: "roll Water; on a 4+ you shrug it off"
SICK_BEAT_CONDITIONS = 3  # book l. 185: "choose three of the following conditions"
MELD_DAMAGE = 2  # book l. 172, 181: "do two extra Damage" while at a melded site

# --- Conditions (book l. 350-367) -----------------------------------------------------------
ABLAZE_DIFFICULTY = 5  # book l. 350: "a Difficulty 5 Water check"
ABLAZE_DAMAGE = 1  # book l. 350: "takes one damage every turn"
BLIND_ATTACK_PENALTY = 3  # book l. 352: "make all attack rolls at -3"
BOUND_DIFFICULTY = 9  # book l. 353: "(default difficulty is 9)"
CLUMSINESS_PENALTY = 3  # book l. 355: "makes their next roll at -3"
CONFUSED_DIFFICULTY = 7  # book l. 356: "(default difficulty is 7)"
DISLOYALTY_DIFFICULTY = 7  # book l. 358
FATIGUE_DIFFICULTY = 7  # book l. 360
SICKNESS_DIFFICULTY = 7  # book l. 366
SLEEPING_DIFFICULTY = 7  # book l. 367: "a Difficulty 7 Harmony check"
ETERNAL_SLEEP_DIFFICULTY = 10  # book l. 243: "the Harmony check for them to wake ... is 10"
ROLLS_TO_CURE = 3  # book l. 356, 358, 360, 366: "After three such rolls, they are cured"
PRONE_PENALTY = 3  # book l. 364: "Advance, Flee and Do Battle all take a -3 penalty"
SENSITIVITY_EXTRA_LOSS = 1  # book l. 365: "loses one extra health each time"
SLEEPING_DAMAGE = 0  # book l. 367: "their effective Damage is zero"
CONCEALED_SPOT_DIFFICULTY = 10  # book l. 376: "a +Wind check at 10+ to spot"
CAVE_FISHER_LURED = 3  # book l. 444: "it picks three enemies; these become Entranced"
