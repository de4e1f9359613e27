"""Walnut Grove bots at three levels, deciding from the seat's view alone (``BotInput``).

Every level starts from ``determinize(view)``: a full state whose hidden part (other barns'
coins, the coin bag, the disc order) is drawn from what the seat has not seen, so nothing a
policy does can depend on a secret, and the same input always gives the same move.

* ``random``: the seeded random bot of the playout tests (``bot_move``), on that state.
* ``basic``: one ply of look-ahead, and the planned spring below. Each candidate move is applied with the game's own ``play``
  (a listed fall turn or summer placement by the same rules code, its shape not checked again)
  and the seat's position judged by ``worth``: its score as it would count now (coins at face
  value) plus what its goods, labourers and cabins are still worth — a good that feeds or heats
  this winter is worth a help tile's two points, a spare one much less. So it feeds and heats its
  people, pays tolls with coppers (a toll paid with a help tile counts ``HELP_TOLL`` more than
  its two points), sells surplus, buys upgrades and cabins when it can pay. Its spring is
  ``strong``'s (issue 38: with the one-tile-at-a-time spring four ``basic`` farms enclosed
  little, and short of wood a seat in twelve finished below zero).
* ``strong``: flat Monte Carlo. The best few moves by ``basic``'s judgement are each played out
  to the end of the year (every seat playing a quick version of ``basic``, chance drawn from the
  seeded generator) over several determinisations, and judged by ``worth`` against the best
  opponent. The same determinisations serve every candidate, so differences are the moves'.
  Bounded by a fixed number of rollouts, never by the clock. Its own judgement plans ahead
  where ``basic`` looks at the year: its spring (``basic``'s too) tries every placement of every
  drawn tile and counts what the open fences may still enclose (``enclosures.outlook``;
  enclosures are most of a winner's points; the rollouts' quick ``basic`` keeps the cheap
  spring; ``strong`` reads an open area's chance of closing from the tiles still in the bag and
  the draws left, ``enclosures.bag_outlook``, where ``basic`` keeps a fixed table), spare wood counts toward the winters after this one (``wood_deficit``),
  and Surveyor's Chain counts the enclosures the tiles still to come should add. A fall choice
  is judged once the seats after it this fall have moved as ``basic`` would (``finish_fall``:
  next year's street is the one they leave).

Spring and summer moves are built directly (listing every spring placement costs far more
than picking one), always in the spelling ``legal_moves`` lists.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import islice

from domain.errors import IllegalMove
from domain.games.game import CHANCE, BotInput
from domain.games.walnut_grove.components import (
    COIN_VALUES,
    COLOUR_FOOD,
    FOODS,
    GOODS,
    LABOURERS,
    LANDSCAPE_GOOD,
    ROTATIONS,
    START_BUILDINGS,
    UPGRADES,
    YEAR_DISCS,
    YEARS,
)
from domain.games.walnut_grove.determinize import determinize
from domain.games.walnut_grove.enclosures import bag_outlook_of, fence_counts, outlook_of
from domain.games.walnut_grove.fall import fall_turn_outcomes, take_listed_fall_turn
from domain.games.walnut_grove.farm import (
    Area,
    areas_of,
    cells_of,
    farm_areas,
    farm_cells,
    open_cells,
    rotated_tile,
)
from domain.games.walnut_grove.free_actions import listed_help_return_outcome, return_listed_help_tile
from domain.games.walnut_grove.holdings import free_barn_slots, owned_goods
from domain.games.walnut_grove.legal import (
    fall_destinations,
    fall_move,
    fall_moves,
    free_action_moves,
    help_return_moves,
    legal_moves,
    overflow_moves,
    summer_move,
)
from domain.games.walnut_grove.rules import chance, play, resolve_chance, to_act
from domain.games.walnut_grove.scoring import HELP_PENALTY, upgrade_points
from domain.games.walnut_grove.spring import keep_count
from domain.games.walnut_grove.state import Player, WalnutGroveState
from domain.games.walnut_grove.summer import figures, listed_figures_outcome
from domain.games.walnut_grove.winter import winter_needs

Move = dict
_GOOD_SET = frozenset(GOODS)
LANDSCAPE_LETTER = {good: letter for letter, good in LANDSCAPE_GOOD.items()}
FREE_ACTION_CHANCE = 0.05
PASS_CHANCE = 0.05
HELPFUL = ("move_goods_to_barn", "return_neighbour_help_tile")

#: a good that covers this winter's food or wood saves a help tile (2 VP) and its flip.
NEEDED_GOOD = 2.3
#: strong (``plan``): a good this winter needs counts more, as a help tile taken for a missing
#: one costs its two points and flips the returnable tile before it (issue 38).
NEEDED_GOOD_PLAN = 3.0
#: a spare good: worth something for later winters, stores and upgrades.
SPARE_GOOD = {"grain": 0.45, "fish": 0.45, "dairy": 0.45, "wood": 0.6, "stone": 0.5}
#: a toll paid with a help tile costs more than its two points: the next tile flips it (it can
#: no longer be given back), and the winters still to come may need that room (issue 38).
HELP_TOLL = 1.5
#: the expected face value of a coin drawn from the bag, and what holding one is worth beyond it.
COIN_DRAW = 1.2
COIN_USE = 0.35
#: strong search: candidates kept from basic's ranking, determinisations per candidate.
CANDIDATES = {"summer": 4, "fall": 6}
ROLLOUTS = {"summer": 3, "fall": 1}
#: how much of next year's best fall move a fall choice is credited with.
LOOKAHEAD = 0.7
#: the quick rollout policy judges this many fall moves (plus passing).
QUICK_FALL_SAMPLE = 10
#: tiles every farm holds at the end (10 with the spec's discs: 2 + 1 + 1 + 1 a pile).
TILES_PLACED = 10
#: strong's spring: what a unit of production (an area's size, wanted goods twice) is worth.
PLAN_PRODUCTION = 0.6
#: strong: a spare wood the winters ahead will need (beyond the forest's yield) is worth this.
WOOD_AHEAD = 1.8
#: strong: the enclosed areas each tile still to come is expected to add (Surveyor's Chain).
ENCLOSURES_AHEAD = 0.6
#: the share of the largest forest's size a summer is expected to yield for those winters.
FOREST_YIELD = 0.8


# --- random -------------------------------------------------------------------------------


def bot_move(state: WalnutGroveState, seat: int, rng: random.Random) -> dict:
    """The ``random`` level on a state (used by the playout tests and benchmarks)."""
    if seat not in to_act(state):
        options = [m for m in legal_moves(state, seat) if m["type"] in HELPFUL] or legal_moves(state, seat)
        if not options:
            raise IllegalMove("WG-G07", f"seat {seat} has nothing to do now")
        return rng.choice(options)
    player = state.player(seat)
    if state.phase != "setup_start_choice" and rng.random() < FREE_ACTION_CHANCE:
        helpful = [m for m in free_action_moves(player) if m["type"] in HELPFUL]
        if helpful:
            return rng.choice(helpful)
    if state.phase == "spring":
        return _spring(state, seat, rng)
    if state.phase == "summer":
        return _summer(player, rng)
    if state.phase == "fall":
        if state.overflow:
            return rng.choice(overflow_moves(player, state.overflow))
        options = fall_moves(state, seat)
        if options and rng.random() >= PASS_CHANCE:
            return rng.choices(options, weights=[_fall_weight(player, m) for m in options])[0]
        return {"type": "pass_fall_turn"}
    if state.phase == "winter":
        return {"type": "resolve_winter"}
    if state.phase == "final_adjustments":
        returns = help_return_moves(player)
        return rng.choice(returns) if returns else {"type": "confirm_final_scoring"}
    return {"type": "choose_start_building", "building": rng.choice(START_BUILDINGS)}


#: (cell step, this cell's two quadrants on that side, the neighbour's facing quadrants).
_SIDES = (
    ((0, 1), (0, 1), (3, 2)),
    ((0, -1), (3, 2), (0, 1)),
    ((1, 0), (1, 2), (0, 3)),
    ((-1, 0), (0, 3), (1, 2)),
)


def _spring(state: WalnutGroveState, seat: int, rng: random.Random, weight: dict | None = None) -> dict:
    """Place tiles where their landscapes continue the neighbours' (growing wanted areas)."""
    player = state.player(seat)
    cells = dict(farm_cells(player.board, player.tiles))
    if weight is None:
        weight = {LANDSCAPE_LETTER[g]: (2.0 if g in _wanted(player) else 1.0) for g in LANDSCAPE_LETTER}
    placements, left, taken = [], list(player.drawn), frozenset()
    for _ in range(keep_count(state, player)):
        best, best_score = None, -1.0
        for tile in left:
            for x, y in open_cells(player.board, player.tiles, taken):
                for rotation in ROTATIONS:
                    types = rotated_tile(tile, rotation).types
                    score = rng.random()
                    for (dx, dy), mine, theirs in _SIDES:
                        other = cells.get((x + dx, y + dy))
                        if other is not None:
                            score += sum(
                                weight[types[a]] for a, b in zip(mine, theirs) if types[a] == other.types[b]
                            )
                    if score > best_score:
                        best, best_score = (tile, x, y, rotation), score
        tile, x, y, rotation = best
        left.remove(tile)
        taken |= {(x, y)}
        cells[(x, y)] = rotated_tile(tile, rotation)
        placements.append({"tile_id": tile, "x": x, "y": y, "rotation": rotation})
    return {"type": "place_landscape_tiles", "placements": placements}


