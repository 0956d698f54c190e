"""English messages: War Chest's complete rules guide, shown page by page by ``/wc rules topic:``
(`warchest_bot.games.warchest.guide`).

``rules.warchest.topic.<id>`` is a topic's label in the topic list (at most 100 characters);
``rules.warchest.page.<id>`` is its page (with the title, at most 2000 characters, Discord's limit of a
message). A unit's page is ``rules.warchest.unit.title`` (its name, code and coin counts, filled from the
engine's unit catalogue) followed by ``rules.warchest.unit.<Code>``; the list of units is one
``rules.warchest.units.item`` per unit (``{summary}`` = ``rules.warchest.unit.<Code>.summary``).
``{name}`` is ``rules.warchest.name.<Code>``, ``{unit_code}`` the unit's code (``Ar``).

The rules follow the engine (`warchest_bot.games.warchest.engine`) and ``shared/rules/war-chest.md``.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- /wc rules topic: that names no topic ------------------------------------------------------------
    # --- the topic list ------------------------------------------------------------------------------------
    "rules.warchest.topic.setup": "Setup: board, bags, supply, initiative",
    "rules.warchest.topic.round": "A round: drawing coins and taking turns",
    "rules.warchest.topic.actions": "The nine actions in brief",
    "rules.warchest.topic.deploy": "Action: Deploy",
    "rules.warchest.topic.bolster": "Action: Bolster",
    "rules.warchest.topic.move": "Action: Move",
    "rules.warchest.topic.control": "Action: Control",
    "rules.warchest.topic.attack": "Action: Attack",
    "rules.warchest.topic.tactic": "Action: Tactic",
    "rules.warchest.topic.recruit": "Action: Recruit",
    "rules.warchest.topic.pass": "Action: Pass",
    "rules.warchest.topic.claim": "Action: Claim the initiative",
    "rules.warchest.topic.royal": "The Royal Coin",
    "rules.warchest.topic.winning": "Winning and the end of the game",
    "rules.warchest.topic.teams": "Four players: playing in teams",
    "rules.warchest.topic.units": "All 16 units in brief",
    "rules.warchest.topic.unit": "Unit: {name}",
    # --- pages ---------------------------------------------------------------------------------------------
    "rules.warchest.page.setup": (
        "**War Chest: setup**\n"
        "The board is made of hexes; some of them are **locations**. Each side owns control markers, and "
        "the first side to have all of its markers on the board wins.\n"
        "- **2 players:** the board of 37 hexes with 10 locations. Each player takes a bag, a Royal Coin "
        "and 6 control markers, puts a marker on each of their 2 starting locations and keeps the other 4.\n"
        "- **4 players** (two teams of two, partners sitting opposite): the board of 47 hexes with 14 "
        "locations. Each team shares 8 control markers: one on each of its 3 starting locations, 5 kept. "
        "Every player has their own bag, Royal Coin, supply, hand and discard pile.\n"
        "- **Units:** each player gets 4 different unit types (3 with 4 players); no type is used twice. "
        "The game's `units` option chooses how: `random` (dealt at random), `draft` (2 players: 8 units "
        "laid out, picked 1-2-2-2-1 starting with the player who has the initiative; 4 players: 12 units "
        "picked round the table, back, and round again) or `first-game` (the rulebook's sets: Swordsman, "
        "Pikeman, Crossbowman and Light Cavalry against Archer, Cavalry, Lancer and Scout).\n"
        "- **Bag and supply:** put 2 coins of each of your unit types and your Royal Coin into your bag "
        "(9 coins; 7 with 4 players). The other coins of your types are your **supply**, face up and "
        "public.\n"
        "- **Initiative:** a player chosen at random starts with the initiative and plays first.\n"
        "Next: `/wc rules topic:round`."
    ),
    "rules.warchest.page.round": (
        "**War Chest: a round**\n"
        "1. **Draw:** every player draws 3 coins from their bag into their hand, which only they see "
        "(here: `/wc hand`). When a bag runs out, its owner's whole discard pile (face-up and face-down "
        "coins) goes back into the bag and the drawing goes on; if there are still too few coins, that "
        "player plays the round with fewer.\n"
        "2. **Turns:** the player holding the initiative starts; then the players take turns (with 4 "
        "players, round the table, so the teams alternate). On your turn you play **one coin** from your "
        "hand for **one action** (`/wc rules topic:actions`); here: `/wc play`. A player with an empty "
        "hand is skipped.\n"
        "3. When every hand is empty the round ends, and the player who holds the initiative now starts "
        "the next round.\n"
        "**Where coins go:** a coin that deploys or bolsters goes onto the board. A coin that pays for a "
        "move, control, attack or tactic goes to your discard pile **face up**. A coin that pays for "
        "recruit, pass or claiming the initiative goes there **face down**: nobody sees which it was. A "
        "coin removed by an attack is **eliminated**: out of the game for good.\n"
        "Your bag is refilled only from your discard pile, so the coins you recruit are the ones you draw "
        "later."
    ),
    "rules.warchest.page.actions": (
        "**War Chest: the nine actions**\n"
        "Each turn you play one coin from your hand for one action.\n"
        "**Coins put onto the board** (a unit coin, never the Royal Coin):\n"
        "- **Deploy:** a new unit on an empty location you control.\n"
        "- **Bolster:** add the coin to your unit of that type.\n"
        "**Maneuvers** (the coin of a unit you have on the board, then face up to your discard pile):\n"
        "- **Move:** the unit steps to an adjacent empty hex.\n"
        "- **Control:** take the location the unit stands on.\n"
        "- **Attack:** remove a coin from an adjacent enemy unit.\n"
        "- **Tactic:** what the unit's card allows (the Royal Guard's is paid with the Royal Coin).\n"
        "**Coins discarded face down** (any coin, the Royal Coin too):\n"
        "- **Recruit:** take a coin from your supply into your discard pile.\n"
        "- **Pass:** do nothing.\n"
        "- **Claim the initiative:** you will start the next round.\n"
        "Each action has its own page, e.g. `/wc rules topic:attack`. Examples of what to type in "
        "`/wc play`: `Sw deploy e2`, `Sw bolster e2`, `Sw move e2-e3`, `Sw control e3`, "
        "`Sw attack e3xf3`, `Ar tactic e3xg3`, `Sw recruit Pi`, `RC pass`, `RC claim`."
    ),
    "rules.warchest.page.deploy": (
        "**Deploy**\n"
        "**Coin:** a coin of one of your unit types that you have no unit of on the board (the Footman: "
        "fewer than two). The coin goes onto the board.\n"
        "Put the coin on an **empty location your side controls**: it is now a unit, a stack of one coin. "
        "Only one unit of each type can be on the board at a time; the Footman is the exception, with two. "
        "The Scout may also be deployed on any empty hex next to a friendly unit. With 4 players, either "
        "partner may deploy on any location the team controls.\n"
        "The Royal Coin can never be deployed.\n"
        "Example: `Sw deploy e2`."
    ),
    "rules.warchest.page.bolster": (
        "**Bolster**\n"
        "**Coin:** a coin of the same type as one of your units on the board. The coin goes onto the "
        "board.\n"
        "Put the coin on top of that unit: its stack grows by one. There is no height limit. A unit with "
        "two or more coins is **bolstered**: each attack on it removes only one coin, and only bolstered "
        "units may attack a Knight. The Footman coin may bolster either Footman unit.\n"
        "You cannot bolster a partner's unit, and the Royal Coin never bolsters anything, not even the "
        "Royal Guard.\n"
        "Example: `Sw bolster e2`."
    ),
    "rules.warchest.page.move": (
        "**Move** (a maneuver)\n"
        "**Coin:** a coin of the same type as one of your units on the board; it goes to your discard "
        "pile face up.\n"
        "The whole stack moves to an **adjacent empty hex**. Units never share a hex and never move "
        "through one another. Leaving a location does not change who controls it.\n"
        "Some units move farther with their tactic instead (Light Cavalry, Lancer, Cavalry, the Royal "
        "Guard), and the Ensign's tactic moves another unit.\n"
        "Example: `Sw move e2-e3`."
    ),
    "rules.warchest.page.control": (
        "**Control** (a maneuver)\n"
        "**Coin:** a coin of the same type as one of your units on the board; it goes to your discard "
        "pile face up.\n"
        "The unit must **stand on a location** that your side does not control yet: neutral or the "
        "enemy's. Put one of your control markers there; an enemy marker that was there goes back to its "
        "owner, who can place it again later.\n"
        "If that was your last marker, you win at once.\n"
        "A location stays yours until the enemy controls it, even when your unit leaves it. Your "
        "locations are where you deploy new units.\n"
        "Example: `Sw control e3`."
    ),
    "rules.warchest.page.attack": (
        "**Attack** (a maneuver)\n"
        "**Coin:** a coin of the same type as one of your units on the board; it goes to your discard "
        "pile face up.\n"
        "Your unit attacks an **adjacent enemy unit**: one coin is removed from the attacked stack and "
        "**eliminated** (out of the game). A unit whose last coin is removed leaves the board; its type "
        "can come back later from other coins.\n"
        "Exceptions:\n"
        "- the Archer and the Lancer cannot make normal attacks (only their tactics attack);\n"
        "- only a bolstered unit (two coins or more) may attack a Knight;\n"
        "- a unit that attacks an adjacent Pikeman loses one of its own coins as well;\n"
        "- the owner of an attacked Royal Guard may remove a Royal Guard coin from their supply instead.\n"
        "Some units attack from farther away or after moving with their tactic (Archer, Crossbowman, "
        "Cavalry, Lancer), and the Marshall's tactic makes another unit attack.\n"
        "Example: `Sw attack e3xf3`."
    ),
    "rules.warchest.page.tactic": (
        "**Tactic** (a maneuver)\n"
        "**Coin:** a coin of the same type as the unit, which must be on the board; it goes to your "
        "discard pile face up. The Royal Guard's tactic is paid with your **Royal Coin** instead.\n"
        "The unit does what its card says. Units with a tactic: Archer, Cavalry, Crossbowman, Ensign, "
        "Footman, Lancer, Light Cavalry, Marshall and Royal Guard. The others have an attribute (a "
        "standing ability) instead.\n"
        "A tactic can be chosen only when it can be carried out in full: a Lancer or Cavalry tactic needs "
        "an enemy it can attack at the end.\n"
        "Each unit's page tells its tactic: `/wc rules topic:` and the unit's name.\n"
        "Examples: `Ar tactic e3xg3`, `Ca tactic e3-e4xf4`, `LC tactic e3-e5`, `Fo tactic`, "
        "`RC tactic e2-h1`."
    ),
    "rules.warchest.page.recruit": (
        "**Recruit**\n"
        "**Coin:** any coin from your hand, the Royal Coin too; it goes to your discard pile face down.\n"
        "Take one coin of one of your unit types from your **supply** and put it face up in your discard "
        "pile. It reaches your bag when your discard pile is next put back into it, so recruiting is how "
        "your army grows. You can recruit only from your own supply (not for a partner), and only a type "
        "that still has coins there.\n"
        "Recruiting a Mercenary lets your Mercenary unit, if it is on the board, make a free maneuver.\n"
        "Example: `Sw recruit Pi` (pay with a Swordsman coin, recruit a Pikeman)."
    ),
    "rules.warchest.page.pass": (
        "**Pass**\n"
        "**Coin:** any coin from your hand, the Royal Coin too; it goes to your discard pile face down.\n"
        "Nothing happens: you keep the coin out of sight and save your moves. You still play your other "
        "coins on your next turns. Passing is always possible, so you always have an action.\n"
        "Example: `RC pass`."
    ),
    "rules.warchest.page.claim": (
        "**Claim the initiative**\n"
        "**Coin:** any coin from your hand, the Royal Coin too; it goes to your discard pile face down.\n"
        "Take the initiative: you will play first in the **next** round (the order of this round does not "
        "change). Only a player who does not hold it may claim it, and only once per round: after someone "
        "has claimed it, nobody can take it back until the next round. With 4 players you cannot take it "
        "from your partner.\n"
        "Example: `RC claim`."
    ),
    "rules.warchest.page.royal": (
        "**The Royal Coin**\n"
        "Each player has one Royal Coin, which starts in their bag and is drawn like any other coin. It "
        "is not a unit: it is never deployed, never bolsters, never maneuvers and is never eliminated.\n"
        "It can pay for three actions, always face down: **Recruit**, **Pass** and **Claim the "
        "initiative**. If you have the Royal Guard on the board, it also pays for the **Royal Guard's "
        "tactic** (then it goes face up to your discard pile).\n"
        "In `/wc play` it is written `RC`: `RC pass`, `RC claim`, `RC recruit Pi`, `RC tactic e2-h1`."
    ),
    "rules.warchest.page.winning": (
        "**War Chest: winning**\n"
        "You win **at once** when your side has **all of its control markers** on the board: 6 with 2 "
        "players (so 6 of the 10 locations), 8 for a team with 4 players (8 of the 14 locations). You "
        "start with 2 (3 for a team) placed, and place the others with the Control action; when the enemy "
        "controls one of your locations, that marker comes back to you. The game can end in the middle "
        "of a turn, for example during a Footman tactic or a Berserker's extra maneuver.\n"
        "There is no other way to win. Here a game still running after its round limit (the `max_rounds` "
        "option, 200 rounds unless chosen otherwise) ends as a draw. A player may also resign "
        "(`/wc resign`), and a player who runs out of time on the clock loses."
    ),
    "rules.warchest.page.teams": (
        "**War Chest with 4 players: teams**\n"
        "Two teams of two; partners sit opposite, so the turns alternate between the teams.\n"
        "- Each player has their own bag, hand of 3, supply, discard pile, Royal Coin and 3 unit types; "
        "the 12 types in play are all different.\n"
        "- The team shares its 8 control markers and its locations: either partner may deploy on any "
        "location the team controls and control for the team.\n"
        "- Your coins play only your own units: you cannot bolster or maneuver a partner's unit, or "
        "recruit for them.\n"
        "- A partner's units are friendly for tactics and attributes: the Ensign may move them, the "
        "Marshall may make them attack, and the Scout may deploy next to them.\n"
        "- The initiative belongs to one player; you cannot claim it from your partner.\n"
        "- A team wins when all 8 of its markers are on the board."
    ),
    # --- unit names (as the engine's unit catalogue names them) -------------------------------------------
    "rules.warchest.name.Ar": "Archer",
    "rules.warchest.name.Be": "Berserker",
    "rules.warchest.name.Ca": "Cavalry",
    "rules.warchest.name.Cr": "Crossbowman",
    "rules.warchest.name.En": "Ensign",
    "rules.warchest.name.Fo": "Footman",
    "rules.warchest.name.Kn": "Knight",
    "rules.warchest.name.La": "Lancer",
    "rules.warchest.name.LC": "Light Cavalry",
    "rules.warchest.name.Ma": "Marshall",
    "rules.warchest.name.Me": "Mercenary",
    "rules.warchest.name.Pi": "Pikeman",
    "rules.warchest.name.RG": "Royal Guard",
    "rules.warchest.name.Sc": "Scout",
    "rules.warchest.name.Sw": "Swordsman",
    "rules.warchest.name.WP": "Warrior Priest",
    # --- the units -----------------------------------------------------------------------------------------
    "rules.warchest.page.units": "**War Chest: the 16 units** (see one with `/wc rules topic:` and its name)",
    "rules.warchest.units.item": "- **{name}** (`{unit_code}`, {coins} coins): {summary}",
    "rules.warchest.unit.title": (
        "**{name}** (`{unit_code}`): {coins} coins, 2 of them in the starting bag and {supply} in the supply."
    ),
    "rules.warchest.unit.Ar.summary": "tactic: attacks a unit exactly 2 hexes away; no normal attack.",
    "rules.warchest.unit.Ar": (
        "**Tactic:** attack an enemy unit exactly **2 hexes** away, in any direction; the hex between may "
        "be occupied.\n"
        "**Restriction:** the Archer cannot make normal attacks, so it never attacks an adjacent unit, and "
        "a Marshall cannot order it to attack.\n"
        "Its attack is not adjacent, so an attacked Pikeman does not hurt it. An unbolstered Archer "
        "cannot attack a Knight.\n"
        "Example: `Ar tactic e3xg3`."
    ),
    "rules.warchest.unit.Be.summary": "attribute: after a maneuver, if bolstered, spends a coin of its stack to maneuver again.",
    "rules.warchest.unit.Be": (
        "**Attribute:** after the Berserker makes any maneuver (move, control or attack, including a "
        "move ordered by an Ensign or an attack ordered by a Marshall), if it is bolstered you may take "
        "one coin off its stack, put it face up in your discard pile, and make another maneuver with it. "
        "You may repeat this as long as it has at least two coins; its last coin never goes.\n"
        "Only the one coin from your hand is paid. The coin is taken off before the extra maneuver, so an "
        "extra attack on a Knight needs two coins left after paying. If the Berserker dies on the way (a "
        "Pikeman), the chain ends.\n"
        "After a maneuver the bot offers the extra maneuvers, and `decline` to stop."
    ),
    "rules.warchest.unit.Ca.summary": "tactic: moves one hex, then attacks.",
    "rules.warchest.unit.Ca": (
        "**Tactic:** move to an adjacent empty hex, then attack an adjacent enemy unit from there. Both "
        "are one action, paid with one Cavalry coin.\n"
        "The tactic can be chosen only if there is an enemy to attack after the move. An unbolstered "
        "Cavalry cannot attack a Knight, and attacking a Pikeman costs it a coin.\n"
        "The Cavalry can also move and attack normally.\n"
        "Example: `Ca tactic e3-e4xf4` (move e3 to e4, attack f4)."
    ),
    "rules.warchest.unit.Cr.summary": "tactic: attacks 2 hexes away in a straight line over an empty hex.",
    "rules.warchest.unit.Cr": (
        "**Tactic:** attack an enemy unit **2 hexes away in a straight line**; the hex between must be "
        "empty.\n"
        "The Crossbowman can also make normal attacks on adjacent units. Its ranged attack does not "
        "trigger a Pikeman, but its adjacent attack does. An unbolstered Crossbowman cannot attack a "
        "Knight.\n"
        "Example: `Cr tactic e3xe5`."
    ),
    "rules.warchest.unit.En.summary": "tactic: moves a friendly unit within 2 hexes one hex, staying within 2.",
    "rules.warchest.unit.En": (
        "**Tactic:** choose a friendly unit (not the Ensign itself) at most **2 hexes** from the Ensign. "
        "It makes a normal move to an adjacent empty hex that is also at most 2 hexes from the Ensign. "
        "You pay with the Ensign coin, not the moved unit's.\n"
        "The move counts as that unit's maneuver: a Berserker moved this way may go on with its extra "
        "maneuvers. With 4 players the Ensign may move a partner's unit.\n"
        "Example: `En tactic f3-f4` (the unit on f3 moves to f4)."
    ),
    "rules.warchest.unit.Fo.summary": "two Footman units may be on the board; tactic: each Footman maneuvers.",
    "rules.warchest.unit.Fo": (
        "**Attribute:** you may have **two** Footman units on the board at the same time (every other "
        "type: one). A Footman coin may deploy the second unit or bolster either one.\n"
        "**Tactic:** each of your Footman units on the board makes one maneuver (move, control or attack), "
        "in the order you like; the two may do different things. With only one Footman on the board it "
        "still gets its maneuver. At least one maneuver must be made; you may skip the second.\n"
        "Example: `Fo tactic`, then the bot asks for each Footman's maneuver."
    ),
    "rules.warchest.unit.Kn.summary": "attribute: only bolstered units can attack it.",
    "rules.warchest.unit.Kn": (
        "**Attribute:** only a **bolstered** unit (two coins or more) can attack the Knight. This holds "
        "for every attack: normal attacks, tactics (Archer, Crossbowman, Cavalry, Lancer), attacks ordered "
        "by a Marshall and a Berserker's extra attacks.\n"
        "A Pikeman's reaction is not an attack: a Knight that attacks an adjacent Pikeman still loses a "
        "coin."
    ),
    "rules.warchest.unit.La.summary": "tactic: moves 1-2 hexes in a straight line, then attacks the next hex on; no normal attack.",
    "rules.warchest.unit.La": (
        "**Tactic:** move **1 or 2 hexes in a straight line** through empty hexes, then attack the enemy "
        "unit on the **next hex in the same line**. The tactic is allowed only if that attack is: the "
        "Lancer cannot move without attacking, and an unbolstered Lancer cannot charge a Knight.\n"
        "**Restriction:** the Lancer cannot make normal attacks: it cannot attack an adjacent unit without "
        "moving first, and a Marshall cannot order it to attack.\n"
        "Its attack is adjacent, so a Pikeman's reaction hits it.\n"
        "Example: `La tactic e3-e5xe6`."
    ),
    "rules.warchest.unit.LC.summary": "tactic: moves two hexes.",
    "rules.warchest.unit.LC": (
        "**Tactic:** move **two hexes**: two steps, each into an empty hex, ending 2 hexes from where it "
        "started. It cannot pass through units.\n"
        "The Light Cavalry can also make a normal one-hex move.\n"
        "Example: `LC tactic e3-e5`."
    ),
    "rules.warchest.unit.Ma.summary": "tactic: a friendly unit within 2 hexes makes a normal attack.",
    "rules.warchest.unit.Ma": (
        "**Tactic:** choose a friendly unit (not the Marshall itself) at most **2 hexes** from the "
        "Marshall: it makes a **normal attack** on an adjacent enemy. You pay with the Marshall coin.\n"
        "The attack is that unit's own: a Swordsman may then make its free move, a Warrior Priest draws a "
        "coin, a Berserker may go on, and an attacked Pikeman hurts the attacker. The Archer and the "
        "Lancer cannot be chosen (they have no normal attack). With 4 players the Marshall may order a "
        "partner's unit.\n"
        "Example: `Ma tactic f3xf4` (the unit on f3 attacks f4)."
    ),
    "rules.warchest.unit.Me.summary": "attribute: recruiting a Mercenary lets your Mercenary unit maneuver for free.",
    "rules.warchest.unit.Me": (
        "**Attribute:** when you **recruit** a Mercenary coin while your Mercenary unit is on the board, "
        "that unit may at once make one free maneuver (move, control or attack). The recruited coin still "
        "goes face up to your discard pile, as with any recruit.\n"
        "Nothing happens if the Mercenary is not on the board.\n"
        "Example: `Sw recruit Me`, then the bot offers the Mercenary's maneuvers (or `decline`)."
    ),
    "rules.warchest.unit.Pi.summary": "attribute: an adjacent unit that attacks it loses a coin.",
    "rules.warchest.unit.Pi": (
        "**Attribute:** when an **adjacent** enemy unit attacks the Pikeman, one coin is also removed from "
        "the attacker and eliminated. This happens together with the attack, whatever the attack is "
        "(normal, Cavalry, Lancer, a Marshall's order, a Berserker's extra attack), and hits Knights too. "
        "Both units can be destroyed together.\n"
        "Attacks from 2 hexes away (Archer, Crossbowman's tactic) are not affected. An attacker destroyed "
        "by the Pikeman gets no after-attack ability (Swordsman move, Warrior Priest draw, Berserker "
        "chain)."
    ),
    "rules.warchest.unit.RG.summary": "tactic paid with the Royal Coin: it moves; attribute: it may take hits from the supply.",
    "rules.warchest.unit.RG": (
        "**Tactic** (paid with your **Royal Coin**, not a Royal Guard coin; the Royal Coin then goes face "
        "up to your discard pile): the Royal Guard moves. The game's `royal_guard` option chooses the card:\n"
        "- `revised` (the default, the newer card): move 1 or 2 hexes through empty hexes, ending on an "
        "**empty location your side controls**;\n"
        "- `original` (the 2018 card): a normal move to any adjacent empty hex.\n"
        "**Attribute:** when the Royal Guard is attacked, its owner may remove a Royal Guard coin from "
        "their **supply** instead of from the unit (that coin is eliminated). The bot asks the owner: "
        "`soak` or `decline`.\n"
        "The Royal Coin can never bolster or deploy the Royal Guard.\n"
        "Example: `RC tactic e2-h1`."
    ),
    "rules.warchest.unit.Sc.summary": "attribute: may also deploy next to any friendly unit.",
    "rules.warchest.unit.Sc": (
        "**Attribute:** besides an empty location your side controls, the Scout may be **deployed** on "
        "any empty hex adjacent to a friendly unit (with 4 players, a partner's too).\n"
        "Only one Scout unit can be on the board, as with other types.\n"
        "Example: `Sc deploy f5`."
    ),
    "rules.warchest.unit.Sw.summary": "attribute: after it attacks, it may move one hex for free.",
    "rules.warchest.unit.Sw": (
        "**Attribute:** after the Swordsman attacks (also when a Marshall orders the attack), it may make "
        "a free normal move to an adjacent empty hex. The move is optional: the bot offers it, with "
        "`decline` to stay.\n"
        "It gets no free move if a Pikeman's reaction destroyed it."
    ),
    "rules.warchest.unit.WP.summary": "attribute: after it attacks or controls, draw a coin and play it at once.",
    "rules.warchest.unit.WP": (
        "**Attribute:** after the Warrior Priest **attacks or controls** (also an attack a Marshall "
        "orders), draw one coin from your bag (refilled from your discard pile if empty) and play it "
        "**at once** for any legal action, Pass included. The coin never joins your hand.\n"
        "If it is the Royal Coin, it can pay for what the Royal Coin pays for. The drawn coin may make the "
        "Warrior Priest attack or control again, and draw again."
    ),
}
