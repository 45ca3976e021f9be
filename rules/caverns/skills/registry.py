"""The skills of several skillsets gathered in one table: what `/skill use` says of the
passive ones of Healing, Divination, Dreamweaving and Mysticism."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.sheet import DREAMBODY
from rules.caverns.skills.divination import GOOD_OMEN
from rules.caverns.skills.dreamweaving import CONTROL
from rules.caverns.skills.healing import FARHEAL
from rules.caverns.skills.mysticism import MEDITATION, MYSTIC_CHANT, PERFECTION

# Passive skills of these skillsets: what /skill use says of them.
PASSIVES: Mapping[str, str] = {
    FARHEAL: "Farheal works by itself: your Healing skills reach any row, not only melee range.",
    GOOD_OMEN: (
        "Good Omen works by itself: in battle each ally is immune to the condition of its "
        "highest attribute (Fire Ablaze, Metal Disarmed, Wood Broken Limb, Water Pacifism, Wind "
        "Paranoia)."
    ),
    DREAMBODY: (
        "Dreambody works by itself: while Asleep you still act and deal your Damage, with your "
        "Dream Body; the MC rules which attacks can harm it."
    ),
    CONTROL: "Control works by itself: you are immune to Fatigue and sleep only if you want.",
    PERFECTION: "Perfection works by itself: each battle you start three turns into your chant.",
    MEDITATION: "Meditation works by itself: while you are Prone your chant counts double.",
    MYSTIC_CHANT: (
        "Mystic Chant works by itself in battle: each of your turns without moving or taking "
        "damage adds 1 to your rolls there, up to 7."
    ),
}