def _wanted(player: Player) -> set[str]:
    return {"wood"} | {COLOUR_FOOD[LABOURERS[lab]] for lab in player.active + player.pending}


def _summer(player: Player, rng: random.Random) -> dict:
    areas = list(farm_areas(player.board, player.tiles))
    wanted = _wanted(player)

    def value(area: Area) -> float:
        return area.size * (1.6 if area.good in wanted else 0.8) + rng.random()

    best = sorted(range(len(areas)), key=lambda i: -value(areas[i]))[: len(figures(player))]
    return summer_move(player, tuple(areas[i] for i in sorted(best)))


def _fall_weight(player: Player, move: dict) -> float:
    weight = {"sell": 4.0, "goods": 2.0, "labourer_id": 1.5, "building_tile_id": 1.5, "upgrade_id": 2.0}
    kind = next(k for k in weight if k in move)
    value = weight[kind]
    if kind == "goods":
        value *= 1 + sum(good in _wanted(player) for good in move["goods"])
    return value * 0.1 ** move["tolls"].count("help")


# --- judging a position -------------------------------------------------------------------


def _summers_left(state: WalnutGroveState) -> int:
    """Summers still to come in which today's figures produce."""
    return _summers_left_in(state.phase, state.year)


def _summers_left_in(phase: str, year: int) -> int:
    """``_summers_left`` of a state in ``phase`` and ``year`` (a candidate's outcome has no state)."""
    if phase in ("final_adjustments", "ended"):
        return 0
    this_year = 1 if phase in ("setup", "setup_start_choice", "spring", "summer") else 0
    return max(0, YEARS - max(year, 1)) + this_year


def _winter_due(state: WalnutGroveState, player: Player) -> bool:
    return bool(state.disc) and (
        state.phase in ("spring", "summer", "fall") or (state.phase == "winter" and not player.done)
    )


def goods_worth(state: WalnutGroveState, player: Player, plan: bool = False) -> float:
    """What the goods held are still worth: this winter's bill first, spares at a lower rate.

    With ``plan`` (strong), spare wood also counts toward the winters after this one."""
    if state.phase in ("final_adjustments", "ended"):
        return 0.0
    return _goods_value(owned_goods(player), _goods_terms(state, player, plan))


