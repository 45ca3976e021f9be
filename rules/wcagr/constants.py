"""Every number of WCAGR part 1 (cats, clans, checks, points, knacks, ranks, ageing), named once.

Line numbers are those of `seeds/000_df908ea626d3d131.txt`; "RULINGS" is the WCAGR section of
`RULINGS.md`. Per-knack costs, bonuses and maximum picks live in the knack table
(`rules.wcagr.knacks.KNACKS`), each row citing its lines.
"""

from __future__ import annotations

# --- Abilities (l.24) ------------------------------------------------------------------------
ABILITY_MIN = 1  # book l.24: "must have at least 1 point in each"
ABILITY_MAX = 10  # book l.24: "represented by a number between 1 and 10"
CREATION_ABILITY_POINTS = 5  # book l.24: "only has a total of 5 points to spread"

# --- The 10-moon gains (l.24, l.229; RULINGS: the default starting age) ----------------------
TEN_MOONS = 10  # book l.24: "A cat at least 10 moons old"; l.229 "By the time ... 10 moons old"
STARTING_KNACKS = 3  # book l.229: "he or she has learned three Knacks"

# --- Skills (l.32-33) ------------------------------------------------------------------------
SKILL_MIN = 0  # book l.32: "a number between 0 and 5"
SKILL_MAX = 5  # book l.33: "A Skill can never be increased above a value of 5"
STARTING_SKILLS = 3  # book l.33: "Cats of any age start with three Skills"
STARTING_SKILL_LEVEL = 1  # book l.33: "each with 1 point each"

# --- Clan bonuses (l.73-102) -----------------------------------------------------------------
CLAN_ABILITY_BONUS = 1  # book l.73, 76, 79, 82: "scores increase by 1"
CLAN_DOUBLE_ABILITY_BONUS = 2  # book l.87, 90, 93: "scores increases by 2"
CLAN_SKILL_BONUS = 1  # book l.73-93: "skill increases by 1"
LONER_ONE_ABILITY_BONUS = 2  # book l.96: "either one ability score to increase by 2"
LONER_TWO_ABILITIES_BONUS = 1  # book l.96: "or two ability scores to increase by 1"
LONER_SKILL_BONUS = 1  # book l.96: "increase any one skill of your choosing by 1"

# --- Ages (RULINGS: creation; l.159-222, 432) ------------------------------------------------
DEFAULT_AGE_MOONS = 10  # RULINGS: "The default starting age is 10 moons"
MAX_CREATION_AGE_MOONS = 70  # RULINGS: "Cats are at most 70 moons at creation"
AGE_TABLE_FIRST_MOON = 11  # book l.161: the age table's first row
AGE_TABLE_LAST_MOON = 70  # book l.222: the age table's last row
RETIREMENT_AGE_MOONS = 71  # book l.432: "When a cat reaches their 71st moon ... retire"
# Book l.24 ("gains 1 point in strength and 1 point in either Intelligence or Spirit") and every
# ability entry of the age table (l.162 "+1 Any Ability Score" ... l.209 "–1 Strength").
AGE_ABILITY_CHANGE = 1
AGE_SKILL_POINTS = 1  # RULINGS: "'Skill' is one skill point"

# --- Hit points (l.421) ----------------------------------------------------------------------
HP_BASE = 5  # book l.421: "Hit Points = 5 + Age in Moons + Strength Score"
KNOCKED_OUT_AT_HP = 0  # book l.423: "If a cat has no HP left, then he or she is Knocked Out"

# --- Checks (l.22) ---------------------------------------------------------------------------
CHECK_DICE = 3  # book l.22: "all checks will be made by 3d6"
CHECK_DIE_SIDES = 6  # book l.22
CRITICAL_MATCHES = 2  # book l.22: "two to three 1's ... two to three 6's"
CRITICAL_FAILURE_FACE = 1  # book l.22: "1's will equal a critical fail"
CRITICAL_SUCCESS_FACE = 6  # book l.22: "6's will grant you a critical success"

