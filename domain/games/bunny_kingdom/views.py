"""What each viewer may see (spec §7): the one module that strips secrets.

Secret to everyone: the deck order and the two-player reserves. Private to a seat: its hand,
its pending pick, its parchments (only their number is public), its two-player discards, the
cards it has held, its pending trading post and copy choices. Parchments become public at final
scoring (BK-R141); everything becomes public when the game is over (BK-R155).
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.bunny_kingdom import facts
from domain.games.bunny_kingdom.components import COORDS, INDEX, PROVISIONS_DRAW, card_family
from domain.games.bunny_kingdom.construction import pending_camp
from domain.games.bunny_kingdom.exploration import building_detail, left, pass_direction, right
from domain.games.bunny_kingdom.fiefs import connected, controlled_squares, strength_and_resources
from domain.games.bunny_kingdom.lineage import made, since
from domain.games.bunny_kingdom.memo import evict, per_object, shared
from domain.games.bunny_kingdom.rules import play
from domain.games.bunny_kingdom.scoring import parchment_scores, progress, scores
from domain.games.bunny_kingdom.state import State
from domain.games.game import component_ref, seat_ref, their_ref


def _seat(state: State, viewer: Any) -> int | None:
    """BK-R131: the viewer's seat, or None (a spectator) for anything that is not a seat number."""
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < state.players:
        return viewer
    return None


def player_view(state: State, viewer: int | None) -> dict[str, Any]:
    """BK-R130-R131: public state, plus the viewer's own private data; all of it after the end.

    Every view of one state shares its public parts (``_public``: the projection worker renders
    five viewers from each state, and its encoder reuses a part it has seen by identity), so a
    caller must not change them; the test suite hands them out read-only (``memo.shared``) to
    prove none does. The view's top level and ``you`` are its own.
    """
    viewer = _seat(state, viewer)
    view = dict(_public(state))
    if viewer is not None:
        selection = state.selections[viewer]
        view["you"] = {
            "seat": viewer,
            "hand": list(state.hands[viewer]),
            "selection": {"play": list(selection[0]), "discard": selection[1]} if selection else None,
            "parchments": list(state.parchments[viewer]),
            "removed": list(state.removed[viewer]),
            "seen": list(state.seen[viewer]),
            "trading_post_choices": dict(state.tp_pending[viewer] or ()),
            "copy_choices": dict(state.copy_pending[viewer]),
            "parchment_progress": progress(state, viewer) if state.phase != "over" else [],
        }
    return view


@per_object
def _public(state: State) -> dict[str, Any]:
    """What every viewer of the state sees alike, once per state."""
    over = state.phase == "over"
    revealed = state.phase in ("copy", "over")
    seats = []
    for s in range(state.players):
        seat = {
            "hand_size": len(state.hands[s]),
            "reserve_size": len(state.reserves[s]),
            "has_chosen": state.selections[s] is not None if state.phase == "exploration" else False,
            "front": list(state.fronts[s]),
            "discard_pile": list(state.discards[s]),
            "parchment_count": len(state.parchments[s]),
            "removed_count": len(state.removed[s]),
            "construction_finished": state.finished[s],
            "trading_posts_chosen": state.tp_pending[s] is not None,
            "copy_targets_chosen": len(state.copy_pending[s]),
            "harvests": list(state.harvests[s]),
        }
        if revealed:
            seat["parchments"] = list(state.parchments[s])
        if over:
            seat.update(
                hand=list(state.hands[s]), removed=list(state.removed[s]), reserve=list(state.reserves[s])
            )
        seats.append(seat)
    offer = pending_camp(state)
    view: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "pick": state.pick,
        "pass_direction": pass_direction(state) if state.round else None,
        "pass_to": _pass_to(state),
        "deck_size": len(state.deck),
        "board": _squares(state.owners, state.buildings),
        "trading_posts": _trading_posts(state.trading),
        "camp_offer": {"seat": offer[0], "card": offer[1]} if offer else None,
        "seats": seats,
        "fiefs": [_fiefs(state, s) for s in range(state.players)],
        "copy_targets": [list(c) for c in state.copy_final],
        # before the end a total is the harvests banked (scoring.scores), counted here directly
        "scores": ({str(s): t for s, t in _scores(state).totals.items()} if over
                   else {str(s): sum(state.harvests[s]) for s in range(state.players)}),
    }
    if over:
        view["deck"] = list(state.deck)
        view["final_scoring"] = [  # BK-R146: every parchment's points, in scoring order
            {"seat": p.seat, "card": p.card, "copied_from": p.copied_from, "points": p.points, "basis": p.basis}
            for p in _parchment_scores(state)
        ]
    return shared(view)