#: what ``_goods_value`` reads besides the goods: (need, rate per good, help-tile rate,
#: wood deficit); a summer judges many stores against the same terms (issue 39).
GoodsTerms = tuple


def _goods_terms(state: WalnutGroveState, player: Player, plan: bool) -> GoodsTerms:
    """The terms of ``goods_worth`` that do not depend on the goods held: this winter's bill, the
    rate of a spare of each good and (``plan``) the wood the later winters will lack. The same for
    most candidates a decision plays, so kept per what they read (issue 39)."""
    return _goods_terms_in(state, state.phase, player, plan)


def _goods_terms_in(state: WalnutGroveState, phase: str, player: Player, plan: bool) -> GoodsTerms:
    """``_goods_terms`` in ``phase`` (the state's year, disc and discs). The candidates of one
    decision judge players that share the seat's labourers, cabins and farm (the same tuples), so
    the last terms are kept by the identity of what they read and the caches' keys are built only
    when one of them changed (issue 39); ``_terms`` keeps them by value."""
    last = _last_terms[0]
    if (
        last is not None and last[0] is state and last[1] is player.active and last[2] is player.pending
        and last[3] is player.cabins and last[4] is player.tiles and last[5] == phase
        and last[6] == player.done and last[7] == plan and last[8] == player.board
    ):
        return last[9]
    if plan:
        terms = _terms(
            phase, state.year, state.disc, player.done, _colours(player.active), _colours(player.pending),
            len(player.cabins), (state.discs, player.board, player.tiles),
        )
    else:  # by what they read: the summer's and the fall's candidates, done or not, share them
        due = bool(state.disc) and (phase in ("spring", "summer", "fall") or (phase == "winter" and not player.done))
        later = _summers_left_in(phase, state.year) > 0 or phase == "fall"
        terms = _basic_terms(
            state.disc if due else "", later, _colours(player.active), _colours(player.pending), len(player.cabins)
        )
    # one tuple swapped in whole: a reader sees the key and its terms together
    _last_terms[0] = (state, player.active, player.pending, player.cabins, player.tiles, phase,
                      player.done, plan, player.board, terms)
    return terms


#: the last ``_goods_terms_in`` asked and answered (``None`` at first): see there.
_last_terms: list = [None]


@lru_cache(maxsize=256)
def _colours(labourers: tuple[str, ...]) -> tuple[str, ...]:
    """The labourers' colours, sorted: all of them ``_terms_of`` reads (issue 39: keyed by the
    labourers themselves, every hire a fall weighs missed the cache, five times a decision)."""
    return tuple(sorted(LABOURERS[lab] for lab in labourers))


#: a labourer of each colour, to build a player holding labourers of given colours.
_LABOURER_OF = {colour: lab for lab, colour in sorted(LABOURERS.items())}


@lru_cache(maxsize=1024)
def _terms(
    phase: str, year: int, disc: str, done: bool, active: tuple, pending: tuple, cabins: int,
    planned: tuple | None,
) -> GoodsTerms:
    """``_goods_terms`` from exactly what it reads: the labourers' colours (``active``,
    ``pending``) and the number of cabins, a state and player built of them."""
    state = WalnutGroveState(
        players=(), phase=phase, year=year, disc=disc, discs=planned[0] if planned else ()
    )
    player = Player(done=done, active=tuple(_LABOURER_OF[c] for c in active),
                    pending=tuple(_LABOURER_OF[c] for c in pending), cabins=("",) * cabins,
                    board=planned[1] if planned else "", tiles=planned[2] if planned else ())
    return _terms_of(state, player, planned is not None)


@lru_cache(maxsize=1024)
def _basic_terms(due: str, later: bool, active: tuple, pending: tuple, cabins: int) -> GoodsTerms:
    """``_terms_of`` without ``plan``, from exactly what it reads and computed directly: the disc
    whose winter is still due (``""``: none), whether a summer or this fall is still to come, the
    labourers' colours and the number of cabins. Keyed by these alone, a summer's and a fall's
    candidates (done or not, summer or fall after them) meet the same terms (issue 39: every
    decision built a state and a player for two or three of them);
    ``test_walnut_grove_judgement.py`` holds them to ``_terms_of`` of the players themselves."""
    need = dict.fromkeys(GOODS, 0)
    if due:
        disc = YEAR_DISCS[due]
        for colour in active:  # winter_needs: what each active labourer eats
            need[COLOUR_FOOD[colour]] += 2 if colour == disc.double_eater else 1
        need["wood"] += disc.fires + max(0, len(active) - cabins)
    rates = {}
    for good in SPARE_GOOD:
        rate = SPARE_GOOD[good] if later else SPARE_GOOD[good] * 0.5
        if good in FOODS and any(COLOUR_FOOD[colour] == good for colour in active + pending):
            rate += 0.25
        rates[good] = rate
    return need, rates, NEEDED_GOOD, None


def _terms_of(state: WalnutGroveState, player: Player, plan: bool) -> GoodsTerms:
    """``_goods_terms`` computed afresh from the state and player themselves."""
    need = Counter()
    if _winter_due(state, player):
        needs = winter_needs(state, player)
        need.update(needs.food)
        need["wood"] += needs.wood
    later = _summers_left(state) > 0 or state.phase == "fall"
    rates = {}
    for good in SPARE_GOOD:
        rate = SPARE_GOOD[good] if later else SPARE_GOOD[good] * 0.5
        eaters = sum(1 for lab in player.active + player.pending if COLOUR_FOOD[LABOURERS[lab]] == good)
        if good in FOODS and eaters:
            rate += 0.25
        rates[good] = rate
    deficit = wood_deficit(state, player) if plan else None
    # every good's need in a plain dict (a Counter answers a good it lacks through a Python call,
    # and ``_goods_value`` asks for every good held, every candidate: issue 39)
    need = {good: need[good] for good in GOODS}
    return need, rates, NEEDED_GOOD_PLAN if plan else NEEDED_GOOD, deficit


