"""WCAGR's slash commands: making cats, checks, ability points."""

from __future__ import annotations

from bot.actions.wcagr import (
    ageing,
    cats,
    checks,
    config,
    contests,
    defence,
    fight_moves,
    fights,
    freshkill,
    healing,
    herb_stock,
    herbs,
    hunting,
    illness,
    knacks,
    ranks,
    wrestling,
)
from bot.commands.spec import REASON, Command, Groups, Kind, Option, character_option
from rules.wcagr import ABILITIES, KNACKS, SKILLS, Clan, Illness, Knack, Rank
from rules.wcagr.constants import (
    ABILITY_MAX,
    CREATION_ABILITY_POINTS,
    DEFAULT_AGE_MOONS,
    MAX_CREATION_AGE_MOONS,
    SPRAIN_REST_SUNRISES,
)
from rules.wcagr.fights import Strike
from rules.wcagr.herbs import herb_suggestions
from rules.wcagr.hunting import LOCATE_SKILLS, STAGES, Prey
from storage.wcagr.settings import MOST_CROWFOOD_DAYS, MOST_TRIES_PER_STAGE

WCAGR = frozenset({"wcagr"})
ABILITY_CHOICES = tuple(a.value for a in ABILITIES)
SKILL_CHOICES = tuple(s.value for s in SKILLS)
CLAN_CHOICES = tuple(c.value for c in Clan)
RANK_CHOICES = tuple(r.value for r in Rank)
RANK_OR_NONE = (*RANK_CHOICES, ranks.NO_RANK)
PREY_CHOICES = tuple(p.value for p in Prey)
LOCATE_CHOICES = tuple(s.value for s in LOCATE_SKILLS)
# Pin is used with /pin on the pinner's turn in a wrestle, not on its own.
ALONE_KNACKS = tuple(k.value for k in Knack if KNACKS[k].alone and not KNACKS[k].while_wrestling)
MOST_SPENT = 100  # far above any pool; the pool itself refuses an overspend
STAGE_CHOICES = tuple(s.value for s in STAGES)
# What a hunting command rolls: which stage takes the points, and how many stages (so that a
# teammate may take the next one).
HUNT_STEPS = (
    Option("spend-on", Kind.text, "The stage the points go on (default: the first rolled)",
           choices=STAGE_CHOICES),
    Option("stages", Kind.integer, "How many stages to roll now (default: until one fails)",
           min_value=1, max_value=len(STAGES)),
)  # fmt: skip


def spend_option(description: str) -> Option:
    """Ability points spent on a check, +1 each (the pool itself refuses an overspend)."""
    return Option("spend", Kind.integer, description, min_value=0, max_value=MOST_SPENT)


def damage_spend_option() -> Option:
    """Strength points on the damage check if the move hurts a cat (l.417), +1 each."""
    return Option(
        "damage-spend",
        Kind.integer,
        "Strength points on the damage check if it hurts, +1 each",
        min_value=0,
        max_value=MOST_SPENT,
    )


def _ability_option(ability: str) -> Option:
    return Option(
        ability,
        Kind.integer,
        f"Creation points in {ability.capitalize()} (at least 1; {CREATION_ABILITY_POINTS} in all)",
        True,
        min_value=0,
        max_value=ABILITY_MAX,
    )


WCAGR_GROUPS: Groups = {
    ("fight",): "Fights between characters, by the server's ruleset",
    ("points",): "A WCAGR cat's ability points: show and convert",
    ("hunt",): "WCAGR hunts: start, continue, join, status",
    ("admin", "illness"): "WCAGR illness: give one, or start the cough season",
    ("herbs",): "A WCAGR medicine cat's herb stock: gather bundles, see what keeps",
}

