"""Every number of Taking Risks (`seeds/001_d5aececb23d9d58c.txt`, "the book") and of RULINGS'
Cat section, each named once with the line or ruling it comes from."""

from __future__ import annotations

from rules.dice import MAX_DICE

# The roll.
DIE_SIDES = 6  # book l. 15: "roll a number of six-sided dice"; l. 15: an even (2, 4, 6) succeeds

# Evens needed to beat a Risk.
EASY_EVENS = 1  # book l. 17: "at least one even"
MODERATE_EVENS = 2  # book l. 18: "at least two evens"
HARD_EVENS = 3  # book l. 19: "at least three evens"

# Dice rolled for a trait of each rank. The book gives Good 3 (l. 188, "a Good Tail (3)") and
# Hurt 2 (l. 40); RULINGS (Cat, Traits): "the rest follow the ladder".
LEGENDARY_DICE = 6  # RULINGS Cat, Traits
BEST_DICE = 5  # RULINGS Cat, Traits
STRONG_DICE = 4  # RULINGS Cat, Traits
GOOD_DICE = 3  # book l. 188
HURT_DICE = 2  # book l. 40: "Hurt Traits have a bonus of 2"
CRIPPLED_DICE = 0  # book l. 41: no Risks with a Crippled trait; RULINGS: "not even by a Life"

# A new cat (RULINGS Cat, Traits: the book has no creation rules).
NEW_CAT_BEST_TRAITS = 1  # RULINGS: "one Best"
NEW_CAT_STRONG_TRAITS = 3  # RULINGS: "three Strong"
NEW_CAT_GOOD_TRAITS = 2  # RULINGS: "two Good traits"
NEW_CAT_REPUTATION_POINTS = 7  # RULINGS: "7 points of Reputation"
NEW_CAT_MAX_REPUTATION_RANK = 3  # RULINGS: "with no Reputation above 3"
NEW_CAT_STYLE = 0  # book l. 113: Style only comes from evens rolled beyond the need

# Lives.
LIVES = 9  # book l. 98: "A cat has nine Lives"
# book l. 100: "spend a cat's Life to succeed in any Risk"; l. 101: "use a Life to dodge any Scars
# gained from a single round"; l. 188 (Fighting Frenzy): "By spending one Life".
LIVES_PER_USE = 1

# Reputation.
MAX_REPUTATIONS = 5  # book l. 80: "up to five Reputations"
MAX_REPUTATION_RANK = 5  # book l. 80: "A Reputation's maximum Rank is 5"
MIN_REPUTATION_RANK = 1  # RULINGS Cat, Reputation: a granted one is "at least 1"
REPUTATION_POINTS_LOST = 1  # book l. 88: "he loses a point of that Reputation"
GRANT_DIVISOR = 2  # book l. 94: "at half the value of his own" (RULINGS: rounded down)
MIN_GRANTED_RANK = 1  # RULINGS Cat, Reputation: "at least 1"
MAX_REPUTATION_NAME_LENGTH = 32  # house rule, as for character names (docs/rulings.md)

# Scars, healing and death.
SCARS_PER_RANK = 3  # book l. 39: "three Scars in one Trait, that Trait drops down to the next Rank"
SCARS_HEALED_PER_WEEK = 1  # book l. 44: "one Scar per week of game time"
GAME_DAYS_PER_WEEK = 7  # RULINGS general: "a quarter-moon 7" game days
CRIPPLED_TRAITS_IN_DANGER = 3  # book l. 76: "When three of a cat's Traits are crippled"
CRIPPLED_TRAITS_TO_DIE = 4  # book l. 76: "When four of his Traits become Crippled ... he dies"

# Style.
STYLE_PER_SURPLUS_EVEN = 1  # book l. 113-115: each even beyond the need is one Style point
AUTOMATIC_EVENS_PER_STYLE = 1  # book l. 115: "Each even kept ... counts as an automatic even"

# Magic Points.
BASE_MAGIC_POINTS = 5  # book l. 128: "Each cat has five Magic Points"
# book l. 128 "plus one Magic Point per Tail Rank": RULINGS reads it as + the Tail's dice.
MIN_MAGIC_POINTS_PER_TRICK = 1  # book l. 128: "spend at least one Magic Point"
ADVANTAGE_DICE_PER_EXTRA_MAGIC_POINT = 1  # book l. 128: "Each additional Magic Point gives you an
# Advantage Die"
MAGIC_POINTS_PER_HOUR_OF_SLEEP = 1  # book l. 132: "1 per hour of sleep"

# Evens a Trick needs, by the tier used (RULINGS Cat, Magic, a server setting).
TRICK_EVENS_GOOD = 1  # RULINGS: "Good 1"
TRICK_EVENS_STRONG = 2  # RULINGS: "Strong 2"
TRICK_EVENS_BEST = 3  # RULINGS: "Best 3"

# The Bauble Curse.
BAUBLE_CURSE_RISKS = 3  # book l. 138: "until he makes three Hard Risks with his Tail"

# The Tricks' own numbers.
FALL_FEET_GOOD = 20  # book l. 159: "fall twenty feet and take no Scars"
FALL_FEET_STRONG = 40  # book l. 160: "fall forty feet"
FALL_FEET_BEST = 70  # book l. 161: "fall seventy feet"
DINNER_DANCE_CIRCLES = 3  # book l. 179: "walk around a human three times"
DREAM_BITE_BITES = (2, 3)  # book l. 182: "A few bites (just two or three)"
WHAMMY_MINUTES_DIE = 3  # book l. 185: "This lasts for d3 minutes"

# Changing the Dreamscape: evens needed (book) and the Tail it takes (RULINGS Cat, Magic).
CHANGE_YOURSELF_EVENS = 1  # book l. 194: "Change Yourself (1 Even)"
CHANGE_SOMETHING_ELSE_EVENS = 2  # book l. 198: "Change Something Else (2 Evens)"
ALTER_SOMETHING_ELSE_EVENS = 3  # book l. 202: "Alter Something Else (3 Evens)"
CREATE_OR_DESTROY_EVENS = 4  # book l. 206: "Create or Destroy Something (4 Evens)"
CHANGE_ONE_PLACE_EVENS = 5  # book l. 210: "Completely Change One Place (5 Evens)"

# The most dice one pool may roll: the dice notation's limit (rules/dice.py), a house rule.
MAX_POOL_DICE = MAX_DICE

# The most foes one fight against non-cats holds (a house rule: each foe still in takes a row of
# buttons' worth of choices, and Discord shows at most 25 buttons).
MOST_FOES = 5

# The most Style one roll may spend, as the commands bound it (a house rule: Discord bounds
# every number a command takes).
MOST_STYLE_SPENT = 1000

# Server settings the book leaves to the Narrator (issue 27, docs/rulings.md), their defaults.
# book l. 25: "Advantage Dice are dice the Narrator hands out"; a player may claim this many on a
# roll, and only the Narrator grants more.
CLAIMED_ADVANTAGE_MOST = 3
# book l. 37: if the player gives no reason, the Narrator places the scars; owed scars not placed
# within this many hours are placed where the Narrator would put them.
SCAR_TIMEOUT_HOURS = 24
