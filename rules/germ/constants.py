"""Every number of the Germ rule book, each named once."""

from __future__ import annotations

# Character creation (both are server settings; these are the book's defaults).
POINTS_TO_SPEND = 22
MAX_POINTS_IN_STAT = 8
SPECIALIZED_POINTS = 5  # "a point bonus of 5 or more in a category is considered specialized"

# Every roll is a d20 plus the stat's points.
DIE_SIDES = 20

# Ages, in moons. "Cats six months and under"; "Cats ten years and older" (10 x 12 moons).
KIT_MAX_AGE_MOONS = 6
MAX_AGE_MOONS = 600  # the oldest a cat can be made or set to (fifty years: no cat lives longer)
ELDER_MIN_AGE_MOONS = 120

# The penalty table (sizes; a penalty is subtracted).
KIT_PENALTY = 10  # to any roll
ELDER_PENALTY = 5  # Strength, Agility, Perception
BLIND_PENALTY = 2  # Perception, Agility
BLIND_STEALTH_PENALTY = 5
NO_SENSE_OF_SMELL_PENALTY = 4  # Perception
LOST_LIMB_PENALTY = 3  # Agility, Stealth
NO_TAIL_PENALTY = 5  # Agility
STARVING_STRENGTH_PENALTY = 4
STARVING_AGILITY_PENALTY = 3

# Situational modifiers (these add to a penalty; penalties never add to each other).
HIDING_IN_COMBAT_PENALTY = 5
BADLY_WOUNDED_PENALTY = 5  # to run and chase rolls after taking a 16+ hit in this combat
FULL_TRUST_BONUS = 5  # to Charisma rolls on a target who fully trusts you

# The power table: the lowest power of each band.
GRAZE_POWER = 0
SCRATCH_POWER = 1
MODERATE_POWER = 6
SCAR_POWER = 11
BADLY_WOUNDED_POWER = 16
DISABILITY_POWER = 21

# The belief table: the lowest extent of each band.
SLIGHT_BELIEF_EXTENT = 0
DOUBTFUL_BELIEF_EXTENT = 1
NO_DOUBT_EXTENT = 11
FULL_TRUST_EXTENT = 21

# Hunting.
HUNT_FIND_DC = 5
HUNT_FIND_DC_LEAF_BARE = 10
HUNT_CATCH_DC = 8
# After the server's time zone changes, a cat's next hunt waits this long after its last one
# (RULINGS: a new time zone cannot give a second hunt within 20 hours).
HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE = 20

# Starvation.
FAILS_TO_STARVE = 3
FAILS_TO_STARVE_NURSING = 2
NURSING_KIT_MAX_AGE_MOONS = 2  # kits "less than 2 months": a kit younger than this is nursing

# Mothers.
MOTHER_MIN_AGE_GAP_MOONS = 12  # a mother is at least this many moons older than her kit
