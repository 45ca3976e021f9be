"""Caverns and Cloiers' slash commands: making adventurers, the moves, the market, the party's
rests with Harmony skills and level-ups, cure rolls, skills, and the MC's tools."""

from __future__ import annotations

from bot.actions.caverns import (
    admin,
    characters,
    conditions,
    melding,
    moves,
    race_traits,
    skill_uses,
)
from bot.actions.caverns.battle import armour, flourishes, hands, poisons, race_actions, specials
from bot.actions.caverns.battle import names as battle_names
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import harmony, market, members, rests
from bot.commands.spec import REASON, Command, Groups, Kind, Option, character_option
from rules.caverns.attributes import Attribute
from rules.caverns.battle.flourishes import Boost
from rules.caverns.catalogue import ItemKind, Range
from rules.caverns.classes import CharacterClass
from rules.caverns.constants import DEFAULT_DIFFICULTY
from rules.caverns.melding import CIRCLE_WAY
from rules.caverns.moves import FleeRoute
from rules.caverns.party.harmony_skills import HarmonySkill, benefit_suggestions
from rules.caverns.races import Race

CAVERNS = frozenset({"caverns"})
ELEMENT_CHOICES = tuple(a.value for a in Attribute if a is not Attribute.HARMONY)
YES_NO = ("yes", "no")
FATED = (
    Option(
        "fated-die",
        Kind.integer,
        "Twist Fate: a held die this roll is doubles of",
        min_value=1,
        max_value=6,
    ),
    Option("fated-from", Kind.character, "Who holds that die (default: the one rolling)"),
)


ROW = Option("row", Kind.text, "Front or back row", choices=("front", "back"))
SIDE = Option("side", Kind.text, "Which side (default: enemies)", max_length=24)