def _goods_value(owned: Mapping[str, int], terms: GoodsTerms) -> float:
    """``goods_worth`` of the goods ``owned`` (summed in the Counter's order, as it always was)."""
    need, rates, needed, deficit = terms
    worth = 0.0
    for good, count in owned.items():
        # the same integers as ``min``/``max`` give, without their calls (every candidate, every
        # good: issue 39); the floats are computed and summed as they always were
        wanted = need[good]
        covered = count if count < wanted else wanted
        spare = count - covered
        rate = rates[good]
        worth += covered * needed + (spare if spare < 6 else 6) * rate + (spare - 6 if spare > 6 else 0) * rate * 0.3
    if deficit is not None:
        spare_wood = max(0, owned.get("wood", 0) - need["wood"])
        worth += min(spare_wood, deficit) * (WOOD_AHEAD - SPARE_GOOD["wood"])
    return worth


def wood_deficit(state: WalnutGroveState, player: Player) -> float:
    """The wood the winters after this one will ask for beyond what the farm's largest forest
    yields in the summers before them: the fires on the discs still face down (their set is
    public) and a wagon's wood for every labourer without a cabin."""
    years = len(state.discs)
    if not years:
        return 0.0
    wagons = max(0, len(player.active) + len(player.pending) - len(player.cabins))
    need = sum(YEAR_DISCS[d].fires for d in state.discs) + wagons * years
    forest = max(a.size for a in farm_areas(player.board, player.tiles) if a.landscape == "F")
    return max(0.0, need - FOREST_YIELD * forest * years)


def worth(state: WalnutGroveState, seat: int, plan: bool = False) -> float:
    """The seat's score as it would count now plus what its holdings are still worth."""
    return _worth(state, state.player(seat), state.phase, _draws(state, seat), plan)


def _draws(state: WalnutGroveState, seat: int) -> int | None:
    """The coins the seat is drawing for a sale (``None``: not drawing), as ``worth`` reads them."""
    draws = state.chance_step == "coins" and state.order[state.cursor] == seat
    return min(state.owed, len(state.coin_bag)) if draws else None


def _worth(
    state: WalnutGroveState, player: Player, phase: str, draws: int | None, plan: bool
) -> float:
    """``worth`` of ``player`` in ``phase``, the seat drawing ``draws`` coins of a sale (``None``:
    not drawing); ``state`` gives only the year and its discs. A candidate's outcome is judged
    without building the state after it (``fall.fall_turn_outcomes``, issue 39)."""
    if not player.board:
        return 0.0
    barn = player.barn
    # the barn read once (issue 39: every candidate of a decision is judged here): its coins, as
    # ``coins(player)`` finds them, and their face values; its goods, then the storage's, counted
    # into a dict in ``owned_counts``' order (the goods' worth is summed in it)
    held, coin_points = 0, 0
    owned: dict[str, int] = {}
    for item in barn:
        if item in _GOOD_SET:
            owned[item] = owned.get(item, 0) + 1
        elif item in COIN_VALUES:
            held += 1
            coin_points += COIN_VALUES[item]
    for _, good in player.storage:
        owned[good] = owned.get(good, 0) + 1
    upgrades = player.upgrades
    points = [_upgrade_points(player, u, owned) for _, u in upgrades] if upgrades else []
    total = float(  # ``_score(player, coins(player), points)``: the same integers, added up
        coin_points + len(player.active) + len(player.pending) + len(player.cabins) + len(player.barn_tiles)
        + _enclosed_of(player.board, player.tiles) + sum(points)
        + HELP_PENALTY * (player.help_flipped + player.help_returnable)
    )
    if phase == "ended":
        return total
    left = _summers_left_in(phase, state.year)
    if phase != "final_adjustments":  # goods_worth(state, player, plan), its goods counted once
        total += _goods_value(owned, _goods_terms_in(state, phase, player, plan))
    total += COIN_USE * (held if held < 3 else 3)
    if draws is not None:
        total += draws * (COIN_DRAW + COIN_USE)
    labourers = len(player.active) + len(player.pending)
    total += 0.2 * labourers * left
    total += 0.5 * min(len(player.cabins), labourers) * left
    total += 0.25 * barn.count("")  # free_barn_slots(player)
    for (_, upgrade), now in zip(upgrades, points):
        effect = UPGRADES[upgrade].effect
        if effect.startswith("owned:"):
            total += 0.5 * min(5 - now, left + 1)
        elif plan and effect == "per_enclosure":
            total += UPGRADES[upgrade].value * ENCLOSURES_AHEAD * max(0, TILES_PLACED - len(player.tiles))
    if player.help_returnable and sum(owned.values()) >= 3:
        total += 0.5  # a returnable tile may still be given back
    return total


def _upgrade_points(player: Player, upgrade: str, owned: Mapping[str, int]) -> int:
    """``scoring.upgrade_points``, the goods read from ``owned`` (``owned_counts(player)``, which
    ``worth`` has counted already) for the effects that count goods: ``worth`` scores an upgrade
    and weighs its room to grow with the same points (issue 39)."""
    effect = UPGRADES[upgrade].effect
    if effect.startswith("owned:"):
        return min(UPGRADES[upgrade].value, owned.get(effect[6:], 0))
    if effect == "half_goods":
        return sum(owned.values()) // 2
    return upgrade_points(player, upgrade)


