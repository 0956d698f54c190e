"""English messages: the Siege expansion (docs/war-chest-expansions.md): the rules guide's pages for the
expansion and its four units, and the forts in pictures and alt text. (The units' names and card texts
are in ``pictures``, with every unit's.)"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- forts in pictures and alt text ------------------------------------------------------------------------
    "alt.wc.forts": "Forts on {hexes}.",
    "alt.wc.no_forts": "No forts on the board.",
    "picture.last.fortify": "{player}'s Sapper built a fort on {hex}",
    # --- the rules guide ---------------------------------------------------------------------------------------
    "rules.warchest.name.Sp": "Sapper",
    "rules.warchest.name.ST": "Siege Tower",
    "rules.warchest.name.Tr": "Trebuchet",
    "rules.warchest.name.WW": "War Wagon",
    "rules.warchest.topic.siege": "Siege expansion: its units and the forts",
    "rules.warchest.page.siege": (
        "**Siege** (the game option `expansions:siege`)\n"
        "Four more units join the random deal and the draft: **Sapper** (`Sp`), **Siege Tower** (`ST`), "
        "**Trebuchet** (`Tr`) and **War Wagon** (`WW`).\n"
        "**Forts:** at setup four forts are placed on locations, in pairs facing each other across the "
        "board (the box has seven fort coins). A unit **may not enter** a location the other team "
        "controls while it has a fort, and **may not attack** an enemy unit in a fort: attack the "
        "**fort** first, as you would attack a unit (any attack may); one hit destroys it. No ability of "
        "the unit inside applies to that hit. A neutral fort may be entered, and shields whoever stands in "
        "it.\n"
        "**Siege tactics** (Siege Tower, Trebuchet, War Wagon) can be used only while the unit is "
        "**bolstered**.\n"
        "The box's six map cards are not public: the bot draws the forts' pairs at random (the rules "
        "reference, docs/war-chest-expansions.md, gives every source)."
    ),
    "rules.warchest.unit.Sp.summary": "tactic: moves, then attacks a fort; builds forts on locations it enters.",
    "rules.warchest.unit.Sp": (
        "**Tactic:** move one hex, then **attack a fort** next to it (`Sp tactic f3-e4xe5`).\n"
        "**Attribute:** when the Sapper **moves onto a location without a fort**, you may **build** one "
        "there from the unused fort coins (`fortify g3`), or `decline`.\n"
        "Example: `Sp move f3-g3`, then `fortify g3`."
    ),
    "rules.warchest.unit.ST.summary": "siege tactic: attacks twice; may be bolstered when deployed.",
    "rules.warchest.unit.ST": (
        "**Siege tactic** (only while bolstered): make a normal **attack**, then a **second** one, at the "
        "same unit or another, or `decline` (`ST tactic e4xf4`, then `attack e4xd5`).\n"
        "**Attribute:** when the Siege Tower is **deployed**, you may **bolster** it at once with a coin "
        "from your supply (`bolster e2`), or `decline`."
    ),
    "rules.warchest.unit.Tr.summary": "siege tactic: attacks 2-3 hexes away in a line; no normal attack.",
    "rules.warchest.unit.Tr": (
        "**Siege tactic** (only while bolstered): attack an enemy unit (or fort) **2 or 3 hexes away in a "
        "straight line**, whatever stands between (`Tr tactic e4xe7`).\n"
        "**Restriction:** it cannot make normal attacks."
    ),
    "rules.warchest.unit.WW.summary": "siege tactic: pushes a friend on and takes its hex; takes hits for neighbours.",
    "rules.warchest.unit.WW": (
        "**Siege tactic** (only while bolstered): **push** a friendly unit next to the War Wagon one hex "
        "straight on, away from it, and move the Wagon into the hex it left (`WW tactic e4-f4-g4`).\n"
        "**Attribute:** when one of your units **next to the War Wagon** is attacked, a War Wagon coin "
        "may **take the hit** instead (`soak e4`, the Wagon's hex), or `decline`."
    ),
}
