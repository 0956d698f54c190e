"""The unit catalogue: every unit's coins, short code, card text and the flags its abilities hang on.

Coins are small ints: ``ROYAL`` (0) is the Royal Coin, ``1..16`` are the base-game units. A unit's
tactic lives in :mod:`warchest_bot.games.warchest.engine.tactics` (one generator + one resolver per unit); its passive
attributes are the flags below, read by the rules in :mod:`warchest_bot.games.warchest.engine.state`. Adding a unit
from an expansion means adding a row here and, if it has a tactic, one entry in ``tactics.TACTICS``.
"""

from __future__ import annotations

from dataclasses import dataclass

ROYAL = 0
ARCHER = 1
BERSERKER = 2
CAVALRY = 3
CROSSBOWMAN = 4
ENSIGN = 5
FOOTMAN = 6
KNIGHT = 7
LANCER = 8
LIGHT_CAVALRY = 9
MARSHALL = 10
MERCENARY = 11
PIKEMAN = 12
ROYAL_GUARD = 13
SCOUT = 14
SWORDSMAN = 15
WARRIOR_PRIEST = 16

BANNERMAN = 17
BISHOP = 18
EARL = 19
HERALD = 20

SAPPER = 21
SIEGE_TOWER = 22
TREBUCHET = 23
WAR_WAGON = 24

NUM_COIN_TYPES = 25
BASE_UNITS: tuple[int, ...] = tuple(range(1, 17))
NOBILITY_UNITS: tuple[int, ...] = (BANNERMAN, BISHOP, EARL, HERALD)
"""The Nobility expansion's units (docs/war-chest-expansions.md); in play only with ``expansions=nobility``."""
SIEGE_UNITS: tuple[int, ...] = (SAPPER, SIEGE_TOWER, TREBUCHET, WAR_WAGON)
"""The Siege expansion's units (docs/war-chest-expansions.md); in play only with ``expansions=siege``."""
EXPANSION_UNITS: dict[str, tuple[int, ...]] = {"nobility": NOBILITY_UNITS, "siege": SIEGE_UNITS}


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """What the engine and the user interfaces need to know about one coin type."""

    id: int
    name: str
    code: str
    coins: int
    tactic: str = ""
    attribute: str = ""
    restriction: str = ""
    max_units: int = 1
    normal_attack: bool = True
    """False for units whose card forbids the plain Attack action (Archer, Lancer)."""
    attackable_only_by_bolstered: bool = False
    """Knight: an attacker of height 1 may not target it."""
    reflex: bool = False
    """Pikeman: an adjacent attacker loses one coin."""
    supply_soak: bool = False
    """Royal Guard: its owner may take the hit from supply instead."""
    deploys_near_friends: bool = False
    """Scout: may also deploy on any empty hex adjacent to a friendly unit."""
    move_after_attack: bool = False
    """Swordsman: a free one-hex move after it attacks."""
    draw_after_attack_or_control: bool = False
    """Warrior Priest: draw a coin and play it at once after it attacks or controls."""
    chain_after_maneuver: bool = False
    """Berserker: pay a stack coin for another maneuver after any maneuver."""
    maneuver_on_recruit: bool = False
    """Mercenary: a free maneuver when a Mercenary coin is recruited."""
    attackable_only_by_unbolstered: bool = False
    """Bishop: an attacker of height 2 or more may not target it."""
    push_after_maneuver: bool = False
    """Bannerman: after it maneuvers, it may move one adjacent enemy unit one hex."""
    move_after_deploy: bool = False
    """Earl: a free one-hex move after it is deployed."""
    maneuver_after_proclaim: bool = False
    """Herald: a free maneuver after its owner proclaims a decree."""
    siege_tactic: bool = False
    """Siege: the tactic is a siege tactic, allowed only while the unit is bolstered (height 2 or more)."""
    builds_forts: bool = False
    """Sapper: on entering a location without a fort it may place one."""
    bolster_on_deploy: bool = False
    """Siege Tower: when deployed it may be bolstered at once from the supply."""
    takes_hits: bool = False
    """War Wagon: when an adjacent friendly unit of its owner is attacked, a War Wagon coin may take the hit."""
    expansion: str = ""
    """The expansion the unit comes from ("" for the base game)."""