WCAGR_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "create"),
        f"Make a WCAGR cat: {CREATION_ABILITY_POINTS} points over three abilities, three skills, "
        "three knacks",
        cats.create,
        (
            Option("name", Kind.text, "The cat's name", True, max_length=32),
            Option("clan", Kind.text, "Its Clan or group", True, choices=CLAN_CHOICES),
            *(_ability_option(a.value) for a in ABILITIES),
            Option(
                "skills",
                Kind.text,
                "Three different skills, e.g. Sneak, Pounce, Bite",
                True,
                max_length=100,
            ),
            Option(
                "knacks",
                Kind.text,
                "Three different knacks, e.g. Alertness, Dash, Hide (a kit under 10 moons: none)",
                max_length=100,
            ),
            Option(
                "age",
                Kind.integer,
                f"Age in moons (default {DEFAULT_AGE_MOONS}; older needs an admin)",
                min_value=0,
                max_value=MAX_CREATION_AGE_MOONS,
            ),
            Option(
                "ten-moon-bonus",
                Kind.text,
                "At 10 moons or more: +1 Intelligence or Spirit",
                choices=("intelligence", "spirit"),
            ),
            Option(
                "loner-abilities",
                Kind.text,
                "Loners and Rogues: one ability (+2) or two (+1 each), e.g. strength, spirit",
                max_length=40,
            ),
            Option(
                "loner-skill",
                Kind.text,
                "Loners and Rogues: the skill raised by 1",
                choices=SKILL_CHOICES,
            ),
            Option("rank", Kind.text, "Its rank, from its group's list", choices=RANK_CHOICES),
            Option(
                "age-choices",
                Kind.text,
                "Older cats: each age-table gain from 11 moons, in order (else chosen later)",
                max_length=1000,
            ),
            Option("parent", Kind.character, "A retired cat of yours it descends from"),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("check",),
        "Roll 3d6 + ability + skill + points spent + knacks, against a DC if given",
        checks.check,
        (
            Option(
                "ability",
                Kind.text,
                "The ability (default: the skill's own)",
                choices=ABILITY_CHOICES,
            ),
            Option(
                "skill",
                Kind.text,
                "The skill (leave out for a plain ability check)",
                choices=SKILL_CHOICES,
            ),
            Option("dc", Kind.integer, "Difficulty to reach", min_value=-100, max_value=100),
            spend_option("Ability points to spend, +1 each"),
            Option("knacks", Kind.text, "Knacks to use, e.g. Alertness x2, Track", max_length=100),
            character_option(),
            REASON,
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("contest",),
        "Contest another cat: your skill check against the skill it rolls back",
        contests.start_contest,
        (
            Option("skill", Kind.text, "Your skill", True, choices=SKILL_CHOICES),
            Option("target", Kind.character, "The cat you contest", True),
            Option("against", Kind.text, "The skill it rolls back", True, choices=SKILL_CHOICES),
            spend_option("Ability points to spend, +1 each"),
            Option("knacks", Kind.text, "Knacks to use, e.g. Hide, Stalk", max_length=100),
            character_option(),
            REASON,
        ),
        rulesets=WCAGR,
        schedules=True,
    ),
    Command(
        ("points", "show"),
        "A cat's ability points left in each pool",
        checks.show_points,
        (Option("character", Kind.character, "Whose points (default: your active character)"),),
        rulesets=WCAGR,
    ),
    Command(
        ("points", "convert"),
        "Trade 2 ability points (of one kind, or one each of two) for 1 of another",
        checks.convert_points,
        (
            Option(
                "from",
                Kind.text,
                "One ability (2 points of it) or two as strength, spirit",
                True,
                max_length=40,
                keyword="from_",
            ),
            Option(
                "to", Kind.text, "The ability that gains 1 point", True, choices=ABILITY_CHOICES
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "refresh-points"),
        "Refill the ability points of one cat, this channel's cats, or the server's (not HP)",
        checks.refresh_points,
        (
            Option("character", Kind.character, "One cat (leave out for a scope)"),
            Option(
                "scope",
                Kind.text,
                "server (default) or channel: the cats that acted here in the last day",
                choices=(checks.SERVER_SCOPE, checks.CHANNEL_SCOPE),
            ),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "clear-sprain"),
        f"Clear a cat's sprain before its {SPRAIN_REST_SUNRISES} sunrises of rest",
        checks.clear_sprain,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("knack",),
        "Use a knack on its own: Dash, Pathfinder, Interpret Dreams or Yowl's message",
        knacks.use,
        (
            Option("knack", Kind.text, "The knack", True, choices=ALONE_KNACKS),
            character_option(),
            REASON,
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("character", "gains"),
        "The age table's gains waiting for a choice, or answer the first one",
        ageing.gains,
        (
            Option(
                "choice",
                Kind.text,
                "Your choice: a skill, a knack, an ability, or three knacks at 10 moons",
                max_length=100,
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("character", "retire"),
        "Retire a cat before its 71st moon: an elder out of play",
        ageing.retire_cat,
        (character_option(),),
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "grant"),
        "Grant a cat a skill point or a knack for a great deed; its player chooses",
        ageing.admin_grant,
        (
            Option("character", Kind.character, "The cat", True),
            Option("gain", Kind.text, "What it gains", True, choices=("skill", "knack")),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("character", "rank"),
        "Change your cat's rank (a leader, deputy or Healer waits for an admin's approval)",
        ranks.set_own_rank,
        (
            Option(
                "rank", Kind.text, "The new rank, from its group's list", True, choices=RANK_OR_NONE
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "rank"),
        "Set a cat's rank, leaders and deputies too, within its clan's counts",
        ranks.admin_rank,
        (
            Option("character", Kind.character, "The cat", True),
            Option("rank", Kind.text, "The new rank", True, choices=RANK_OR_NONE),
            Option("reason", Kind.text, "Why", True, max_length=200),
            Option(
                "previous-leader-lives",
                Kind.integer,
                "A new leader: lives the previous leader still had (default 0)",
                min_value=0,
                max_value=9,
            ),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("hunt", "start"),
        "Hunt prey of the table: Locate, Approach, Grab, Kill, rolled until one fails",
        hunting.hunt,
        (
            Option("prey", Kind.text, "The prey", True, choices=PREY_CHOICES),
            Option(
                "locate-with",
                Kind.text,
                "The sense that finds it",
                True,
                choices=LOCATE_CHOICES,
            ),
            spend_option("Ability points on a stage (the first rolled, or spend-on), +1 each"),
            Option(
                "knacks",
                Kind.text,
                "Knacks, each on the first stage it fits, e.g. Alertness, Stalk, Leap",
                max_length=100,
            ),
            character_option(),
            *HUNT_STEPS,
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("hunt", "continue"),
        "Try the hunt's failed stage again, or roll its next stage (any cat of the hunt)",
        hunting.continue_hunt,
        (
            spend_option("Ability points on a stage (the first rolled, or spend-on), +1 each"),
            Option("knacks", Kind.text, "Knacks, each on the first stage it fits", max_length=100),
            character_option(),
            *HUNT_STEPS,
            Option(
                "locate-with",
                Kind.text,
                "At Locate: another sense for the retry",
                choices=LOCATE_CHOICES,
            ),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("hunt", "abandon"),
        "Give up your cat's hunt; the last hunter to leave gives the prey up",
        hunting.abandon,
        (character_option(),),
        rulesets=WCAGR,
    ),
    Command(
        ("hunt", "join"),
        "Join a hunt still going; any cat of it may roll its next stage",
        hunting.join_hunt,
        (
            Option("hunt", Kind.integer, "The hunt's number", True, min_value=1),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("hunt", "status"),
        "A hunt's stage, tries and hunters",
        hunting.status,
        (
            Option("hunt", Kind.integer, "The hunt's number (default: your cat's)", min_value=1),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("fight", "start"),
        "Challenge one cat or several to a fight; each target's player accepts",
        fights.start,
        (
            Option(
                "targets",
                Kind.text,
                "The cats you fight, separated by commas",
                True,
                max_length=200,
            ),
            Option(
                "life-or-death",
                Kind.text,
                "A life-or-death struggle, where biting is fair (default no)",
                choices=("yes", "no"),
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("fight", "join"),
        "Join a fight that has begun (initiative rolled once)",
        fights.join,
        (
            Option("fight", Kind.integer, "The fight's number", True, min_value=1),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("fight", "status"),
        "A fight: the order, HP, wrestles and whose turn it is (your cat's, or by number)",
        fights.status,
        (
            Option("fight", Kind.integer, "The fight's number (default: your cat's)", min_value=1),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("fight", "flee"),
        "On your turn, out of any wrestle: leave the fight",
        fights.flee,
        (character_option(),),
        rulesets=WCAGR,
    ),
    *(
        Command(
            (kind.value,),
            f"On your turn: {kind.value.capitalize()} a cat (its Jump rolled at once), then damage",
            verb,
            (
                Option("target", Kind.character, "The cat you strike", True),
                spend_option("Points on the check, +1 each"),
                Option("knacks", Kind.text, "Knacks, e.g. Feint, Mighty Swat x2", max_length=100),
                damage_spend_option(),
                character_option(),
            ),
            rulesets=WCAGR,
        )
        for kind, verb in ((Strike.SWAT, fight_moves.swat), (Strike.BITE, fight_moves.bite))
    ),
    Command(
        ("pounce",),
        "On your turn: Pounce on a cat to wrestle it, or into a wrestle already going",
        fight_moves.pounce,
        (
            Option("target", Kind.character, "The cat you pounce on", True),
            spend_option("Points on the check, +1 each"),
            Option("knacks", Kind.text, "Knacks, e.g. Leap", max_length=100),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("jump",),
        "When a cat swats, bites or pounces at yours: its Jump, with Spirit points and Dodge",
        defence.jump,
        (
            spend_option("Spirit points on the Jump, +1 each"),
            Option("knacks", Kind.text, "Knacks, e.g. Dodge", max_length=100),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("wrestle",),
        "In a wrestle on a wrestler's turn: Wrestle (to hurt a cat) or Jump (to get away)",
        wrestling.wrestle,
        (
            Option("choice", Kind.text, "Wrestle or jump", True, choices=("wrestle", "jump")),
            Option("target", Kind.character, "Whom you hurt if you win (default: the first)"),
            spend_option("Points on the check, +1 each"),
            Option("knacks", Kind.text, "Knacks, e.g. Launch x2, Dodge", max_length=100),
            damage_spend_option(),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("chomp",),
        "On your turn after a Chomp: hold on (it stays pinned) or let go for a second bite",
        fight_moves.chomp,
        (
            Option("choice", Kind.text, "Hold on or let go", True, choices=("hold", "let-go")),
            damage_spend_option(),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("pin",),
        "On your turn in a wrestle: pay for the Pin knack and pin a cat of it",
        fight_moves.pin,
        (Option("target", Kind.character, "The cat you pin", True), character_option()),
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "fight-end"),
        "End the fight a cat is in",
        fights.admin_end,
        (
            Option("character", Kind.character, "A cat of the fight", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("heal",),
        "Once a day, with herbs at hand: a Ponder check vs HP lost + 5 heals 1, 2 or 3 more HP",
        healing.heal,
        (
            Option("target", Kind.character, "The wounded cat (it may be your own)", True),
            Option("herbs", Kind.text, "The right herbs are at hand", True, choices=("yes",)),
            spend_option("Points on the check, +1 each"),
            Option("knacks", Kind.text, "Knacks, e.g. Herb Lore x2, Medicine Lore", max_length=100),
            character_option("The healer (default: your active cat)"),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("treat",),
        "A medicine cat (or an admin) treats an illness with herbs",
        illness.treat_cat,
        (
            Option("target", Kind.character, "The sick cat", True),
            Option("herbs", Kind.text, "The herbs, e.g. catmint, tansy", True, max_length=100),
            character_option("The medicine cat (default: your active cat)"),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "illness", "give"),
        "Give a cat an illness from today (the GM's own)",
        illness.admin_give,
        (
            Option("character", Kind.character, "The cat", True),
            Option(
                "illness", Kind.text, "The illness", True, choices=tuple(i.value for i in Illness)
            ),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("admin", "illness", "season"),
        "Start the cough season now: every cat rolls Strength against whitecough (and kits)",
        illness.admin_season,
        (Option("reason", Kind.text, "Why", True, max_length=200),),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("herb",),
        "An herb of the medicine cats' list: what it looks like, where it grows, what it does",
        herbs.herb,
        (
            Option(
                "name",
                Kind.text,
                "The herb, or its first letters",
                True,
                max_length=40,
                suggest=herb_suggestions,
            ),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("herbs", "gather"),
        "Gather bundles of an herb into your cat's stock (servers keeping herb stocks)",
        herb_stock.gather,
        (
            Option(
                "herb",
                Kind.text,
                "The herb, or its first letters",
                True,
                max_length=40,
                suggest=herb_suggestions,
            ),
            Option(
                "dried", Kind.text, "Dried (keeps twice as long) or fresh", choices=("yes", "no")
            ),
            Option(
                "count", Kind.integer, "How many bundles (default 1)", min_value=1, max_value=10
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("herbs", "stock"),
        "The herbs your cat keeps and how long each still keeps",
        herb_stock.stock,
        (character_option(),),
        rulesets=WCAGR,
    ),
    Command(
        ("config", "wcagr"),
        "WCAGR's settings: hunting, crowfood, herbs, leaders' lives, knack damage, pins, prey",
        config.hunting_settings,
        (
            Option(
                "tries-per-stage",
                Kind.integer,
                "Tries at each stage before the prey is lost (default 2)",
                min_value=1,
                max_value=MOST_TRIES_PER_STAGE,
            ),
            Option(
                "crowfood-after-days",
                Kind.integer,
                "Prey older than this many game days is crowfood (default 2)",
                min_value=0,
                max_value=MOST_CROWFOOD_DAYS,
            ),
            Option(
                "crowfood-illness",
                Kind.text,
                "The illness crowfood brings (default whitecough)",
                choices=tuple(i.value for i in Illness),
            ),
            Option(
                "chickweed-for-catmint",
                Kind.text,
                "Whether chickweed may stand in for catmint (default no)",
                choices=("yes", "no"),
            ),
            Option(
                "once-a-day",
                Kind.text,
                "Whether a cat hunts at most once a real day (default no)",
                choices=("yes", "no"),
            ),
            Option(
                "leader-lives",
                Kind.text,
                "Whether a leader's death takes one of its lives instead (default yes)",
                choices=("yes", "no"),
            ),
            Option(
                "knack-damage",
                Kind.text,
                "Mighty Swat's and Belly Rake's +1: to the HP lost (default) or the damage check",
                choices=config.KNACK_DAMAGE,
            ),
            Option(
                "pin-after-win",
                Kind.text,
                "Whether a cat pins only after winning its wrestle's roll (default no)",
                choices=("yes", "no"),
            ),
            Option(
                "herb-stocks",
                Kind.text,
                "The book's extra healing rules: healers keep herbs, which spoil (default no)",
                choices=("yes", "no"),
            ),
            Option(
                "prey-weights",
                Kind.text,
                "Highest 1d10 face of skin and bones, underweight, average, plump (1, 3, 7, 9)",
                max_length=20,
            ),
        ),
        admin=True,
        rulesets=WCAGR,
    ),
    Command(
        ("freshkill",),
        "A clan's fresh-kill pile, each piece with its age",
        freshkill.show_pile,
        (
            Option("clan", Kind.text, "The clan (default: your cat's)", choices=CLAN_CHOICES),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
    Command(
        ("eat",),
        "Eat from your clan's fresh-kill pile (fresh prey first; crowfood may sicken)",
        freshkill.eat,
        (
            Option(
                "rations", Kind.integer, "How many rations (default 1)", min_value=1, max_value=9
            ),
            character_option(),
        ),
        rulesets=WCAGR,
    ),
)
