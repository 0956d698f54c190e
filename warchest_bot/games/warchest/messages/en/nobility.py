"""English messages: the Nobility expansion (docs/war-chest-expansions.md): its four units' names and card
texts (the English is the engine's unit catalogue, as for the base units), their rules guide pages, the
Royal Decrees, the proclamation in menus, pictures and alt text, and the ``expansions`` option."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the Royal Decrees -------------------------------------------------------------------------------------
    "decree.wc.muster.name": "Muster",
    "decree.wc.muster.text": "One of your units moves to an empty location your team controls",
    "decree.wc.sally.name": "Sally",
    "decree.wc.sally.text": "One of your units on a location your team controls attacks",
    "decree.wc.levy.name": "Levy",
    "decree.wc.levy.text": "An eliminated coin of one of your units returns to your supply",
    "bot.kind.proclaim": "Proclaim a decree",
    "picture.last.proclaim": "{player} proclaimed the {decree} decree",
    "picture.wc.decrees": "Decrees",
    "picture.wc.decree_sealed": "{decree}: sealed by {teams}",
    "alt.wc.decrees": "Royal Decrees: {decrees}.",
    "alt.wc.decree": "{decree} ({text})",
    "alt.wc.decree_sealed": "{decree}, sealed by {teams} ({text})",
    "error.bad_expansions": "The expansions can be: {choices}.",
    # --- the rules guide ---------------------------------------------------------------------------------------
    "rules.warchest.name.Bn": "Bannerman",
    "rules.warchest.name.Bi": "Bishop",
    "rules.warchest.name.Ea": "Earl",
    "rules.warchest.name.He": "Herald",
    "rules.warchest.topic.nobility": "Nobility expansion: its units and the Royal Decrees",
    "rules.warchest.page.nobility": (
        "**Nobility** (the game option `expansions:nobility`)\n"
        "Four more units join the random deal and the draft: **Bannerman** (`Bn`), **Bishop** (`Bi`), "
        "**Earl** (`Ea`) and **Herald** (`He`).\n"
        "**Royal Decrees:** three decrees are dealt face up. On your turn your **Royal Coin** may "
        "**proclaim** one (it goes face up to your discard) and your team places a **seal** on it: your "
        "team cannot proclaim that decree again with the Royal Coin. Its effect is your next decision:\n"
        "- **Muster:** one of your units moves to an empty location your team controls (`move e5-e2`).\n"
        "- **Sally:** one of your units on a location your team controls attacks (`attack e2xe3`).\n"
        "- **Levy:** an eliminated coin of one of your units goes back to your supply (`recruit Sw`).\n"
        "A decree is offered only when it would do something. Example: `RC proclaim levy`.\n"
        "The box has seven decrees; only these three are described by public sources, so only they are "
        "played (the rules reference, docs/war-chest-expansions.md, gives every source)."
    ),
    "rules.warchest.unit.Bn.summary": "attribute: after it maneuvers, may move an adjacent enemy unit one hex.",
    "rules.warchest.unit.Bn": (
        "**Attribute:** after the Bannerman **moves, controls or attacks** (a move ordered by an Ensign "
        "too), you may move **one enemy unit next to it** one hex onto an empty hex, or `decline`. The "
        "whole stack moves; nothing of the moved unit triggers.\n"
        "It has no tactic. If its attack eliminates the only enemy next to it, there is nothing to move.\n"
        "Example: `Bn move e3-e4`, then `move f4-f5`."
    ),
    "rules.warchest.unit.Bi.summary": "tactic: recruit, then it may move or attack; bolstered units cannot attack it.",
    "rules.warchest.unit.Bi": (
        "**Tactic:** **recruit** one coin of any of your units (from your supply to your face-up "
        "discard), then the Bishop may **move** one hex or make a normal **attack**, or `decline`. It "
        "cannot control this way. A recruited Mercenary makes its free maneuver first.\n"
        "**Attribute:** **bolstered** units cannot attack the Bishop (the Knight's rule, reversed): only "
        "units of one coin may.\n"
        "Example: `Bi tactic e3 Sw` (recruit a Swordsman), then `attack e3xf3`."
    ),
    "rules.warchest.unit.Ea.summary": "tactic: controls, then may proclaim a decree with no seal; moves after deploying.",
    "rules.warchest.unit.Ea": (
        "**Tactic:** take **control** of the location the Earl stands on (one your team does not "
        "control), then you may **proclaim** any of the dealt decrees **without placing a seal**, even one "
        "your team has sealed, or `decline`.\n"
        "**Attribute:** after the Earl is **deployed**, it may move one hex onto an empty hex.\n"
        "Example: `Ea tactic g3`, then `proclaim muster` and its `move`."
    ),
    "rules.warchest.unit.He.summary": "tactic: bolsters a unit of yours next to it; maneuvers after you proclaim.",
    "rules.warchest.unit.He": (
        "**Tactic:** **bolster** one of your units of a single coin **next to the Herald** with a coin "
        "from your supply.\n"
        "**Attribute:** after you **proclaim** a decree (with the Royal Coin or the Earl), once the "
        "decree's effect is done, the Herald may make one **maneuver**: move, control or attack; or "
        "`decline`.\n"
        "Example: `He tactic e3xe4` (bolster the unit on e4)."
    ),
}
