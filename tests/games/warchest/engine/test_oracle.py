"""An independent, deliberately plain re-statement of the turn-start legal actions (rules reference §2,
§3.2, §4.3, §9), checked against the engine on seeded random positions for 2 and 4 players.

The oracle works on axial coordinates computed from hex names (file a..k = q + 5, rank 1..7 = r + 4) and
the location table of the reference, not on the engine's precomputed tables, so a slip in either shows
up as a difference."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.engine import GameState

from .conftest import pos, texts

COINS = {"Ar": 4, "Be": 5, "Ca": 4, "Cr": 5, "En": 5, "Fo": 5, "Kn": 4, "La": 4, "LC": 5, "Ma": 5, "Me": 5}
COINS |= {"Pi": 4, "RG": 5, "Sc": 5, "Sw": 5, "WP": 4}
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
NEUTRAL = [(-3, 2), (-2, 0), (-1, 1), (1, -1), (2, 0), (3, -2)]
STARTS = [[(-1, -2), (2, -3)], [(-2, 3), (1, 2)]]
NEUTRAL_4P = [(-5, 3), (5, -3)]
STARTS_4P = [[(-4, 1)], [(4, -1)]]


def coord(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a") - 5, int(name[1]) - 4


def name(c: tuple[int, int]) -> str:
    return f"{'abcdefghijk'[c[0] + 5]}{c[1] + 4}"


def on_board(c, players):
    q, r = c
    s = -q - r
    if players == 2:
        return max(abs(q), abs(r), abs(s)) <= 3
    return abs(q) <= 5 and abs(r) <= 3 and abs(s) <= 3


def dist(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def add(a, d, k=1):
    return a[0] + k * d[0], a[1] + k * d[1]


class Oracle:
    """The legal coin actions of the seat to act, from a plain description of the position."""

    def __init__(self, players, units, board, control, supply, initiative, claimed, royal_guard):
        self.players = players
        self.units = units  # units[seat] = list of codes
        self.board = board  # {coord: (code, height, seat)}
        self.control = control  # {coord: team}
        self.supply = supply  # supply[seat] = {code: n}
        self.initiative = initiative
        self.claimed = claimed
        self.royal_guard = royal_guard
        self.cells = [(q, r) for q in range(-5, 6) for r in range(-3, 4) if on_board((q, r), players)]
        locs = NEUTRAL + STARTS[0] + STARTS[1]
        if players == 4:
            locs += NEUTRAL_4P + STARTS_4P[0] + STARTS_4P[1]
        self.locations = set(locs)

    def team(self, seat):
        return seat % 2

    def empty(self, c):
        return on_board(c, self.players) and c not in self.board

    def enemy(self, c, seat):
        return c in self.board and self.team(self.board[c][2]) != self.team(seat)

    def friend(self, c, seat):
        return c in self.board and self.team(self.board[c][2]) == self.team(seat)

    def attackable(self, c, seat, height):
        return self.enemy(c, seat) and (self.board[c][0] != "Kn" or height >= 2)

    def neighbours(self, c):
        return [add(c, d) for d in DIRS if on_board(add(c, d), self.players)]

    def maneuvers(self, seat, c, prefix):
        code, height, _ = self.board[c]
        out = set()
        for t in self.neighbours(c):
            if self.empty(t):
                out.add(f"{prefix}move {name(c)}-{name(t)}")
            if code not in ("Ar", "La") and self.attackable(t, seat, height):
                out.add(f"{prefix}attack {name(c)}x{name(t)}")
        if c in self.locations and self.control.get(c, -1) != self.team(seat):
            out.add(f"{prefix}control {name(c)}")
        return out

    def two_step(self, c):
        """Empty hexes 2 away through an empty hex."""
        return {
            t
            for m in self.neighbours(c)
            if self.empty(m)
            for t in self.neighbours(m)
            if self.empty(t) and dist(c, t) == 2
        }

    def tactics(self, seat, code, c):
        height = self.board[c][1]
        out = set()
        n = name(c)
        if code == "Ar":
            for t in self.cells:
                if dist(c, t) == 2 and self.attackable(t, seat, height):
                    out.add(f"Ar tactic {n}x{name(t)}")
        elif code == "Cr":
            for d in DIRS:
                if self.empty(add(c, d)) and self.attackable(add(c, d, 2), seat, height):
                    out.add(f"Cr tactic {n}x{name(add(c, d, 2))}")
        elif code == "Ca":
            for t in self.neighbours(c):
                if self.empty(t):
                    for x in self.neighbours(t):
                        if self.attackable(x, seat, height):
                            out.add(f"Ca tactic {n}-{name(t)}x{name(x)}")
        elif code == "La":
            for d in DIRS:
                for k in (1, 2):
                    path_empty = all(self.empty(add(c, d, j)) for j in range(1, k + 1))
                    if path_empty and self.attackable(add(c, d, k + 1), seat, height):
                        out.add(f"La tactic {n}-{name(add(c, d, k))}x{name(add(c, d, k + 1))}")
        elif code == "LC":
            out |= {f"LC tactic {n}-{name(t)}" for t in self.two_step(c)}
        elif code == "En":
            for u in self.cells:
                if u != c and self.friend(u, seat) and dist(c, u) <= 2:
                    for t in self.neighbours(u):
                        if self.empty(t) and dist(c, t) <= 2:
                            out.add(f"En tactic {name(u)}-{name(t)}")
        elif code == "Ma":
            for u in self.cells:
                if (
                    u != c
                    and self.friend(u, seat)
                    and dist(c, u) <= 2
                    and self.board[u][0] not in ("Ar", "La")
                ):
                    for t in self.neighbours(u):
                        if self.attackable(t, seat, self.board[u][1]):
                            out.add(f"Ma tactic {name(u)}x{name(t)}")
        return out

    def legal(self, seat, hand):
        out = set()
        team = self.team(seat)
        where = {}
        for c, (code, _height, _seat) in self.board.items():
            where.setdefault(code, []).append(c)
        for coin in set(hand):
            p = "" if coin == "RC" else f"{coin} "
            if coin != "RC":
                mine = where.get(coin, [])
                if len(mine) < (2 if coin == "Fo" else 1):
                    targets = {c for c in self.locations if self.control.get(c) == team and self.empty(c)}
                    if coin == "Sc":
                        targets |= {
                            t
                            for c in self.board
                            if self.friend(c, seat)
                            for t in self.neighbours(c)
                            if self.empty(t)
                        }
                    out |= {
                        f"Sc deploy {name(t)}" if coin == "Sc" else f"{p}deploy {name(t)}" for t in targets
                    }
                for c in mine:
                    out.add(f"{p}bolster {name(c)}")
                    out |= self.maneuvers(seat, c, p)
                    out |= self.tactics(seat, coin, c)
                if coin == "Fo" and any(self.maneuvers(seat, c, "") for c in mine):
                    out.add("Fo tactic")
            elif "RG" in self.units[seat] and "RG" in where:
                c = where["RG"][0]
                if self.royal_guard == "original":
                    dests = {t for t in self.neighbours(c) if self.empty(t)}
                else:
                    dests = {t for t in self.neighbours(c) if self.empty(t)} | self.two_step(c)
                    dests = {t for t in dests if t in self.locations and self.control.get(t) == team}
                out |= {f"RC tactic {name(c)}-{name(t)}" for t in dests}
            if not self.claimed and self.team(self.initiative) != team:
                out.add(f"{coin} claim")
            for u in self.units[seat]:
                if self.supply[seat].get(u, 0):
                    out.add(f"{coin} recruit {u}")
            out.add(f"{coin} pass")
        return out


def random_position(rng: random.Random, players: int) -> tuple[GameState, Oracle]:
    per = 4 if players == 2 else 3
    pool = list(COINS)
    rng.shuffle(pool)
    units = [pool[s * per : (s + 1) * per] for s in range(players)]
    cells = [(q, r) for q in range(-5, 6) for r in range(-3, 4) if on_board((q, r), players)]
    # crowd the units around a random centre so that they meet: attacks, blocked paths, Knights...
    centre = rng.choice(cells)
    cells.sort(key=lambda c: -(dist(c, centre) + rng.random() * 2.5))
    board: dict = {}
    kw: dict = {}
    used = {code: 0 for code in COINS}
    for s in range(players):
        seat_board = {}
        for code in units[s]:
            for _ in range(2 if code == "Fo" else 1):
                h = min(rng.choice((1, 1, 2, 3)), COINS[code] - used[code])
                if h and rng.random() < 0.6:
                    c = cells.pop()
                    board[c] = (code, h, s)
                    seat_board[name(c)] = [code, h]
                    used[code] += h
        kw[f"board{s}"] = seat_board
        kw[f"units{s}"] = units[s]
    control = {}
    locs = (
        NEUTRAL + STARTS[0] + STARTS[1] + (NEUTRAL_4P + STARTS_4P[0] + STARTS_4P[1] if players == 4 else [])
    )
    limit = 5 if players == 2 else 7
    for c in locs:
        team = rng.choice((-1, -1, 0, 1))
        if team >= 0 and sum(1 for t in control.values() if t == team) < limit:
            control[c] = team
    supply = []
    for s in range(players):
        hand = ["RC"] if rng.random() < 0.5 else []
        bag = [] if hand else ["RC"]
        sup = {}
        for code in units[s]:
            left = COINS[code] - used[code]
            k = rng.randint(0, min(left, 3 - len(hand)))
            hand += [code] * k
            left -= k
            sup[code] = rng.randint(0, left)
        supply.append({c: n for c, n in sup.items() if n})
        kw[f"hand{s}"], kw[f"bag{s}"], kw[f"supply{s}"] = hand, bag, supply[s]
    initiative = rng.randrange(players)
    turn = rng.choice([s for s in range(players) if kw[f"hand{s}"]] or [0])
    if not kw[f"hand{turn}"]:
        kw[f"hand{turn}"], kw[f"bag{turn}"] = ["RC"], []
    claimed = rng.random() < 0.3
    royal_guard = rng.choice(("revised", "original"))
    g = pos(
        players,
        control={name(c): t for c, t in control.items()},
        initiative=initiative,
        claimed=claimed,
        turn=turn,
        royal_guard=royal_guard,
        **kw,
    )
    oracle = Oracle(players, units, board, control, supply, initiative, claimed, royal_guard)
    return g, oracle


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_engine_agrees_with_the_oracle_on_random_positions(players):
    rng = random.Random(20240 + players)
    for _ in range(1500):
        g, oracle = random_position(rng, players)
        assert texts(g) == expected_now(g) == oracle.legal(g.turn, _hand(g)), g.to_json()


def _hand(g: GameState) -> list[str]:
    return [
        "RC" if c == "Royal" else next(k for k in COINS if _name(k) == c)
        for c in g.to_json()["seats"][g.turn]["hand"]
    ]


def _name(code):
    from warchest_bot.games.warchest.engine import lookup_unit, unit_name

    return unit_name(lookup_unit(code))


# ------------------------------------------------------------------------------ whole games, follow-ups
def oracle_of(g: GameState) -> tuple[Oracle, dict]:
    """An oracle for any position, read from its public JSON form."""
    data = g.to_json()
    code = {_name(k): k for k in COINS} | {"Royal": "RC"}
    units = [[code[u] for u in sd["units"]] for sd in data["seats"]]
    owner = {u: s for s in range(g.num_players) for u in units[s]}
    board = {coord(h): (code[u], n, owner[code[u]]) for h, (u, n) in data["board"].items()}
    control = {coord(h): t for h, t in data["control"].items()}
    supply = [{code[u]: n for u, n in sd["supply"].items()} for sd in data["seats"]]
    init = data["initiative"]
    oracle = Oracle(
        g.num_players,
        units,
        board,
        control,
        supply,
        init["seat"],
        init["claimed"],
        data["options"]["royal_guard"],
    )
    return oracle, data


def expected_now(g: GameState) -> set[str]:
    oracle, data = oracle_of(g)
    code = {_name(k): k for k in COINS} | {"Royal": "RC"}
    if not data["pending"]:
        return oracle.legal(g.turn, [code[c] for c in data["seats"][g.turn]["hand"]])
    p = data["pending"][-1]
    seat, kind = p["seat"], p["kind"]
    if kind == "priest":
        return oracle.legal(seat, [code[p["coin"]]])
    if kind == "soak":
        return {"soak", "decline"}
    c = coord(p["hex"]) if "hex" in p else None
    if kind == "sword":
        return {f"move {name(c)}-{name(t)}" for t in oracle.neighbours(c) if oracle.empty(t)} | {"decline"}
    if kind == "merc":
        return oracle.maneuvers(seat, c, "") | {"decline"}
    if kind == "berserk":
        unit, height, s = oracle.board[c]
        oracle.board[c] = (unit, height - 1, s)  # the chain cost is paid before the maneuver
        return oracle.maneuvers(seat, c, "") | {"decline"}
    if kind == "footman":
        out = set()
        for h in p["hexes"]:
            if oracle.board.get(coord(h), ("",))[0] == "Fo":
                out |= oracle.maneuvers(seat, coord(h), "")
        return out | ({"decline"} if p.get("done") else set())
    raise AssertionError(kind)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_engine_agrees_with_the_oracle_through_random_games(players):
    from warchest_bot.games.warchest.engine import Options

    rng = random.Random(7 + players)
    seen: set[str] = set()
    for game in range(24):
        g = GameState.new(Options(players=players, units="random", max_rounds=40, seed=1000 * players + game))
        while not g.is_terminal():
            assert texts(g) == expected_now(g), g.to_json()
            if g.pending:
                seen.add(g.pending[-1].kind)
            actions = g.legal_actions()
            # prefer actions that change the board, so games get crowded and eventful
            busy = [a for a in actions if a.kind not in ("pass", "recruit", "claim")]
            g.apply(rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(actions))
    assert len(seen) >= 4, seen  # the games did reach follow-up decisions