def _score(player: Player, held: list[str], points: list[int] | None = None) -> int:
    """``sum(breakdown(player, reveal_coins=True).values())``, its coins ``held`` read once and
    the enclosures once per farm: ``worth`` asks it of every candidate a decision plays (issue 39).
    ``points``: each upgrade's, when the caller has them."""
    if points is None:
        points = [upgrade_points(player, u) for _, u in player.upgrades]
    return (
        sum([COIN_VALUES[c] for c in held])
        + len(player.active) + len(player.pending)
        + len(player.cabins) + len(player.barn_tiles)
        + _enclosed_of(player.board, player.tiles)
        + sum(points)
        + HELP_PENALTY * (player.help_flipped + player.help_returnable)  # every_tile(player)
    )


@lru_cache(maxsize=1024)
def _enclosed(board: str, tiles: tuple) -> int:
    """``breakdown``'s enclosures: the sizes of the farm's enclosed areas."""
    return sum(a.size for a in farm_areas(board, tiles) if a.enclosed)


def _enclosed_of(board: str, tiles: tuple) -> int:
    """``_enclosed``, the last farm's kept by the identity of its tiles: every candidate of a
    decision scores the seat's farm, and the cache's key hashes all its placements (issue 39)."""
    last = _last_enclosed[0]
    if last[1] is tiles and last[0] == board:
        return last[2]
    value = _enclosed(board, tiles)
    _last_enclosed[0] = (board, tiles, value)  # swapped in whole, key and value together
    return value


#: the last farm ``_enclosed_of`` counted: (board, tiles, enclosed points).
_last_enclosed: list = [("", None, 0)]


def margin(state: WalnutGroveState, seat: int) -> float:
    """``worth`` against the best opponent's: what a search maximises to win."""
    mine = worth(state, seat)
    others = [worth(state, s) for s in range(state.n) if s != seat]
    return mine - max(others) if others else mine


# --- basic --------------------------------------------------------------------------------


def _after(state: WalnutGroveState, seat: int, move: Move) -> WalnutGroveState:
    """``play`` of a candidate the rules listed (a fall turn's or a help tile return's shape is
    not checked again)."""
    if move["type"] == "take_fall_turn":
        return take_listed_fall_turn(state, seat, move)
    if move["type"] == "return_neighbour_help_tile":
        return return_listed_help_tile(state, seat, move)
    return play(state, seat, move)


def _values(state: WalnutGroveState, seat: int, options: list[Move], plan: bool) -> list[float]:
    """``worth(_after(state, seat, m), seat, plan)`` of each option. A fall turn's (and passing's)
    is judged from its ``fall.fall_turn_outcomes``: the seat's player after it, the phase and the
    coins a sale draws, without the state around them (issue 39: building each candidate's whole
    next state was half of a fall decision); ``test_listed_moves.py`` holds both to ``play``."""
    turns = [i for i, m in enumerate(options) if m["type"] in ("take_fall_turn", "pass_fall_turn")]
    draws = _draws(state, seat)
    values = [
        0.0 if m["type"] in ("take_fall_turn", "pass_fall_turn")
        # a help tile returned changes the seat's player alone: judged by it (up to 35 a decision)
        else _worth(state, listed_help_return_outcome(state, seat, m), state.phase, draws, plan)
        if m["type"] == "return_neighbour_help_tile"
        else worth(_after(state, seat, m), seat, plan)
        for m in options
    ]
    if turns:
        outcomes = fall_turn_outcomes(state, seat, [options[i] for i in turns])
        judged: dict[tuple, float] = {}  # free goods that leave the same player are judged once
        for i, out in zip(turns, outcomes):
            key = (id(out.player), out.phase, out.owed, out.bag)  # every outcome is alive meanwhile
            if key not in judged:
                judged[key] = _worth(state, out.player, out.phase, min(out.owed, out.bag) if out.owed else None, plan)
            values[i] = judged[key]
    return values


def ranked_moves(
    state: WalnutGroveState, seat: int, rng: random.Random, quick: bool = False, plan: bool = False
) -> list[Move]:
    """The seat's candidate moves, best first by one-ply ``worth`` (ties broken at random)."""
    player = state.player(seat)
    if state.phase == "setup_start_choice":
        return [{"type": "choose_start_building", "building": "church"}]
    if state.phase == "spring":
        # the planned spring (open fences counted) is most of the difference between a farm
        # that scores and one that does not; the quick rollout policy keeps the cheap one
        return [_spring_quick(state, seat, rng) if quick else _spring_strong(state, seat, rng)]
    if state.phase == "summer":
        return _summer_candidates(state, seat, rng, plan)
    if state.phase == "winter":
        return [{"type": "resolve_winter"}]
    if state.phase == "fall" and state.overflow:
        options = overflow_moves(player, state.overflow)
    elif state.phase == "fall":
        options = [{"type": "pass_fall_turn"}, *cheapest_fall_moves(state, seat)]
        if quick and len(options) > QUICK_FALL_SAMPLE + 1:
            options = [options[0], *rng.sample(options[1:], QUICK_FALL_SAMPLE)]
    else:
        options = [{"type": "confirm_final_scoring"}]
    options = help_return_moves(player) + options  # the help-tile returns of free_action_moves
    scored = [
        (value - HELP_TOLL * m.get("tolls", ()).count("help") + rng.random() * 1e-3, i)
        for i, (m, value) in enumerate(zip(options, _values(state, seat, options, plan)))
    ]
    scored.sort(reverse=True)
    return [options[i] for _, i in scored]


def _coin_cost(coin: str) -> float:
    return COIN_VALUES[coin] + COIN_USE


def _toll_cost(entry: str) -> float:
    return 2.5 if entry == "help" else _coin_cost(entry[5:])