# --- Ability points (l.224-226) --------------------------------------------------------------
BONUS_PER_POINT_SPENT = 1  # book l.224: "For each point you spend, you get a +1 bonus"
CONVERSION_POINTS_PAID = 2  # book l.226: "the ratio 2:1 ... trade 2 points"
CONVERSION_POINTS_GAINED = 1  # book l.226: "convert them into 1 Intelligence point"

# --- Sprains (l.463-464) ---------------------------------------------------------------------
SPRAIN_REST_SUNRISES = 3  # book l.464: "The only treatment is to rest for 3 sunrises"

# --- Knacks used on a check (l.294, 300) -----------------------------------------------------
LAUNCH_MOST_USES = 4  # book l.294: "up to four times on a single Wrestling Check"
LEAP_MOST_USES = 4  # book l.300: "up to four times on a single Pounce Check"
LAUNCH_FIRST_DISTANCE = 2  # book l.293: "the opponent will land two body lengths away"
LAUNCH_EXTRA_DISTANCE = 1  # book l.294: "Each additional use ... by one body length"
LEAP_EXTRA_DISTANCE = 1  # book l.299: "increase the distance ... by up to one body length"
POUNCE_REACH_BODY_LENGTHS = 2  # book l.51: "up to two body lengths away or above him or her"
SPRING_HEIGHT_MULTIPLIER = 2  # book l.334: "twice the height that he or she can normally Pounce"
DASH_DISTANCE_MULTIPLIER = 2  # book l.259: "move up to twice as far as you normally would"
MIGHTY_SWAT_EXTRA_DAMAGE = 1  # book l.307: "1 extra point of damage"; RULINGS: +1 HP lost per use
BELLY_RAKE_EXTRA_DAMAGE = 1  # book l.249: "does 1 extra point of damage"; RULINGS as above
PATHFINDER_FACTS_PER_PICK = 1  # book l.318-319: one fact; the second pick gives two
HERB_LORE_KEEPING_PICKS = 3  # book l.275: "the third time you take this Knack"
HERB_KEEPING_MULTIPLIER = 2  # book l.275: "doubling the time you can keep ... herbs"
FRESH_HERB_DAYS = 7  # book l.275: "Fresh herbs stay good for a week"
DRIED_HERB_DAYS = 14  # book l.275: "dried herbs stay good for two weeks"

# --- Ranks (l.106-158; RULINGS: ranks) -------------------------------------------------------
LEADER_LIVES = 9  # book l.107: "Leaders are normally granted nine lives"
LEADERS_PER_CLAN = 1  # book l.107: "There is only one leader per Clan"
DEPUTIES_PER_CLAN = 1  # book l.109: "There is only one deputy per Clan"
MOST_ELITES = 5  # book l.111: "normally 3-5 elites"; RULINGS: "at most 5 elites"
MOST_SEERS = 2  # book l.113: one Seer, and a new one born near its end (see ranks.py)
MOST_SILVERBLOODS = 2  # book l.115: "giving the Clan two silverbloods"
MOST_MEDICINE_CATS = 2  # book l.117: "giving the Clan two medicine cats"
HEALERS_PER_TRIBE = 1  # book l.146: "the Tribe's official Healer"
SEER_USUAL_AGE_MOONS = 6  # book l.113: "typically when they reach either 6 moons"
WARRIOR_USUAL_AGE_MOONS = 12  # book l.125: "at or over the age of twelve moons"
APPRENTICE_USUAL_AGE_MOONS = 6  # book l.127-131: "at or over the age of six moons"
KIT_USUAL_AGE_MOONS = 6  # book l.133: "under the age of six moons"
TO_BE_AGE_MOONS = 8  # book l.158: "They can be to-bes when they are eight moons old"

# --- Reading dice the table lacks (l.17-18) --------------------------------------------------
PERCENTILE_DIE_SIDES = 10  # book l.17: "two different ten-sided dice numbered from 0 to 9"
PERCENTILE_TENS = 10  # book l.17: "One die ... gives the tens digit"
PERCENTILE_DOUBLE_ZERO = 100  # book l.17: "Two 0s represent 100"
D3_FROM_D6_DIVISOR = 2  # book l.18: "roll a d6 and divide the number rolled by 2 (round up)"