UNITS: tuple[UnitInfo, ...] = (
    UnitInfo(
        ROYAL, "Royal", "RC", 1, attribute="Pays for Claim, Recruit, Pass and the Royal Guard's tactic."
    ),
    UnitInfo(
        ARCHER,
        "Archer",
        "Ar",
        4,
        tactic="Attack a unit exactly 2 hexes away.",
        restriction="Cannot make normal attacks.",
        normal_attack=False,
    ),
    UnitInfo(
        BERSERKER,
        "Berserker",
        "Be",
        5,
        attribute="After any maneuver, if bolstered, discard a coin from it to maneuver again.",
        chain_after_maneuver=True,
    ),
    UnitInfo(CAVALRY, "Cavalry", "Ca", 4, tactic="Move, then attack."),
    UnitInfo(
        CROSSBOWMAN,
        "Crossbowman",
        "Cr",
        5,
        tactic="Attack 2 hexes away in a straight line over an empty hex.",
    ),
    UnitInfo(
        ENSIGN,
        "Ensign",
        "En",
        5,
        tactic="A friendly unit within 2 moves one hex, ending within 2 of the Ensign.",
    ),
    UnitInfo(
        FOOTMAN,
        "Footman",
        "Fo",
        5,
        tactic="Each Footman unit makes one maneuver.",
        attribute="Two Footman units may be on the board.",
        max_units=2,
    ),
    UnitInfo(
        KNIGHT,
        "Knight",
        "Kn",
        4,
        attribute="Only bolstered units can attack it.",
        attackable_only_by_bolstered=True,
    ),
    UnitInfo(
        LANCER,
        "Lancer",
        "La",
        4,
        tactic="Move 1-2 hexes in a straight line, then attack the next hex in that line.",
        restriction="Cannot make normal attacks.",
        normal_attack=False,
    ),
    UnitInfo(LIGHT_CAVALRY, "Light Cavalry", "LC", 5, tactic="Move two hexes."),
    UnitInfo(MARSHALL, "Marshall", "Ma", 5, tactic="A friendly unit within 2 makes a normal attack."),
    UnitInfo(
        MERCENARY,
        "Mercenary",
        "Me",
        5,
        attribute="When you recruit a Mercenary, your Mercenary unit may maneuver for free.",
        maneuver_on_recruit=True,
    ),
    UnitInfo(
        PIKEMAN, "Pikeman", "Pi", 4, attribute="An adjacent unit that attacks it loses one coin.", reflex=True
    ),
    UnitInfo(
        ROYAL_GUARD,
        "Royal Guard",
        "RG",
        5,
        tactic="Pay with the Royal Coin to move it.",
        attribute="When attacked, its owner may remove a Royal Guard coin from supply instead.",
        supply_soak=True,
    ),
    UnitInfo(
        SCOUT,
        "Scout",
        "Sc",
        5,
        attribute="May also deploy next to any friendly unit.",
        deploys_near_friends=True,
    ),
    UnitInfo(
        SWORDSMAN,
        "Swordsman",
        "Sw",
        5,
        attribute="After it attacks, it may move one hex for free.",
        move_after_attack=True,
    ),
    UnitInfo(
        WARRIOR_PRIEST,
        "Warrior Priest",
        "WP",
        4,
        attribute="After it attacks or controls, draw a coin and use it at once.",
        draw_after_attack_or_control=True,
    ),
    UnitInfo(
        BANNERMAN,
        "Bannerman",
        "Bn",
        4,
        attribute="After it maneuvers, it may move one adjacent enemy unit one hex.",
        push_after_maneuver=True,
        expansion="nobility",
    ),
    UnitInfo(
        BISHOP,
        "Bishop",
        "Bi",
        5,
        tactic="Recruit a coin, then the Bishop may move or attack.",
        attribute="Bolstered units cannot attack it.",
        attackable_only_by_unbolstered=True,
        expansion="nobility",
    ),
    UnitInfo(
        EARL,
        "Earl",
        "Ea",
        5,
        tactic="Control its location, then you may proclaim a decree without a seal.",
        attribute="After it is deployed, it may move one hex.",
        move_after_deploy=True,
        expansion="nobility",
    ),
    UnitInfo(
        HERALD,
        "Herald",
        "He",
        5,
        tactic="Bolster an adjacent unbolstered friendly unit of yours from your supply.",
        attribute="After you proclaim a decree, the Herald may maneuver.",
        maneuver_after_proclaim=True,
        expansion="nobility",
    ),
    UnitInfo(
        SAPPER,
        "Sapper",
        "Sp",
        5,
        tactic="Move one hex, then attack a fort.",
        attribute="On entering a location without a fort, it may build one.",
        builds_forts=True,
        expansion="siege",
    ),
    UnitInfo(
        SIEGE_TOWER,
        "Siege Tower",
        "ST",
        5,
        tactic="Siege tactic (bolstered): attack twice.",
        attribute="When it is deployed, it may be bolstered at once from your supply.",
        siege_tactic=True,
        bolster_on_deploy=True,
        expansion="siege",
    ),
    UnitInfo(
        TREBUCHET,
        "Trebuchet",
        "Tr",
        5,
        tactic="Siege tactic (bolstered): attack 2-3 hexes away in a straight line, over any hexes.",
        restriction="Cannot make normal attacks.",
        normal_attack=False,
        siege_tactic=True,
        expansion="siege",
    ),
    UnitInfo(
        WAR_WAGON,
        "War Wagon",
        "WW",
        4,
        tactic="Siege tactic (bolstered): push an adjacent friendly unit one hex and move into its place.",
        attribute="When an adjacent friendly unit is attacked, a War Wagon coin may take the hit.",
        siege_tactic=True,
        takes_hits=True,
        expansion="siege",
    ),
)
assert [u.id for u in UNITS] == list(range(NUM_COIN_TYPES))
assert sum(UNITS[u].coins for u in BASE_UNITS) == 74
assert sum(UNITS[u].coins for u in NOBILITY_UNITS) == 19  # the box's 19 unit coins
assert sum(UNITS[u].coins for u in SIEGE_UNITS) == 19