def _cheapest_spellings(moves: list[Move]) -> list[Move]:
    """Per destination and action, only the toll and coin choice that costs least.

    Paying a toll with a coin costs its face value, with a help tile two points: the choices
    add up independently of the action, so judging the others is wasted work.
    """
    best: dict[frozenset, tuple[float, int]] = {}
    for i, move in enumerate(moves):
        key = frozenset([(k, _frozen(v)) for k, v in move.items() if k not in ("tolls", "payment")])
        cost = sum(_toll_cost(t) for t in move["tolls"]) + sum(
            _coin_cost(c) for c in move["payment"]["coins"]
        )
        if key not in best or cost < best[key][0]:
            best[key] = (cost, i)
    return [moves[i] for _, i in sorted(best.values(), key=lambda ci: ci[1])]


def cheapest_fall_moves(state: WalnutGroveState, seat: int) -> list[Move]:
    """``_cheapest_spellings(fall_moves(state, seat))`` without listing the spellings it drops:
    a destination's tolls and coins cost the same whatever its action, so its cheapest spelling
    (the first of the least cost) is every action's (issue 39: listing and grouping some 45
    moves were a sixth of a fall decision)."""
    result = []
    for building, field, goods, params, spellings in fall_destinations(state, seat):
        best = None
        for tolls, paid in spellings:
            cost = sum(_toll_cost(t) for t in tolls) + sum(_coin_cost(c) for c in paid)
            if best is None or cost < best[0]:
                best = (cost, tolls, paid)
        if best is None:  # too few coins for the activation cost: no move goes there
            continue
        seen = set()
        for param in params:
            key = param if type(param) is str else _frozen(param)
            if key not in seen:  # an action listed twice is one action, kept where first seen
                seen.add(key)
                result.append(fall_move(building, field, best[1], best[2], goods, param))
    return result


def _frozen(value: object) -> object:
    """A hashable twin of a listed move's value (strings, numbers, lists, objects), equal exactly
    when its ``repr`` is (an object's field order counts, as it does there): the key of the action
    ``_cheapest_spellings`` groups by, without printing every move (issue 39)."""
    if type(value) is list:
        return ("list", *(v if type(v) is str else _frozen(v) for v in value))
    if type(value) is dict:
        return ("dict", *((k, _frozen(v)) for k, v in value.items()))
    return value


def basic_move(
    state: WalnutGroveState, seat: int, rng: random.Random, quick: bool = False, plan: bool = False
) -> Move:
    if seat not in to_act(state):
        return _off_turn(state, seat, rng, plan)
    if state.phase == "summer":  # ranked_moves' first, the others not spelled out
        return _summer_candidates(state, seat, rng, plan, spelled=1)[0]
    return ranked_moves(state, seat, rng, quick, plan)[0]


def _off_turn(state: WalnutGroveState, seat: int, rng: random.Random, plan: bool = False) -> Move:
    """Asked while not to act: give back a help tile if that pays, else the mildest free action."""
    options = legal_moves(state, seat)
    if not options:
        raise IllegalMove("WG-G07", f"seat {seat} has nothing to do now")
    helpful = [m for m in options if m["type"] in HELPFUL] or options
    return max(helpful, key=lambda m: (worth(_after(state, seat, m), seat, plan), -helpful.index(m)))


def _spring_quick(state: WalnutGroveState, seat: int, rng: random.Random) -> Move:
    """The rollouts' spring: tiles where they continue the neighbours' wanted landscapes."""
    wanted = _wanted(state.player(seat))
    return _spring(state, seat, rng, {LANDSCAPE_LETTER[g]: (2.0 if g in wanted else 1.0) for g in LANDSCAPE_LETTER})


def _land_bonus(areas: list[Area], upgrades: Iterable[str]) -> float:
    """What the land upgrades among ``upgrades`` score on these areas."""
    bonus = 0.0
    for upgrade in upgrades:
        effect = UPGRADES[upgrade].effect
        if effect == "per_enclosure":
            bonus += 2 * sum(1 for a in areas if a.enclosed)
        elif effect.startswith("largest:"):
            bonus += max(a.size for a in areas if a.landscape == effect[8:])
    return bonus


def _production(areas: list[Area], weight: dict, player: Player) -> float:
    """The weighted sizes of the areas the seat's figures (and two more) would work."""
    sizes = sorted((a.size * weight[a.landscape] for a in areas), reverse=True)
    return sum(sizes[: len(player.active) + 2])


def _spring_strong(state: WalnutGroveState, seat: int, rng: random.Random, bag: bool = False) -> Move:
    """Every placement of every drawn tile judged by what its fences may still enclose. With
    ``bag`` (strong), an open area's chance of closing is read from the tiles still to be drawn
    (``enclosures.bag_outlook``), not the fixed table ``basic`` keeps."""
    player = state.player(seat)
    wanted = _wanted(player)
    weight = {LANDSCAPE_LETTER[g]: (2.0 if g in wanted else 1.0) for g in LANDSCAPE_LETTER}
    tiles, left, placements = player.tiles, list(player.drawn), []
    keep = keep_count(state, player)
    # public: the bag and every drawn tile (most go back), the draws of the discs face down
    pool = fence_counts(state.tile_bag + tuple(t for p in state.players for t in p.drawn)) if bag else ()
    draws = sum(YEAR_DISCS[d].draw for d in state.discs)
    for placed_now in range(keep):
        to_come = max(0, TILES_PLACED - len(tiles) - 1)
        options = [
            (tile, x, y, rotation)
            for tile in left
            for x, y in open_cells(player.board, tiles)
            for rotation in ROTATIONS
        ]
        # the tiles in hand after this one count as draws while this spring places more
        chances = (pool, draws + (len(left) - 1 if placed_now + 1 < keep else 0)) if bag else None
        best = max(
            options,
            key=lambda placed: (_plan_value(player, tiles + (placed,), weight, to_come, chances), rng.random()),
        )
        tile, x, y, rotation = best
        left.remove(tile)
        tiles = tiles + (best,)
        placements.append({"tile_id": tile, "x": x, "y": y, "rotation": rotation})
    # the farm the move leaves, kept as judging every candidate through the cache used to keep it:
    # summer, the views and the next decisions read it
    farm_areas(player.board, tiles)
    return {"type": "place_landscape_tiles", "placements": placements}