BATTLE_COMMANDS: tuple[Command, ...] = (
    Command(("battle", "start"), "Open a battle in this channel (the MC)", battle.start,
            (Option("sunlight", Kind.text, "Is it fought in sunlight? (default: where "
                    "/admin party sunlight says)",
                    choices=YES_NO),), admin=True, rulesets=CAVERNS),
    Command(("battle", "join"), "Take your place in the party's front or back row", battle.join,
            (Option("row", Kind.text, "Front or back row", True, choices=("front", "back")),
             character_option()), rulesets=CAVERNS),
    Command(
        ("battle", "add", "enemy"),
        "Add bestiary creatures to the battle (the MC)",
        battle.add_enemy,
        (
            Option("enemy", Kind.text, "The creature", True, max_length=60,
                   suggest=battle.creature_suggestions),
            Option("count", Kind.integer, "How many (default 1)", min_value=1, max_value=10),
            SIDE,
            ROW,
            Option("health", Kind.integer, "Its Health, where the book leaves it to the battle",
                   min_value=1, max_value=99),
            Option("among", Kind.text, "Whose rows it starts in (an Assassin: the party's)",
                   choices=("its side", "party")),
            Option("reach", Kind.text, "The weapon's range, where the book leaves it open",
                   choices=tuple(r.value for r in Range)),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("battle", "add", "custom"),
        "Add an enemy made up on the spot (the MC)",
        battle.add_custom,
        (
            Option("name", Kind.text, "Its name", True, max_length=32),
            Option("health", Kind.integer, "Health", True, min_value=1, max_value=99),
            Option("damage", Kind.integer, "Damage", True, min_value=0, max_value=30),
            Option("armour", Kind.integer, "Armour pieces", True, min_value=0, max_value=20),
            Option("attributes", Kind.text, "Wind, Wood, Water, Fire, Metal: 1, 2, 0, 0, -1",
                   True, max_length=40),
            SIDE,
            ROW,
            Option("reach", Kind.text, "Its weapon's range", choices=tuple(r.value for r in Range)),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(("battle", "order"), "Fix the players' turn order and begin (the MC)",
            battle.set_order,
            (Option("characters", Kind.text, "Every character, in order: A, B, C", True,
                    max_length=400, complete=battle_names.character_names),), admin=True,
            rulesets=CAVERNS),
    Command(("battle", "status"), "The rows, Health, armour, conditions and whose turn it is",
            battle.status, rulesets=CAVERNS),
    Command(("battle", "attack"), "On your turn, Do Battle with an enemy in reach",
            battle.attack,
            (Option("target", Kind.text, "The enemy", True, max_length=40,
                    complete=battle_names.enemy_names), character_option(),
             Option("boost", Kind.text, "A skill paid in Harmony before the roll",
                    choices=tuple(b.value for b in Boost)),

             Option("destructive", Kind.text, "A Taurian: sacrifice a piece of armour to make it "
                    "Destructive", choices=YES_NO), *FATED),
            rulesets=CAVERNS),
    Command(("battle", "area"), "Divide an Area Flourish's damage between enemies in reach",
            flourishes.divide_area,
            (Option("targets", Kind.text, 'Each enemy and its share: "Brigand 1, Brigand 2 1"',
                    True, max_length=200, complete=battle_names.enemy_names), character_option()),
            rulesets=CAVERNS),
    Command(("battle", "advance"), "On your turn, Advance! (+Fire) to the front row",
            battle.advance_in_battle, (character_option(), *FATED), rulesets=CAVERNS),
    Command(("battle", "flee"), "On your turn, Flee! by the row you stand in",
            battle.flee_in_battle,
            (character_option(),
             Option("route", Kind.text, "Mushroom Circle: out from any row by +Wood",
                    choices=(CIRCLE_WAY,)), *FATED), rulesets=CAVERNS),
    Command(("battle", "breathe"), "A Dracnari, on your turn: breathe fire, setting someone "
            "Ablaze", race_actions.breathe,
            (Option("target", Kind.text, "Who is set Ablaze", True, max_length=40,
                    complete=battle_names.anyone_names),
             character_option()), rulesets=CAVERNS),
    Command(("battle", "hug"), "A Tae'dae, on your turn: hug someone, making them Bound",
            race_actions.hug,
            (Option("target", Kind.text, "Who is hugged", True, max_length=40,
                    complete=battle_names.anyone_names),
             character_option()), rulesets=CAVERNS),
    Command(("battle", "wake"), "On your turn, take your action to wake a sleeper",
            battle.wake_in_battle,
            (Option("target", Kind.text, "Who is woken", True, max_length=40,
                    complete=battle_names.anyone_names),
             character_option()), rulesets=CAVERNS),
    Command(("battle", "hands"), "What you hold: the main hand attacks, the off hand answers "
            "attacks", hands.set_hands,
            (Option("main", Kind.text, "The weapon, shield or implement in your main hand", True,
                    max_length=40),
             Option("off", Kind.text, "The one in your off hand (one-handed)", max_length=40),
             character_option()), rulesets=CAVERNS),
    Command(("battle", "pass"), "On your turn, do nothing more: the turn ends",
            battle.pass_turn, (character_option(),), rulesets=CAVERNS),
    Command(("battle", "stand"), "On your turn, stand up: it takes your action and ends Prone",
            battle.stand_in_battle, (character_option(),), rulesets=CAVERNS),
    Command(("battle", "armour"), "Expend a piece of armour against the hit you just took",
            battle.spend_armour,
            (character_option(),
             Option("against", Kind.text, "An affliction just put on you that your armour "
                    "blocks", max_length=20)), rulesets=CAVERNS),
    Command(("battle", "shed"), "On your turn, shed a piece of armour (it takes the action)",
            armour.shed, (character_option(),), rulesets=CAVERNS),
    Command(("battle", "yield"), "The party surrenders to the brigands: all gold, 1 Vitae each",
            specials.surrender, admin=True, rulesets=CAVERNS),
    Command(("battle", "skip"), "Skip the turn that keeps everyone waiting (the MC)",
            battle.skip, admin=True, rulesets=CAVERNS),
    Command(("battle", "end"), "Close the battle: the dead return by Vitae (the MC)",
            battle.end, admin=True, rulesets=CAVERNS),
    Command(
        ("enemy", "act"),
        "On the enemies' turn, one enemy acts (the MC); the bot rolls its attack",
        battle.enemy_act,
        (
            Option("enemy", Kind.text, "Which enemy", True, max_length=40,
                   complete=battle_names.creature_names),
            Option("action", Kind.text, "What it does", True,
                   choices=("battle", "advance", "flee", "stand", "wake", "skill")),
            Option("target", Kind.text, "Whom it attacks (a Lure: up to three; a Cult Leader's "
                   "skill: indoctrinate, or sacrifice humanoid)", max_length=100,
                   complete=battle_names.anyone_names),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("enemy", "armour"),
        "Whether an enemy spends its armour on every hit or only on killing blows (the MC)",
        armour.enemy_armour,
        (
            Option("enemy", Kind.text, "Which enemy", True, max_length=40,
                   complete=battle_names.creature_names),
            Option("use", Kind.text, "When it spends a piece of armour", True,
                   choices=("every hit", "killing blows")),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
)  # fmt: skip

CAVERNS_GROUPS: Groups = {
    ("battle",): "Caverns and Cloiers: battle in rows, and Do Battle outside one",
    ("battle", "add"): "Enemies the MC adds to a battle",
    ("enemy",): "Caverns and Cloiers: an enemy acting on the MC's command",
    ("harmony",): "Caverns and Cloiers: Harmony skills at a rest",
    ("level",): "Caverns and Cloiers: what a level-up gives",
    ("rest",): "Caverns and Cloiers: the party's Short and Long Rests",
    ("skill",): "Caverns and Cloiers: skills used outside battle",
    ("admin", "condition"): "Caverns and Cloiers: an adventurer's conditions",
    ("admin", "item"): "Caverns and Cloiers: the server's item catalogue",
    ("admin", "party"): "Caverns and Cloiers: who is in which party",
}

CAVERNS_COMMANDS: tuple[Command, ...] = (
    *BATTLE_COMMANDS,
    Command(
        ("character", "create"),
        "Make an adventurer: race, class, the +2 +1 +1 +0 -1 attributes, the extra +1, skills",
        characters.create,
        (
            Option("name", Kind.text, "The adventurer's name", True, max_length=32),
            Option("race", Kind.text, "Race", True, choices=tuple(r.value for r in Race)),
            Option(
                "class",
                Kind.text,
                "Class",
                True,
                choices=tuple(c.value for c in CharacterClass),
                keyword="character_class",
            ),
            Option(
                "attributes",
                Kind.text,
                'e.g. "wind +2, water +1, wood +1, fire 0, metal -1"',
                True,
                max_length=100,
            ),
            Option(
                "extra",
                Kind.text,
                "The extra +1 (not your race's attribute)",
                True,
                choices=ELEMENT_CHOICES,
            ),
            Option(
                "advanced", Kind.text, "Your one Advanced skill, e.g. Parry", True, max_length=40
            ),
            Option(
                "tertiary",
                Kind.text,
                "Tertiary skillset, where the class offers a choice",
                max_length=20,
            ),
            Option("secondary", Kind.text, "Monks: Acrobatics or Psionics", max_length=20),
            Option(
                "weapons",
                Kind.text,
                "Warriors and Monks: the weapons you are proficient with",
                max_length=100,
            ),
            Option(
                "equipment",
                Kind.text,
                "Your class's equipment picks, e.g. Sword, Buckler, ...",
                max_length=200,
            ),
            Option(
                "implement",
                Kind.text,
                'Implement or instrument: "fire/metal" (rolled / foes subtract)',
                max_length=20,
            ),
            Option(
                "sick-beat",
                Kind.text,
                "Bards: three conditions, e.g. ablaze, bound, confused",
                max_length=60,
            ),
            Option("patron-totem", Kind.text, "Totems skillset: your Patron Totem", max_length=10),
            Option(
                "race-item",
                Kind.text,
                "Kephera: a Monk weapon; Illithoid: a free poison",
                max_length=40,
            ),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("move",),
        f"Roll 2d6 + an attribute for a move the MC calls for ({DEFAULT_DIFFICULTY}+ by default)",
        moves.roll_move,
        (
            Option(
                "attribute",
                Kind.text,
                "Which attribute",
                True,
                choices=tuple(a.value for a in Attribute),
            ),
            Option(
                "difficulty",
                Kind.integer,
                "What the MC asks for (default 7)",
                min_value=2,
                max_value=30,
            ),
            REASON,
            character_option(),
            *FATED,
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("flee",),
        "Flee! +Wind front to back, +Water back to out, +Metal front to out",
        moves.flee_move,
        (
            Option(
                "route", Kind.text, "Which way", True, choices=tuple(r.value for r in FleeRoute)
            ),
            character_option(),
            *FATED,
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("advance",),
        "Advance! +Fire: 10+ also +1 Damage, 7+ then act, 6- the advance takes your action",
        moves.advance_move,
        (character_option(), *FATED),
        rulesets=CAVERNS,
    ),
    Command(
        ("battle", "roll"),
        "Do Battle with one foe the MC names, outside a battle: +Wood minus its Wind",
        moves.battle,
        (
            Option(
                "target",
                Kind.text,
                "A bestiary creature, or any foe with its wind and damage",
                True,
                max_length=40,
            ),
            Option(
                "wind",
                Kind.integer,
                "The foe's Wind (the bestiary's unless given)",
                min_value=-3,
                max_value=10,
            ),
            Option(
                "damage",
                Kind.integer,
                "The foe's Damage (the bestiary's unless given)",
                min_value=0,
                max_value=30,
            ),
            Option(
                "in-reach", Kind.text, "Are you within its reach? (default yes)", choices=YES_NO
            ),
            character_option(),
            *FATED,
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("market",),
        "Ask on Market: +Fire, -1 per 100 gp; 10+ delivered at the next Short Rest",
        market.ask,
        (
            Option("item", Kind.text, "What you want to buy", True, max_length=40),
            Option(
                "price",
                Kind.integer,
                "The MC only: a base price in gp other than the catalogue's",
                min_value=0,
                max_value=1_000_000,
            ),
            Option(
                "rare", Kind.text, "The MC only: rare or not, unlike the catalogue", choices=YES_NO
            ),
            character_option(),
            *FATED,
            Option(
                "quantity",
                Kind.integer,
                "Rations and torches: how many (default 1)",
                min_value=1,
                max_value=admin.MOST_CARRIED,
            ),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("sell",),
        "Sell an item you carry at the market: half its catalogue price (the MC may refuse)",
        market.sell_item,
        (
            Option("item", Kind.text, "What you sell", True, max_length=40),
            Option(
                "price",
                Kind.integer,
                "The MC only: what it fetches, if not the market's price",
                min_value=0,
                max_value=1_000_000,
            ),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("return-delivery",),
        "Give an unpaid delivery back to the merchant, so you may Ask on Market again",
        market.give_back,
        (Option("item", Kind.text, "The item", True, max_length=40), character_option()),
        rulesets=CAVERNS,
    ),
    Command(
        ("pay-deliveries",),
        "Pay for your deliveries (or one of them) at the next Long Rest? Unpaid bars the market",
        market.withhold,
        (
            Option("pay", Kind.text, "Pay at the next Long Rest?", True, choices=YES_NO),
            character_option(),
            Option("item", Kind.text, "Only this delivery (default: all of them)", max_length=40),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("catalogue",),
        "The server's item catalogue: kinds, prices, rarity, hands, range and traits",
        market.list_items,
        rulesets=CAVERNS,
    ),
    Command(
        ("party",),
        "Your party: its members, level, experience and torches",
        members.show,
        (character_option(),),
        rulesets=CAVERNS,
    ),
    Command(
        ("rest", "short"),
        "A Short Rest for the party: one 2d6 (+3 with Make Camp): Health, Harmony, torch, rations",
        rests.rest_short,
        (character_option(),),
        rulesets=CAVERNS,
    ),
    Command(
        ("rest", "long"),
        "A Long Rest for the party: Health, Vitae, Harmony, restocking, the experience questions",
        rests.rest_long,
        (character_option(),),
        rulesets=CAVERNS,
    ),
    Command(
        ("envenom",),
        "During the party's Short Rest, envenom a weapon with a poison you carry",
        poisons.envenom_weapon,
        (
            Option("weapon", Kind.text, "The weapon", True, max_length=40),
            Option("poison", Kind.text, "The poison (used up)", True, max_length=40),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("harmony", "plan"),
        "The Harmony skills (1 Harmony each) and second totem you use at the party's next rest",
        harmony.plan,
        (
            Option(
                "skills",
                Kind.text,
                'e.g. "sharp as steel, burn with passion" (none: no skill)',
                max_length=120,
            ),
            Option(
                "totem",
                Kind.text,
                "Patron Totem: the second totem to bind at the Long Rest",
                max_length=10,
            ),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("rest", "meld"),
        "Melding, Mushroom Circle: meld with the land (make the circle) at the next rest",
        melding.plan,
        (
            Option("meld", Kind.text, "Meld at the party's next rest?", True, choices=YES_NO),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("harmony", "benefits"),
        "Take the benefits a Harmony skill's roll gave (one per full 5), until the next rest",
        harmony.benefits,
        (
            Option(
                "skill",
                Kind.text,
                "The Harmony skill",
                True,
                choices=tuple(skill.value.replace("-", " ") for skill in HarmonySkill),
            ),
            Option(
                "benefits",
                Kind.text,
                'e.g. "teleport, unnoticed" (one per full 5 of the roll)',
                True,
                max_length=120,
                keyword="chosen",
                suggest=benefit_suggestions,
            ),
            Option("item", Kind.text, "Sharp as Steel: the item", max_length=40),
            Option("ally", Kind.character, "Burn with Passion: who gets your Vitae"),
            Option(
                "vitae",
                Kind.integer,
                "Burn with Passion: how much Vitae",
                min_value=1,
                max_value=20,
            ),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("level", "skill"),
        "Pick the Advanced skill a level-up gave you",
        rests.learn_skill,
        (Option("name", Kind.text, "The Advanced skill", True, max_length=40), character_option()),
        rulesets=CAVERNS,
    ),
    Command(
        ("skill", "use"),
        "Use a skill or a race's action (hug, breathe fire): in a battle on your turn, or outside",
        skill_uses.use,
        (
            Option("name", Kind.text, "The skill", True, max_length=40),
            Option(
                "target", Kind.text, "Whom or what it is for (Scry, Commune, a hug)", max_length=80
            ),
            character_option(),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("stand",),
        "Stand up outside a battle: Prone ends (in a battle, /battle stand on your turn)",
        conditions.stand,
        (character_option(),),
        rulesets=CAVERNS,
    ),
    Command(
        ("twist-fate",),
        "Twist Fate: offer one of your dice for another character's next roll",
        skill_uses.give_fate,
        (
            Option("die", Kind.integer, "The die you hold", True, min_value=1, max_value=6),
            Option("to", Kind.character, "Whose roll it is for", True),
            character_option("Which of your characters holds it (default: your active one)"),
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("cure",),
        "Roll against one of your conditions (Bound: Wind 9, Confused: Metal 7, ...)",
        conditions.roll_cure,
        (
            Option("condition", Kind.text, "The condition", True, max_length=20),
            character_option(),
            *FATED,
        ),
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "party", "site"),
        'Say where a party is now, for Melding ("none": nowhere known)',
        melding.set_site,
        (
            Option("name", Kind.text, "The site's name", True, max_length=60),
            Option("character", Kind.character, "A member (default: this channel's party)"),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "party", "sunlight"),
        "Say whether a party is in sunlight now (a Lucidian takes one less damage there)",
        race_traits.set_sunlight,
        (
            Option("sunlight", Kind.text, "In sunlight?", True, choices=YES_NO),
            Option("character", Kind.character, "A member (default: this channel's party)"),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("drunk",),
        "A Dwarf drinks (+1 Vitae while drunk) or sobers up; a Long Rest sobers",
        race_traits.drunk,
        (Option("state", Kind.text, "Drunk now?", True, choices=YES_NO), character_option()),
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "party", "set"),
        'Put an adventurer in a named party ("channel": back to its channel\'s party)',
        admin.set_party,
        (
            Option("character", Kind.character, "The adventurer", True),
            Option("party", Kind.text, "The party's name", True, max_length=32),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "condition", "add"),
        "Put a condition on an adventurer (a skill, a Flourish, a poison or the MC's word)",
        admin.add_condition,
        (
            Option("character", Kind.character, "The adventurer", True),
            Option("condition", Kind.text, "The condition", True, max_length=20),
            Option(
                "difficulty",
                Kind.integer,
                "Its cure roll's difficulty, if not the book's",
                min_value=2,
                max_value=20,
            ),
            Option(
                "flourish",
                Kind.text,
                "From a Flourish (ends at the next Short Rest)?",
                choices=YES_NO,
            ),
            Option("note", Kind.text, "Which limb, which item, what is feared", max_length=100),
            Option(
                "illusion", Kind.text, "From an illusion (a Krokani is immune)?", choices=YES_NO
            ),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "condition", "remove"),
        "Take a condition off an adventurer",
        admin.remove_condition,
        (
            Option("character", Kind.character, "The adventurer", True),
            Option("condition", Kind.text, "The condition", True, max_length=20),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "item", "add"),
        "Add an item to the server's catalogue (or replace the one of that name)",
        admin.add_item,
        (
            Option("name", Kind.text, "The item's name", True, max_length=40),
            Option("kind", Kind.text, "What it is", True, choices=tuple(k.value for k in ItemKind)),
            Option(
                "price", Kind.integer, "Base price in gp", True, min_value=0, max_value=1_000_000
            ),
            Option("rare", Kind.text, "Rare (one band lower on the market)?", choices=YES_NO),
            Option("hands", Kind.integer, "Hands it takes", min_value=1, max_value=2),
            Option("range", Kind.text, "Its range", choices=tuple(r.value for r in Range)),
            Option(
                "flourish",
                Kind.text,
                "Its Flourish(es): a condition, area, destructive, forceful",
                max_length=60,
            ),
            Option("traits", Kind.text, "concealed, monk, axe", max_length=40),
            Option(
                "blocks",
                Kind.text,
                "Armour: the afflictions a piece may be spent against, e.g. blind, prone",
                max_length=80,
            ),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("admin", "item", "remove"),
        "Take an item out of the server's catalogue",
        admin.remove_item,
        (Option("name", Kind.text, "The item's name", True, max_length=40),),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("config", "selling"),
        "What the market pays for an item sold, in % of its catalogue price (default 50)",
        admin.selling,
        (
            Option(
                "percent", Kind.integer, "Percent", True, min_value=0, max_value=admin.MOST_PERCENT
            ),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
    Command(
        ("config", "carrying"),
        "The most rations and torches a character carries (default 10 and 3)",
        admin.carrying,
        (
            Option(
                "rations", Kind.integer, "Rations", True, min_value=0, max_value=admin.MOST_CARRIED
            ),
            Option(
                "torches", Kind.integer, "Torches", True, min_value=0, max_value=admin.MOST_CARRIED
            ),
        ),
        admin=True,
        rulesets=CAVERNS,
    ),
)