# --- Part 2: hunting (l.361-402; RULINGS: hunting, fresh-kill and crowfood) ------------------
HUNT_TRIES_PER_STAGE = 2  # RULINGS: "the server's tries per stage (config: 2, i.e. one retry)"
PREY_WEIGHT_DIE = 10  # RULINGS: "A kill rolls the prey's weight on 1d10"
# RULINGS: 1 skin and bones, 2-3 underweight, 4-7 average, 8-9 plump, 10 massive (config).
SKIN_AND_BONES_MOST = 1
UNDERWEIGHT_MOST = 3
AVERAGE_MOST = 7
PLUMP_MOST = 9
CROWFOOD_AFTER_GAME_DAYS = 2  # RULINGS: "Prey older than 2 game days is crowfood (config)"
CROWFOOD_DIE = 100  # book l.402: "a 1d100 roll"
CROWFOOD_ILL_BELOW = 66  # book l.402: "Anything less than 66 on a 1d100 roll"

# --- Part 2: fighting (l.403-425) -------------------------------------------------------------
INITIATIVE_DIE = 6  # book l.405: "the highest Spirit+d6 roll goes first"
TIEBREAK_DIE = 100  # RULINGS: a tie on Spirit points is broken "at random": a d100 each
SWAT_DOUBLE_DAMAGE_BONUS = 2  # book l.409: "+2 to his or her Strength Check for ... damage"
DAMAGE_DIE = 4  # book l.418: "1d4+1 ... 1d4+2 ... 1d4+3"
DAMAGE_AT_MOST_STRENGTH = 1  # book l.418: "less than or equal to the defender's Strength: 1d4+1"
DAMAGE_ABOVE_STRENGTH = 2  # book l.418: "more than the defender's Strength score ... 1d4+2"
DAMAGE_ABOVE_DOUBLE = 3  # book l.418: "more than double the defender's Strength ... 1d4+3"
BITE_EXTRA_DAMAGE = 1  # book l.415: "the victim loses 1 additional point"
DEATH_DICE = 2  # book l.425: "you must roll 2d6"
DEATH_DIE_SIDES = 6
DIES_AT_MOST = 4  # book l.425: "If your roll is 4 or lower, you are beyond the help of medicine"

# --- Part 2: healing (l.426-430) --------------------------------------------------------------
HEAL_PER_MORNING = 1  # book l.428: "Every morning, a cat will heal 1 point"
HERB_TARGET_BASE = 5  # book l.429: "the number of HP+5 the cat currently has lost"
HERB_HEAL_BELOW = 1  # book l.429: "lower than ... 1 extra HP is recovered"
HERB_HEAL_REACHED = 2  # book l.430: "equal to or higher ... heals 2 extra points"
HERB_HEAL_DOUBLE = 3  # book l.430: "more than double ... heals 3 extra points"

# --- Part 2: illness (l.433-458; RULINGS: illness) -------------------------------------------
ILLNESS_DIE = 100  # book l.441 ff.: "roll a 1d100"
QUARTER_MOON_SUNRISES = 7  # RULINGS: "a quarter-moon is the 7th sunrise after it"
HALF_MOON_SUNRISES = 14  # book l.441: "a half-moon to treat it"
WHITECOUGH_DC = 10  # book l.437: "Passing a DC 10 strength check"
KITTEN_COUGH_DC = 12  # book l.449: "Passing a DC 12 strength check"
KITTEN_COUGH_UNDER_MOONS = 12  # book l.449: "a cat under the age of 12 moons"
GREENCOUGH_DIES_BELOW = 25  # book l.442: "anything below 25 means the cat will die"
BLACKCOUGH_DIES_BELOW = 75  # book l.446: "anything below 75"
KITTEN_COUGH_DIES_BELOW = 10  # book l.450: "anything below 10"
KITTEN_COUGH_CURED_ABOVE = 60  # book l.450: "anything above 60 means the cat will be cured"
REDCOUGH_DIES_BELOW = 90  # book l.454: "anything below 90"
YELLOWCOUGH_DIES_BELOW = 30  # book l.458: "anything below 30"
WORSENS_BELOW = 20  # book l.453, 457: "a 20% (1d100<20) it will develop into" red/yellowcough