def _plan_value(player: Player, tiles: tuple, weight: dict, to_come: int, chances: tuple | None = None) -> float:
    """The farm's enclosures, those its open fences may still close (``enclosures.outlook``; with
    ``chances``, the pool and draws to come, ``bag_outlook``), its land upgrades and the
    production of the areas its figures would work."""
    # a candidate farm is looked at once: its cells and areas drawn without keeping them (issue 39)
    cells = cells_of(player.board, tiles)
    areas = areas_of(cells)
    bonus = _land_bonus(areas, (u for _, u in player.upgrades))
    fences = outlook_of(cells, areas, to_come) if chances is None else bag_outlook_of(cells, areas, to_come, *chances)
    return fences + bonus + PLAN_PRODUCTION * _production(areas, weight, player)


def _summer_candidates(
    state: WalnutGroveState, seat: int, rng: random.Random, plan: bool = False, spelled: int | None = None
) -> list[Move]:
    """Greedy area choices by the worth of what they would store, plus a few variations, best
    first (the first ``spelled`` of them: ``basic`` plays the best alone)."""
    player = state.player(seat)
    areas = list(farm_areas(player.board, player.tiles))
    count = len(figures(player))
    if len(areas) <= count:
        return [summer_move(player, tuple(areas))]

    def judge(indexes: Sequence[int]) -> float:
        return _summer_value(state, seat, tuple(areas[i] for i in sorted(indexes)), plan)

    terms = _goods_terms(state, player, plan) if state.phase not in ("final_adjustments", "ended") else None
    yields = _area_yields(state, player, areas)
    by_size = sorted(range(len(areas)), key=lambda i: -areas[i].size)  # stable: index order in a size
    chosen: list[int] = []
    for _ in range(count):
        # judge each area as if it were the last figure's (others left out): the greedy step
        shortlist = [i for i in by_size if i not in chosen][:8]  # the rest sorted by size, as before
        gain = _area_gains(state, player, chosen, areas, terms, yields) if terms is not None else lambda i: 0.0
        best = max(shortlist, key=lambda i: (gain(i), -i))
        chosen.append(best)
    moves = [sorted(chosen)]
    for _ in range(3):
        variant = list(chosen)
        swap = rng.randrange(count)
        others = [i for i in range(len(areas)) if i not in variant]
        variant[swap] = rng.choice(others)
        if sorted(variant) not in moves:
            moves.append(sorted(variant))
    moves.sort(key=lambda ix: -judge(ix))
    return [summer_move(player, tuple(areas[i] for i in ix)) for ix in moves[:spelled]]


def _summer_value(state: WalnutGroveState, seat: int, areas: tuple[Area, ...], plan: bool) -> float:
    """``worth(play(state, seat, summer_move(player, areas)), seat, plan)``, the areas given as
    they are and only the seat's player and the phase built (``listed_figures_outcome``; a summer
    has no coin draw pending): the same value, bit for bit (``test_walnut_grove_judgement.py``)."""
    after, phase = listed_figures_outcome(state, seat, areas)
    return _worth(state, after, phase, None, plan)


def _area_yields(state: WalnutGroveState, player: Player, areas: list) -> list[tuple[str, int, int]]:
    """Per area: its good, what it produces this summer (size, plus the disc's bonus) and its
    empty storage slots. The same at every greedy step of a summer, so counted once (issue 39)."""
    bonus = YEAR_DISCS[state.disc].summer_bonus
    stored = dict(player.storage)
    return [
        (area.good, area.size + (1 if area.good == bonus else 0), sum(1 for slot in area.slots if slot not in stored))
        for area in areas
    ]


def _area_gains(
    state: WalnutGroveState, player: Player, chosen: list[int], areas: list, terms: GoodsTerms,
    yields: list[tuple[str, int, int]] | None = None,
) -> Callable[[int], float]:
    """The worth of producing in each area after the ``chosen`` ones (storage, then barn):
    ``goods_worth`` of the player with that produce in its barn. The chosen ones' produce is
    added once, each area's on top (issue 39: a summer weighs up to eight areas a figure).
    ``yields``: ``_area_yields`` of the areas, when the caller has them."""
    if yields is None:
        yields = _area_yields(state, player, areas)
    barn_free = free_barn_slots(player)
    gained: Counter = Counter()
    for i in chosen:
        good, amount, room = yields[i]
        into_barn = min(barn_free, max(0, amount - room))
        barn_free -= into_barn
        gained[good] += min(amount, room) + into_barn
    in_barn = [item for item in player.barn if item in GOODS]
    in_storage = [good for _, good in player.storage]
    # ``owned_goods`` of the player with the chosen ones' produce appended to its barn, as plain
    # dicts in its order: the barn's goods (the produce's among them), then the storage's
    with_gained: dict[str, int] = {}
    for good in in_barn:
        with_gained[good] = with_gained.get(good, 0) + 1
    for good, n in gained.items():
        if n:
            with_gained[good] = with_gained.get(good, 0) + n
    stored_counts: dict[str, int] = {}
    for good in in_storage:
        stored_counts[good] = stored_counts.get(good, 0) + 1
    owned_now = dict(with_gained)
    for good, n in stored_counts.items():
        owned_now[good] = owned_now.get(good, 0) + n
    known: dict[tuple[str, int], float] = {}  # an area's gain is its good's and amount's

    def gain(index: int) -> float:
        good, amount, room = yields[index]
        into_barn = min(barn_free, max(0, amount - room))
        extra = min(amount, room) + into_barn
        if (good, extra) in known:
            return known[(good, extra)]
        if good in gained and good not in with_gained:
            # the good sits among the produce with none so far: counted where the produce has it
            produce = gained.copy()
            produce[good] += extra
            owned = Counter(in_barn)
            owned.update(g for g, n in produce.items() for _ in range(n))
            owned.update(in_storage)
        elif good in with_gained or not extra:
            owned = dict(owned_now)
            if extra:
                owned[good] += extra
        else:  # a good new to the barn comes after the barn's and before the storage's
            owned = dict(with_gained)
            owned[good] = extra
            for g, n in stored_counts.items():
                owned[g] = owned.get(g, 0) + n
        known[(good, extra)] = value = _goods_value(owned, terms)
        return value

    return gain


