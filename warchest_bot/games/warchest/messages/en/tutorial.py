"""English messages of the tutorial (`/wc tutorial`): the frame of every step, the generic reasons a move
misses a goal, hints, and each lesson's texts (``tutorial.<lesson>.title|text|goal|done|why.<name>``; the
lessons are the files of `warchest_bot.games.warchest.tutorial.lessons`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the frame of a step --------------------------------------------------------------------------------
    "tutorial.royal_coin": "Royal Coin",
    "tutorial.coin": "{unit} coin",
    # --- refusals -------------------------------------------------------------------------------------------
    # --- why a move misses a goal (generic) -------------------------------------------------------------------
    "tutorial.why.unit_on": "No unit of yours stands on {hex}.",
    "tutorial.why.unit_on_unit": "Your {unit} does not stand on {hex}.",
    "tutorial.why.on_board": "Your {unit} is not on the board.",
    "tutorial.why.height": "Your {unit} does not have {height} coins.",
    "tutorial.why.control": "You do not control {hex}.",
    "tutorial.why.coins_lost": "The enemy {unit} did not lose a coin.",
    "tutorial.why.keep_coins": "One of your own units lost a coin.",
    "tutorial.why.initiative": "You do not hold the initiative.",
    "tutorial.why.recruited": "You did not recruit a {unit}.",
    "tutorial.why.new_round": "No new round has begun: there are still coins to play.",
    "tutorial.why.passed": "You did not pass.",
    "tutorial.why.win": "The game is not won yet.",
    "tutorial.why.lost": "Your opponent won the game.",
    "tutorial.why.draw": "The game ended in a draw: the round limit was reached.",
    # --- hints (the easy AI's choice, in words) -----------------------------------------------------------
    "tutorial.hint": "💡 Hint (what the easy AI would play): {hint} ({action})",
    "tutorial.hint.deploy": "Deploy your {coin} on {first}.",
    "tutorial.hint.bolster": "Bolster your {coin} on {first}: add a coin to it.",
    "tutorial.hint.move": "Move your {coin} from {first} to {last}.",
    "tutorial.hint.move_free": "Move the unit from {first} to {last}.",
    "tutorial.hint.control": "Take control of {first} with your {coin}.",
    "tutorial.hint.control_free": "Take control of {first}.",
    "tutorial.hint.attack": "Attack the unit on {last} with your {coin} from {first}.",
    "tutorial.hint.attack_free": "Attack the unit on {last} from {first}.",
    "tutorial.hint.tactic": "Use the tactic of your {coin}.",
    "tutorial.hint.claim": "Claim the initiative, paying with your {paid}.",
    "tutorial.hint.recruit": "Recruit a {unit}, paying with your {paid}.",
    "tutorial.hint.pass": "Pass, paying with your {paid}.",
    "tutorial.hint.decline_free": "Skip the optional follow-up.",
    "tutorial.hint.soak_free": "Take the hit with a coin from your supply.",
    "tutorial.hint.other": "Play the move shown.",
    # --- 1 drawing and the bag ----------------------------------------------------------------------------
    "tutorial.bag.title": "Drawing and the bag",
    "tutorial.bag.text": (
        "Your coins live in a bag. At the start of each round you draw three coins from it into your hand, "
        "and each coin you play goes to your discard. When both hands are empty a new round begins; if your "
        "bag is empty then, your whole discard goes back into the bag first. You are side A (blue). Your "
        "hand holds one coin, the Swordsman; your bag is empty and four coins wait in your discard."
    ),
    "tutorial.bag.goal": "Put a Swordsman on the board with your last coin, so that a new round begins.",
    "tutorial.bag.done": (
        "Your hand was empty, so a new round began: your discard went back into your bag, and you drew three "
        "coins from it."
    ),
    "tutorial.bag.why.face_down": (
        "That coin went face down to your discard, so no Swordsman came onto the board. Deploy it on one of "
        "your locations instead."
    ),
    # --- 2 deploy -----------------------------------------------------------------------------------------
    "tutorial.deploy.title": "Deploy",
    "tutorial.deploy.text": (
        "To put a unit on the board, deploy it: play one of its coins on an empty location (a hex with a "
        "marker ring) that you control. Each unit may be on the board only once. Your Swordsman already "
        "stands on e2; h1 is your other starting location."
    ),
    "tutorial.deploy.goal": "Deploy your Crossbowman on h1.",
    "tutorial.deploy.done": "Your Crossbowman is on the board. A deployed unit is a stack of one coin.",
    "tutorial.deploy.why.other_unit": (
        "The coin you play is the unit that comes onto the board: you played the Pikeman coin. Play the "
        "Crossbowman coin."
    ),
    # --- 3 bolster ----------------------------------------------------------------------------------------
    "tutorial.bolster.title": "Bolster",
    "tutorial.bolster.text": (
        "To bolster a unit, play one of its coins on top of it on the board. A unit with more coins can take "
        "more hits, and a bolstered unit (two coins or more) may attack a Knight."
    ),
    "tutorial.bolster.goal": "Bolster your Swordsman on e3 so that it has two coins.",
    "tutorial.bolster.done": "Your Swordsman now has two coins: it can lose one and stay on the board.",
    "tutorial.bolster.why.moved": "Moving a unit does not add a coin to it. Choose Bolster for the Swordsman coin.",
    "tutorial.bolster.why.other_unit": (
        "A coin only bolsters its own unit: the Pikeman coin bolsters the Pikeman. Use the Swordsman coin."
    ),
    # --- 4 move -------------------------------------------------------------------------------------------
    "tutorial.move.title": "Move",
    "tutorial.move.text": (
        "To move a unit, play one of its coins (it goes face up to your discard) and move the unit one hex "
        "to an empty neighbour. Each coin moves only its own unit."
    ),
    "tutorial.move.goal": "Move your Swordsman from e2 to e3.",
    "tutorial.move.done": "Your Swordsman is on e3. A moved unit keeps all its coins.",
    "tutorial.move.why.other_unit": "The Pikeman coin moves the Pikeman. To move the Swordsman, pay with a Swordsman coin.",
    "tutorial.move.why.bolstered": "Bolstering adds a coin but leaves the unit where it is. Choose Move.",
    # --- 5 control ----------------------------------------------------------------------------------------
    "tutorial.control.title": "Control",
    "tutorial.control.text": (
        "Locations are the hexes with a marker ring. A unit standing on a location you do not control may "
        "take it: play one of the unit's coins and put your control marker there. Whoever places all six of "
        "their markers wins. Your Swordsman stands on d4."
    ),
    "tutorial.control.goal": "Take control of d4.",
    "tutorial.control.done": "d4 is yours. Controlled locations are also where you may deploy.",
    "tutorial.control.why.moved": "Your Swordsman left d4 instead of taking it. Stay and choose Control.",
    # --- 6 attack -----------------------------------------------------------------------------------------
    "tutorial.attack.title": "Attack",
    "tutorial.attack.text": (
        "To attack, play a coin of a unit next to an enemy unit: the enemy unit loses one coin (it is out of "
        "the game). A unit that loses its last coin leaves the board. Your Pikeman on f4 stands next to the "
        "enemy Archer on f5, which has two coins."
    ),
    "tutorial.attack.goal": "Attack the Archer with your Pikeman.",
    "tutorial.attack.done": "The Archer lost a coin and has one left.",
    "tutorial.attack.why.moved": "Moving next to or away from the Archer does not hurt it. Choose Attack.",
    "tutorial.attack.why.bolstered": "Bolstering makes your Pikeman stronger but does not hit the Archer. Choose Attack.",
    # --- 7 recruit ----------------------------------------------------------------------------------------
    "tutorial.recruit.title": "Recruit",
    "tutorial.recruit.text": (
        "To get more coins, recruit: pay any coin face down and take a coin of one of your units from your "
        "supply; it goes to your discard and will be drawn in a later round. Your units here are the "
        "Swordsman, Pikeman, Crossbowman and Knight."
    ),
    "tutorial.recruit.goal": "Recruit a Knight (pay with any coin; the Royal Coin is a good choice).",
    "tutorial.recruit.done": "A Knight coin went from your supply to your discard: your army has grown.",
    "tutorial.recruit.why.other_unit": "You recruited another unit. Choose Recruit, then the Knight.",
    "tutorial.recruit.why.passed": "Passing pays a coin but takes nothing from your supply. Choose Recruit.",
    # --- 8 initiative ---------------------------------------------------------------------------------------
    "tutorial.initiative.title": "The initiative",
    "tutorial.initiative.text": (
        "The player who holds the initiative plays first in the next round. The marker shows your opponent "
        "holds it now. Once per round you may claim it: pay a coin face down and take the initiative."
    ),
    "tutorial.initiative.goal": "Claim the initiative.",
    "tutorial.initiative.done": "You hold the initiative: you will play first next round.",
    "tutorial.initiative.why.passed": "Passing does not take the initiative. Choose Claim.",
    "tutorial.initiative.why.recruited": "Recruiting does not take the initiative. Choose Claim.",
    # --- 9 pass ---------------------------------------------------------------------------------------------
    "tutorial.pass.title": "Pass",
    "tutorial.pass.text": (
        "Sometimes the best move is none: pass by paying a coin face down. Your opponent does not see which "
        "coin it was, and your units stay as they are. The Royal Coin can only claim, recruit or pass."
    ),
    "tutorial.pass.goal": "Pass with your Royal Coin.",
    "tutorial.pass.done": "You passed: the coin lies face down in your discard.",
    "tutorial.pass.why.recruited": "That recruited a coin. To pass, choose Pass.",
    "tutorial.pass.why.deployed": "That deployed a unit. To pass, choose Pass.",
    # --- 10 Archer ------------------------------------------------------------------------------------------
    "tutorial.archer.title": "Archer",
    "tutorial.archer.text": (
        "The Archer cannot make normal attacks. Its tactic: attack a unit exactly two hexes away, over "
        "anything in between. Your Archer is on e3; the enemy Cavalry is on e5."
    ),
    "tutorial.archer.goal": "Hit the Cavalry with the Archer's tactic.",
    "tutorial.archer.done": "The Cavalry lost a coin, and your Archer stayed out of its reach.",
    "tutorial.archer.why.moved": "Moving does not hit the Cavalry. Choose the Archer's tactic.",
    # --- 11 Berserker -------------------------------------------------------------------------------------
    "tutorial.berserker.title": "Berserker",
    "tutorial.berserker.text": (
        "After any maneuver (move, control, attack), a bolstered Berserker may discard a coin from its own "
        "stack to maneuver again. Your Berserker on d4 has two coins; the enemy Cavalry stands on e4."
    ),
    "tutorial.berserker.goal": "Take control of d4 and attack the Cavalry, both this turn.",
    "tutorial.berserker.done": "Two maneuvers for one coin from your hand: the Berserker paid the second from its stack.",
    "tutorial.berserker.why.bolstered": "Bolstering is not a maneuver, so the Berserker gets no second one. Control first, then attack.",
    # --- 12 Cavalry ---------------------------------------------------------------------------------------
    "tutorial.cavalry.title": "Cavalry",
    "tutorial.cavalry.text": (
        "The Cavalry's tactic: move one hex, then attack from there. Your Cavalry is on e3, two hexes from "
        "the enemy Archer on e5."
    ),
    "tutorial.cavalry.goal": "Reach the Archer and hit it in one turn.",
    "tutorial.cavalry.done": "The Cavalry moved and attacked with a single coin.",
    "tutorial.cavalry.why.moved": "A plain move ends your turn next to the Archer without hitting it. Use the tactic.",
    # --- 13 Crossbowman -------------------------------------------------------------------------------------
    "tutorial.crossbowman.title": "Crossbowman",
    "tutorial.crossbowman.text": (
        "The Crossbowman's tactic: attack a unit two hexes away in a straight line, if the hex between is "
        "empty. Your Crossbowman is on e3, with e4 empty and the enemy Archer on e5."
    ),
    "tutorial.crossbowman.goal": "Shoot the Archer from where you stand.",
    "tutorial.crossbowman.done": "The Archer lost a coin from two hexes away.",
    "tutorial.crossbowman.why.moved": "Moving does not hit the Archer. Use the Crossbowman's tactic.",
    # --- 14 Ensign ------------------------------------------------------------------------------------------
    "tutorial.ensign.title": "Ensign",
    "tutorial.ensign.text": (
        "The Ensign's tactic: a friendly unit within two hexes of it moves one hex, ending within two hexes "
        "of the Ensign. You have no Swordsman coin in hand, but your Ensign on f3 can move the Swordsman on e3."
    ),
    "tutorial.ensign.goal": "Move your Swordsman to d4 without a Swordsman coin.",
    "tutorial.ensign.done": "The Ensign moved another unit for you.",
    "tutorial.ensign.why.moved": "That moved the Ensign itself. Use its tactic on the Swordsman.",
    # --- 15 Footman -----------------------------------------------------------------------------------------
    "tutorial.footman.title": "Footman",
    "tutorial.footman.text": (
        "You may have two Footman units on the board. The Footman's tactic: each of your Footmen makes one "
        "maneuver. Your Footmen stand on d4 and h4, two locations you do not control."
    ),
    "tutorial.footman.goal": "Take control of both d4 and h4 this turn.",
    "tutorial.footman.done": "One coin, two maneuvers: both locations are yours.",
    "tutorial.footman.why.one": "Controlling with a Footman coin moves only one Footman. The tactic lets both act.",
    # --- 16 Knight ------------------------------------------------------------------------------------------
    "tutorial.knight.title": "Knight",
    "tutorial.knight.text": (
        "Only a bolstered unit (two coins or more) may attack a Knight. The enemy Knight is on e5, next to "
        "your Swordsman (one coin) on d5 and your Pikeman (two coins) on f5."
    ),
    "tutorial.knight.goal": "Make the enemy Knight lose a coin.",
    "tutorial.knight.done": "Your bolstered Pikeman could hit the Knight.",
    "tutorial.knight.why.bolstered": (
        "Bolstering the Swordsman would let it attack the Knight next time, but not now. Attack with the "
        "unit that is bolstered already."
    ),
    # --- 17 Lancer ------------------------------------------------------------------------------------------
    "tutorial.lancer.title": "Lancer",
    "tutorial.lancer.text": (
        "The Lancer cannot make normal attacks. Its tactic: move one or two hexes in a straight line over "
        "empty hexes, then attack the next hex on that line. Your Lancer is on f2; the enemy Archer is on f5."
    ),
    "tutorial.lancer.goal": "Charge the Archer.",
    "tutorial.lancer.done": "The Lancer charged two hexes and hit the Archer.",
    "tutorial.lancer.why.moved": "A plain move does not attack. Use the Lancer's tactic.",
    # --- 18 Light Cavalry ---------------------------------------------------------------------------------
    "tutorial.light_cavalry.title": "Light Cavalry",
    "tutorial.light_cavalry.text": "The Light Cavalry's tactic: move two hexes. Your Light Cavalry is on e3.",
    "tutorial.light_cavalry.goal": "Move your Light Cavalry to g3 in one turn.",
    "tutorial.light_cavalry.done": "Two hexes with one coin.",
    "tutorial.light_cavalry.why.moved": "A plain move goes one hex only. Use the Light Cavalry's tactic.",
    # --- 19 Marshall ----------------------------------------------------------------------------------------
    "tutorial.marshall.title": "Marshall",
    "tutorial.marshall.text": (
        "The Marshall's tactic: a friendly unit within two hexes of it makes a normal attack. Your Swordsman "
        "on e4 stands next to the enemy Archer on e5, but you have no Swordsman coin in hand."
    ),
    "tutorial.marshall.goal": "Make the Archer lose a coin.",
    "tutorial.marshall.done": "The Marshall ordered the attack, paid with the Marshall's coin.",
    "tutorial.marshall.why.moved": "Moving the Marshall does not attack. Use its tactic.",
    # --- 20 Mercenary -------------------------------------------------------------------------------------
    "tutorial.mercenary.title": "Mercenary",
    "tutorial.mercenary.text": (
        "When you recruit a Mercenary coin, your Mercenary on the board may make a maneuver for free. Your "
        "Mercenary stands on d4, a location you do not control, and you hold no Mercenary coin."
    ),
    "tutorial.mercenary.goal": "Take control of d4.",
    "tutorial.mercenary.done": "Recruiting the Mercenary paid for its maneuver too.",
    "tutorial.mercenary.why.other_unit": "Only recruiting a Mercenary gives the free maneuver. Recruit a Mercenary.",
    # --- 21 Pikeman ---------------------------------------------------------------------------------------
    "tutorial.pikeman.title": "Pikeman",
    "tutorial.pikeman.text": (
        "A unit next to a Pikeman that attacks it loses one coin itself. The enemy Pikeman is on e5, next to "
        "your Swordsman on d5; your Crossbowman is on g3, two hexes away in a line over the empty f4."
    ),
    "tutorial.pikeman.goal": "Make the Pikeman lose a coin without losing any of yours.",
    "tutorial.pikeman.done": "Shooting from afar, your units took no hit.",
    "tutorial.pikeman.why.reflex": "The Pikeman struck back: your attacker lost a coin. Attack it from two hexes away.",
    # --- 22 Royal Guard -------------------------------------------------------------------------------------
    "tutorial.royal_guard.title": "Royal Guard",
    "tutorial.royal_guard.text": (
        "Pay with the Royal Coin to move your Royal Guard one or two hexes to a location you control. When "
        "it is attacked you may remove a Royal Guard coin from your supply instead of from it. Your Royal "
        "Guard is on e3, next to your location e2."
    ),
    "tutorial.royal_guard.goal": "Move the Royal Guard to e2 with the Royal Coin.",
    "tutorial.royal_guard.done": "The Royal Coin moved your Royal Guard home.",
    "tutorial.royal_guard.why.passed": "Passing leaves the Royal Guard where it is. Use the Royal Coin's tactic.",
    # --- 23 Scout -------------------------------------------------------------------------------------------
    "tutorial.scout.title": "Scout",
    "tutorial.scout.text": (
        "A Scout may also be deployed on any empty hex next to one of your units, not only on your "
        "locations. Your Swordsman stands on f4, next to the location e5."
    ),
    "tutorial.scout.goal": "Deploy your Scout on e5.",
    "tutorial.scout.done": "The Scout entered right at the front, next to your Swordsman.",
    "tutorial.scout.why.location": "e2 is one of your locations, far from the front. The Scout can deploy next to your Swordsman.",
    # --- 24 Swordsman ---------------------------------------------------------------------------------------
    "tutorial.swordsman.title": "Swordsman",
    "tutorial.swordsman.text": (
        "After a Swordsman attacks, it may move one hex for free. Your Swordsman on f4 stands next to the "
        "enemy Archer on f5."
    ),
    "tutorial.swordsman.goal": "Attack the Archer, then end on e5.",
    "tutorial.swordsman.done": "Attack and step away: the free move came with the attack.",
    "tutorial.swordsman.why.moved": "Moving first spends your coin without an attack. Attack, then take the free move.",
    # --- 25 Warrior Priest --------------------------------------------------------------------------------
    "tutorial.warrior_priest.title": "Warrior Priest",
    "tutorial.warrior_priest.text": (
        "After a Warrior Priest attacks or takes control, you draw a coin from your bag and must play it at "
        "once. Your Priest stands on d4, a location you do not control; your bag holds one Swordsman coin, "
        "and your Swordsman on f4 faces the enemy Archer on f5."
    ),
    "tutorial.warrior_priest.goal": "Take control of d4 and make the Archer lose a coin, both this turn.",
    "tutorial.warrior_priest.done": "The Priest's control drew the Swordsman coin, and the Swordsman used it at once.",
    "tutorial.warrior_priest.why.moved": "A move does not draw a coin. Take control with the Priest.",
    # --- 26 a game against the easy AI --------------------------------------------------------------------
    "tutorial.game.title": "A short game",
    "tutorial.game.text": (
        "Now play on against the easy AI from a game already under way. You have four markers placed and "
        "need two more; your opponent needs three. Press Hint to see what the easy AI would play in your "
        "place."
    ),
    "tutorial.game.goal": "Win the game: place all six of your markers.",
    "tutorial.game.done": "You won your first game of War Chest!",
    # --- 26-29 Nobility (expansions=nobility) ----------------------------------------------------------
    "tutorial.why.enemy_off": "An enemy unit still stands on {hex}.",
    "tutorial.bannerman.title": "Bannerman",
    "tutorial.bannerman.text": (
        "Nobility. After a Bannerman maneuvers, it may move one enemy unit next to it one hex. An enemy "
        "Archer stands on the location e5; your Bannerman is on e3."
    ),
    "tutorial.bannerman.goal": "Push the Archer off e5.",
    "tutorial.bannerman.done": "The Bannerman stepped up and shoved the Archer off the location.",
    "tutorial.bannerman.why.far": "From there the Bannerman is not next to the Archer. Move it to e4, then push.",
    "tutorial.bishop.title": "Bishop",
    "tutorial.bishop.text": (
        "Nobility. The Bishop's tactic recruits a coin, then the Bishop may move or attack. Your Bishop on "
        "e3 stands next to the enemy Archer on f3."
    ),
    "tutorial.bishop.goal": "Recruit a Swordsman and attack the Archer, with one Bishop coin.",
    "tutorial.bishop.done": "One coin: a new Swordsman in your discard and a hit on the Archer.",
    "tutorial.bishop.why.no_recruit": "A plain attack recruits nothing. Use the Bishop's tactic: recruit, then attack.",
    "tutorial.earl.title": "Earl",
    "tutorial.earl.text": (
        "Nobility. The Earl's tactic takes control of its location, then proclaims a Royal Decree without a "
        "seal, even one your side has sealed. Your Earl stands on g3; you sealed Muster already."
    ),
    "tutorial.earl.goal": "Take g3 and muster your Swordsman to h1.",
    "tutorial.earl.done": "Control and a free decree: the Swordsman is home on h1.",
    "tutorial.earl.why.no_decree": "A plain control proclaims nothing. Use the Earl's tactic.",
    "tutorial.herald.title": "Herald",
    "tutorial.herald.text": (
        "Nobility. The Herald's tactic bolsters one of your units of a single coin next to it, from your "
        "supply. Your Swordsman on e4 is next to your Herald on e3."
    ),
    "tutorial.herald.goal": "Give your Swordsman a second coin.",
    "tutorial.herald.done": "The Herald called up a second Swordsman coin.",
    "tutorial.herald.why.moved": "Moving the Herald does not bolster. Use its tactic on e4.",
    # --- 30-33 Siege (expansions=siege) ----------------------------------------------------------------
    "tutorial.why.fort_on": "There is no fort on {hex}.",
    "tutorial.sapper.title": "Sapper",
    "tutorial.sapper.text": (
        "Siege. When a Sapper moves onto a location without a fort, it may build one there. A fort shields "
        "the unit in it, and the other side may not enter your location while it stands. Your Sapper is on f3, "
        "next to the empty location g3."
    ),
    "tutorial.sapper.goal": "Build a fort on g3.",
    "tutorial.sapper.done": "The Sapper dug in: g3 has a fort now.",
    "tutorial.sapper.why.not_location": "f4 is not a location: a Sapper builds forts only on locations. Try g3.",
    "tutorial.siege_tower.title": "Siege Tower",
    "tutorial.siege_tower.text": (
        "Siege. The Siege Tower's siege tactic, used only while it is bolstered, attacks twice. Your bolstered "
        "Siege Tower on e4 has an enemy Swordsman on f4 and an enemy Archer on d5 next to it."
    ),
    "tutorial.siege_tower.goal": "Hit both the Swordsman and the Archer with one Siege Tower coin.",
    "tutorial.siege_tower.done": "Two attacks for one coin: both enemies are hit.",
    "tutorial.siege_tower.why.once": "A plain attack hits once. Use the Siege Tower's tactic, then attack again.",
    "tutorial.trebuchet.title": "Trebuchet",
    "tutorial.trebuchet.text": (
        "Siege. The Trebuchet cannot make normal attacks; its siege tactic, used only while it is bolstered, "
        "hits a unit 2 or 3 hexes away in a straight line, over anything between. An enemy Archer stands on "
        "e6, behind your Footman on e5."
    ),
    "tutorial.trebuchet.goal": "Hit the Archer.",
    "tutorial.trebuchet.done": "The stone flew over your Footman and hit the Archer.",
    "tutorial.trebuchet.why.moved": "Moving does not attack. The Trebuchet's tactic reaches e6 from e4.",
    "tutorial.war_wagon.title": "War Wagon",
    "tutorial.war_wagon.text": (
        "Siege. The War Wagon's siege tactic, used only while it is bolstered, pushes a friendly unit next to "
        "it one hex straight on and moves into the hex it left. Your Swordsman on e4 stands between your War "
        "Wagon on e3 and the location e5."
    ),
    "tutorial.war_wagon.goal": "Put the Swordsman on e5 and the War Wagon on e4.",
    "tutorial.war_wagon.done": "The wagon rolled forward and drove the Swordsman onto the location.",
    "tutorial.war_wagon.why.moved": "A plain move only moves the Wagon. Use its tactic to push the Swordsman.",
}