UNIT_BY_CODE: dict[str, int] = {u.code.lower(): u.id for u in UNITS}
UNIT_BY_NAME: dict[str, int] = {u.name.lower(): u.id for u in UNITS}
_ALIASES = {
    "royal coin": ROYAL,
    "royalcoin": ROYAL,
    "lightcavalry": LIGHT_CAVALRY,
    "light-cavalry": LIGHT_CAVALRY,
    "royalguard": ROYAL_GUARD,
    "royal-guard": ROYAL_GUARD,
    "warriorpriest": WARRIOR_PRIEST,
    "warrior-priest": WARRIOR_PRIEST,
    "marshal": MARSHALL,
    "pikemen": PIKEMAN,
    "siegetower": SIEGE_TOWER,
    "siege-tower": SIEGE_TOWER,
    "warwagon": WAR_WAGON,
    "war-wagon": WAR_WAGON,
    "wagon": WAR_WAGON,
    "tower": SIEGE_TOWER,
}


def unit_code(unit: int) -> str:
    return UNITS[unit].code


def unit_name(unit: int) -> str:
    return UNITS[unit].name


def lookup_unit(text: str) -> int | None:
    """A unit id from its code (``Sw``), its name (``Swordsman``) or a common alias; None if unknown."""
    key = text.strip().lower()
    for table in (UNIT_BY_CODE, UNIT_BY_NAME, _ALIASES):
        if key in table:
            return table[key]
    return None


FIRST_GAME_SETS_2P: tuple[tuple[int, ...], tuple[int, ...]] = (
    (SWORDSMAN, PIKEMAN, CROSSBOWMAN, LIGHT_CAVALRY),
    (ARCHER, CAVALRY, LANCER, SCOUT),
)
"""The rulebook's first-game sets: the first belongs to the player who starts with the initiative."""

FIRST_GAME_SETS_4P: tuple[tuple[int, ...], ...] = (
    (SWORDSMAN, PIKEMAN, CROSSBOWMAN),
    (ARCHER, CAVALRY, LANCER),
    (LIGHT_CAVALRY, KNIGHT, MARSHALL),
    (SCOUT, ENSIGN, FOOTMAN),
)
"""Project decision (no official 4-player set): sets for the seats in turn order from the initiative holder."""