# --- strong -------------------------------------------------------------------------------


def _resolve(state: WalnutGroveState, rng: random.Random) -> WalnutGroveState:
    request = chance(state)
    if request.kind == "roll":
        outcome = [rng.randint(1, request.sides) for _ in range(request.count)]
    elif request.kind == "shuffle":
        outcome = rng.sample(list(request.items), len(request.items))
    else:
        outcome = rng.sample(list(request.items), request.count)
    return resolve_chance(state, outcome)


def rollout(
    state: WalnutGroveState, seat: int, rng: random.Random, opponent: Callable = bot_move
) -> WalnutGroveState:
    """Play on until the seat's own next fall turn has been played by ``basic`` (the others play
    ``opponent``, by default the cheap random bot), or the year ends: the horizon at which a
    summer choice shows what it was for."""
    year = state.year
    for _ in range(200):
        if state.phase in ("ended", "final_adjustments", "winter") or state.year > year:
            return state
        actors = to_act(state)
        if CHANCE in actors:
            state = _resolve(state, rng)
            continue
        actor = seat if seat in actors else min(actors)
        if actor == seat and state.phase == "fall" and not state.overflow:
            after = play(state, seat, basic_move(state, seat, rng, plan=True))
            return _resolve(after, rng) if after.chance_step else after
        move = basic_move(state, seat, rng, plan=True) if actor == seat else opponent(state, actor, rng)
        state = play(state, actor, move)
    return state


def next_fall_potential(state: WalnutGroveState, seat: int) -> float:
    """What the seat's best fall move would add from where it now stands, holdings as they are:
    the value of its place on the one-way street for next year."""
    player = replace(state.player(seat), done=False)
    if state.phase in ("final_adjustments", "ended") or state.year >= YEARS:
        return 0.0
    hypothetical = replace(
        state.with_player(seat, player),
        phase="fall",
        cursor=state.order.index(seat),
        chance_step="",
        owed=0,
        overflow=(),
    )
    now = worth(hypothetical, seat, plan=True)
    options = _cheapest_spellings(fall_moves(hypothetical, seat))
    gains = [worth(play(hypothetical, seat, move), seat, plan=True) - now for move in options]
    return max([0.0, *gains])


def strong_move(view, seat: int, rng: random.Random, bag_spring: bool = True) -> Move:
    """``bag_spring``: the spring reads its closing chances from the bag (False: ``basic``'s
    spring, as ``strong`` played it before; ``scripts/compare_walnut_grove_strong.py``)."""
    base = determinize(view, seat, rng)
    if seat not in to_act(base):
        return _off_turn(base, seat, rng, plan=True)
    if base.phase == "spring":
        return _spring_strong(base, seat, rng, bag=bag_spring)
    ranked = ranked_moves(base, seat, rng, plan=True)
    phase = "fall" if base.phase == "fall" and not base.overflow else base.phase
    shortlist = list(islice(_distinct(ranked), CANDIDATES.get(phase, 1)))
    if len(shortlist) == 1:
        return shortlist[0]
    totals = [0.0] * len(shortlist)
    for _ in range(ROLLOUTS[phase]):
        seed = rng.getrandbits(64)
        world = determinize(view, seat, random.Random(seed))
        for i, move in enumerate(shortlist):
            sim_rng = random.Random(seed ^ 0x5EED)
            after = play(world, seat, move)
            if phase == "fall":
                # a help-tile toll costs HELP_TOLL here as in the ranking (issue 38)
                totals[i] += finish_fall(after, seat, sim_rng) - HELP_TOLL * move.get("tolls", ()).count("help")
            else:
                totals[i] += worth(rollout(after, seat, sim_rng), seat, plan=True)
    best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))
    return shortlist[best]


def finish_fall(state: WalnutGroveState, seat: int, rng: random.Random) -> float:
    """A fall choice judged after the seats that move after it this fall have moved as ``basic``
    would (issue 38, twelfth session): ``worth`` plus ``LOOKAHEAD`` x the next fall's best move,
    from the street as they leave it. Their replies decide which buildings are still free next
    year, which the street as it stood before them did not show."""
    for _ in range(60):
        if state.phase != "fall":
            break
        actors = to_act(state)
        if CHANCE in actors:
            state = _resolve(state, rng)
            continue
        actor = seat if seat in actors else min(actors)
        state = play(state, actor, basic_move(state, actor, rng, plan=actor == seat))
    return worth(state, seat, plan=True) + LOOKAHEAD * next_fall_potential(state, seat)


def _distinct(moves: list[Move]):
    seen = []
    for move in moves:
        if move not in seen:
            seen.append(move)
            yield move


# --- the policies -------------------------------------------------------------------------


def random_policy(inp: BotInput) -> Move:
    return bot_move(determinize(inp.view, inp.seat, inp.rng), inp.seat, inp.rng)


def basic_policy(inp: BotInput) -> Move:
    return basic_move(determinize(inp.view, inp.seat, inp.rng), inp.seat, inp.rng)


def strong_policy(inp: BotInput) -> Move:
    return strong_move(inp.view, inp.seat, inp.rng)


POLICIES: dict[str, Callable[[BotInput], Move]] = {
    "random": random_policy,
    "basic": basic_policy,
    "strong": strong_policy,
}