def _squares(owners: tuple[int, ...], buildings: tuple[str | None, ...]) -> dict[str, Any]:
    """The board's squares with a rabbit or a building, once per board (the identity of its
    tuples): a drafting round's states share one, each shown to every seat. A board the rules
    made from a shown one (``lineage``: the claims of a reveal, a build) is the shown one with
    the changed squares' entries replaced, kept in square order; the others are shared with it.
    """
    key = (id(owners), id(buildings))
    hit = _BOARDS.get(key)
    if hit is not None and hit[0] is owners and hit[1] is buildings:
        return hit[2]
    # a build changes the buildings alone, a claim the owners (and a camp's removal both): the
    # board before a build is looked for first, where there was one, then the claims' boards
    before = None
    if made(buildings):
        before = since(buildings, lambda board: _known_board(owners, board), 8)
    if before is None:
        before = since(owners, lambda board: _known_board(board, buildings), 16)
    if before is None:
        squares = {
            COORDS[i]: {"owner": o if o >= 0 else None, "building": b}
            for i, (o, b) in enumerate(zip(owners, buildings))
            if o >= 0 or b is not None
        }
    else:
        squares = _changed_squares(before[0], before[2], owners, buildings)
    _BOARDS[key] = (owners, buildings, squares)  # holds the board: its ids are not reused while kept
    if len(_BOARDS) > BOARDS_KEPT // 4:
        evict(_BOARDS, BOARDS_KEPT // 4)
    return squares


def _known_board(owners: tuple[int, ...], buildings: tuple[str | None, ...]) -> dict[str, Any] | None:
    hit = _BOARDS.get((id(owners), id(buildings)))
    return hit[2] if hit is not None and hit[0] is owners and hit[1] is buildings else None


def _changed_squares(shown: dict[str, Any], changes: list[int], owners: tuple[int, ...],
                     buildings: tuple[str | None, ...]) -> dict[str, Any]:
    """``_squares`` of a board from that of a board it was made from and the squares changed."""
    squares = dict(shown)
    added = False
    for i in changes:
        coord = COORDS[i]
        o, b = owners[i], buildings[i]
        if o >= 0 or b is not None:
            added = added or coord not in squares
            squares[coord] = {"owner": o if o >= 0 else None, "building": b}
        else:
            squares.pop(coord, None)
    if added:  # a new entry went in last: back to square order
        squares = {coord: squares[coord] for coord in sorted(squares, key=INDEX.__getitem__)}
    return squares


#: (ids of a board's owners and buildings) -> (them, its ``_squares``).
_BOARDS: dict[tuple[int, int], tuple[tuple[int, ...], tuple[str | None, ...], dict[str, Any]]] = {}


@per_object
def _trading_posts(trading: tuple[str | None, ...]) -> dict[str, str]:
    return {COORDS[i]: r for i, r in enumerate(trading) if r}


def _pass_to(state: State) -> list[int] | None:
    """BK-R15, BK-R22: the seat each seat hands its cards to in this round, for the board's arrows."""
    if not state.round:
        return None
    step = left if pass_direction(state) != "right" else right
    return [step(s, state.players) for s in range(state.players)]


@per_object
def _parchment_scores(state: State) -> Any:
    """BK-R146's scoring of a finished game, once per state for every viewer's view."""
    return parchment_scores(state)


@per_object
def _scores(state: State) -> Any:
    return scores(state)


def _fiefs(state: State, seat: int) -> list[dict[str, Any]]:
    """BK-R128: the seat's fiefs as a harvest would score them now, smallest coordinate first.
    Once per seat's squares and board buildings (the identity of their tuples): a drafting
    round's states share one board, each shown to every seat, and a reveal keeps the squares
    tuple of every seat it gave no square (``fiefs.controlled_squares``)."""
    return _fief_lines(controlled_squares(state.owners, seat), state.buildings, state.trading)


#: Entries kept by the per-board memos of the views: every seat's fiefs of 50 tables' latest
#: boards (and the boards before them) must outlast a round of all the tables, or each table's
#: next view counts them all again.
BOARDS_KEPT = 512


@per_object(size=BOARDS_KEPT)
def _fief_lines(squares: tuple[int, ...], buildings: tuple[str | None, ...],
                trading: tuple[str | None, ...]) -> list[dict[str, Any]]:
    known = _lines_on(buildings, trading)
    out = []
    for fief in connected(squares, buildings):
        line = known.line(fief)
        if line is None:
            power, kinds = strength_and_resources(buildings, trading, fief)
            found = sorted(kinds)
            line = known[fief] = {
                "territories": [COORDS[i] for i in fief],
                "strength": power,
                "resources": found,
                "wealth": len(found),
                "harvest": power * len(found),
            }
        out.append(line)
    return out


def _lines_on(buildings: tuple[str | None, ...], trading: tuple[str | None, ...]) -> Lines:
    """Fief -> its line, on one board's buildings and trading posts (a line reads nothing else).
    A pick's claims change every seat's squares but only the fiefs they touch: the others' lines
    are shared with the states before, as every viewer's are (callers must not change them). A
    build changes the buildings of one or two squares: the lines of fiefs without them are the
    ones on the board it was built on (``Lines``)."""
    key = (id(buildings), id(trading))
    hit = _LINES.get(key)
    if hit is not None and hit[0] is buildings and hit[1] is trading:
        return hit[2]
    before = since(buildings, lambda board: _known_lines(board, trading))
    lines = Lines() if before is None else Lines(before[0], frozenset(before[2]))
    _LINES[key] = (buildings, trading, lines)
    if len(_LINES) > BOARDS_KEPT // 4:
        evict(_LINES, BOARDS_KEPT // 4)
    return lines


def _known_lines(buildings: tuple[str | None, ...], trading: tuple[str | None, ...]) -> Lines | None:
    hit = _LINES.get((id(buildings), id(trading)))
    return hit[2] if hit is not None and hit[0] is buildings and hit[1] is trading else None


#: (ids of a board's buildings and trading posts) -> (them, its ``Lines``).
_LINES: dict[tuple[int, int], tuple[tuple[str | None, ...], tuple[str | None, ...], Lines]] = {}


class Lines(dict):
    """The fief lines made on one board, and the board it was built from: a fief none of whose
    squares changed since has the line it had there (a line reads only its squares' buildings
    and trading posts, and the trading posts are the same tuple)."""

    __slots__ = ("before", "changed")

    #: Earlier boards looked through, nearest first; the link beyond is cut, so a table's boards
    #: do not hold all their predecessors.
    DEPTH = 4

    def __init__(self, before: Lines | None = None, changed: frozenset[int] = frozenset()) -> None:
        super().__init__()
        self.before, self.changed = before, changed
        link = self
        for _ in range(self.DEPTH):
            link = link.before
            if link is None:
                return
        link.before = None

    def line(self, fief: tuple[int, ...]) -> Any:
        """The line of ``fief`` made on this board or kept from an earlier one, None if neither."""
        line = self.get(fief)
        if line is None:
            here = self
            while here.before is not None and here.changed.isdisjoint(fief):
                here = here.before
                line = dict.get(here, fief)
                if line is not None:
                    self[fief] = line
                    return line
        return line


_HIDDEN_FIELDS = {
    "submit_pick": ("play", "discard"),
    "choose_trading_posts": ("choices",),
    "choose_copy_target": ("target",),
}


def action_view(
    before: State, actor: int, action: dict[str, Any], viewer: int | None
) -> dict[str, Any] | None:
    """The move as the viewer may see it: hidden choices only for their author, never the deck."""
    viewer = _seat(before, viewer)
    kind = action.get("type")
    if kind == "chance":
        return {
            "type": "chance",
            "request": {"kind": action["request"]["kind"], "label": action["request"]["label"]},
        }
    if kind in _HIDDEN_FIELDS and viewer != actor:
        return {k: v for k, v in action.items() if k not in _HIDDEN_FIELDS[kind]}
    return dict(action)


def describe(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> str:
    """One plain English sentence for the table log, from the viewer's side of the table."""
    return describe_after(before, actor, action, viewer, None)


def describe_after(before: State, actor: int, action: dict[str, Any], viewer: int | None,
                   after: State | None) -> str:
    """``describe`` given the state after the move (``Game.describe_after``): the log worker holds
    it, so the move is not replayed to learn that it was legal; None replays it."""
    viewer = _seat(before, viewer)
    kind = action.get("type")
    if kind == "chance":
        return "The 182 exploration cards were shuffled into one face-down deck."
    who = seat_ref(actor)
    mine = viewer == actor
    if kind == "submit_pick":
        if mine:
            text = f"{who} chose to play {cards(action['play'])}" + (
                f" and to discard {card_ref(action['discard'])}" if action["discard"] else ""
            )
        else:
            text = f"{who} chose {their_ref(actor)} cards"
    elif kind == "retract_pick":
        text = f"{who} took back {their_ref(actor)} choice"
    elif kind == "place_camp":
        text = f"{who} placed {building_detail(action['card'])} on {action['coord']}"
    elif kind == "keep_camp":
        text = f"{who} kept {building_detail(action['card'])} for a later round"
    elif kind in ("build_city", "build_farm"):
        text = f"{who} built {building_detail(action['card'])} on {action['coord']}"
    elif kind == "build_sky_tower":
        text = f"{who} built a Sky Tower linking {action['coord_a']} and {action['coord_b']}"
    elif kind == "finish_construction":
        text = f"{who} finished building for this round"
    elif kind == "choose_trading_posts":
        if mine:
            text = f"{who} chose " + ", ".join(
                f"{r} for the trading post on {c}" for c, r in sorted(action["choices"].items()))
        else:
            text = f"{who} chose resources for {their_ref(actor)} trading posts"
    elif kind == "choose_copy_target":
        text = (
            f"{who} chose {card_ref(action['card'])} to copy {card_ref(action['target'])}"
            if mine
            else f"{who} chose a copy target"
        )
    else:
        text = f"{who} made a move"
    return text + _aftermath(before, actor, action, viewer, after) + "."


def fact_view(before: State, actor: int, action: dict[str, Any], after: State, viewer: int | None,
              reveal: bool = False) -> list[dict[str, Any]]:
    """The facts of one step as ``viewer`` may know them (``Game.facts``, docs/log.md): a
    two-player discard names its card only to its owner (BK-R105; others learn how many), until
    the game is over; harvests and final scores are public."""
    viewer = _seat(before, viewer)
    shown = []
    for f in _derived(before, actor, action, after):
        if f["kind"] == facts.DISCARD and not reveal and viewer != f["seats"][0]:
            f = {**f, "components": []}
        shown.append({**f, "text": facts.text(f)})
    return shown


@per_object
def _derived(before: State, actor: int, action: dict[str, Any], after: State) -> list[dict[str, Any]]:
    """The facts of one step, derived once however many viewers redact them (``fact_view``
    copies each fact it changes)."""
    return facts.derive(before, actor, action, after)


def card_ref(card: str) -> str:
    """An exploration card as a sentence names it (``components.names``): only where its reader
    may know it, as ``action_view`` decides."""
    return component_ref("card", card)


def cards(ids: Any) -> str:
    """Cards joined for a sentence: "F8 and the Bureaucrat parchment"."""
    return " and ".join(card_ref(card) for card in ids)


def _played(card: str, seat: int, viewer: int | None, deck: list[str]) -> str:
    """A revealed card as the viewer may name it; Provisions say what they drew (BK-R104).

    ``deck`` is consumed in resolution order (seat order, then depth first), as the rules do.
    """
    if card_family(card) == "parchment":
        return card_ref(card) if seat == viewer else "a parchment"
    if card_family(card) != "provisions":
        return card_ref(card)
    drawn, deck[:] = deck[:PROVISIONS_DRAW], deck[PROVISIONS_DRAW:]
    if not drawn:
        return card_ref(card)
    return f"{card_ref(card)} (drawing {' and '.join(_played(c, seat, viewer, deck) for c in drawn)})"


def _aftermath(before: State, actor: int, action: dict[str, Any], viewer: int | None,
               after: State | None = None) -> str:
    """What the move set off that the sentence tells: the reveal of every pick. Harvests and the
    final scores are facts under the move (``fact_view``, docs/log.md), not repeated here.
    ``after``: the state the move led to, when the caller has it (a recorded, legal move)."""
    if after is None and _after(before, actor, action) is None:  # an illegal move set nothing off
        return ""
    if (
        action.get("type") == "submit_pick"
        and before.selections.count(None) == 1
        and before.selections[actor] is None
    ):
        deck = list(before.deck)
        picks = []
        for seat, selection in enumerate(before.selections):
            play_ids = action["play"] if seat == actor else selection[0]
            shown = [_played(card, seat, viewer, deck) for card in play_ids]
            # two hidden parchments read "two parchments", not "a parchment and a parchment"
            said = "two parchments" if shown == ["a parchment", "a parchment"] else " and ".join(shown)
            if seat == actor == viewer and "(drawing" not in said:
                # the sentence has just said them ("You chose to play A9 and F6; the picks were
                # revealed: you played A9 and F6, …" read them twice: table review, second look);
                # Provisions still say what they drew
                continue
            picks.append(f"{seat_ref(seat)} played {said}")
        return "; the picks were revealed: " + ", ".join(picks)
    return ""


@per_object
def _after(before: State, actor: int, action: dict[str, Any]) -> State | None:
    """The state the move leads to (replayed once per move, not once per viewer), None if illegal."""
    try:
        return play(before, actor, action)
    except IllegalMove:
        return None


def secrets(state: State) -> dict[int | None, Any]:
    """What is hidden now and from whom (docs/undo.md): the deck and the two-player reserves from
    everyone; each seat's hand, pending pick, parchments (until revealed), removed cards, held
    cards and pending trading-post and copy choices from everyone else. Nothing once it is over."""
    if state.phase == "over":
        return {}
    revealed = state.phase == "copy"
    hidden: dict[int | None, Any] = {None: (state.deck, state.reserves)}
    for s in range(state.players):
        hidden[s] = (
            state.hands[s] if state.hands else (),
            state.selections[s] if state.selections else None,
            () if revealed or not state.parchments else state.parchments[s],
            state.removed[s] if state.removed else (),
            state.seen[s] if state.seen else (),
            state.tp_pending[s] if state.tp_pending else None,
            state.copy_pending[s] if state.copy_pending else (),
        )
    return hidden
