"""The one protocol every game implements, so the platform never needs to know which game it runs.

A game is plain data plus pure functions (boardgame.io's game object, OpenSpiel's state machine):

* ``setup(players, options) -> State``: the initial state. Random setup steps (shuffles, deals,
  bag draws) are *not* performed here; the state asks for them through ``to_act == {CHANCE}``.
* ``to_act(state) -> frozenset[int]``: the seats that must act now (several = a simultaneous
  step), ``{CHANCE}`` when a chance step is due, empty when the game is over.
* ``legal_moves(state, seat) -> list[Move]``: every legal move for that seat now (free actions
  included, even when the seat is not in ``to_act``).
* ``play(state, seat, move) -> State``: pure. Raises ``IllegalMove(rule=..., message)`` (or
  ``NotYourTurn``) and changes nothing when the move is not allowed.
* ``chance(state) -> ChanceRequest`` and ``resolve_chance(state, outcome) -> State``: the
  platform draws the outcome from the table's seed and records it; the rules only consume it.
* ``player_view(state, viewer) -> dict``: everything ``viewer`` (a seat, or ``None`` for a
  spectator) may know. With ``action_view`` and ``describe`` (same module, ``views.py``) it is
  the single place where a game strips secrets.
* ``describe(state, actor, move, viewer) -> str``: one log sentence. ``viewer`` decides only what
  the sentence may *reveal*; seats are never named by the game ("Seat 2", "You", a colour) but
  by ``seat_ref(seat)`` / ``their_ref(seat)``, which the platform renders (``domain.log``) as the
  seat's player name, or "You"/"your" for the reader's own seat, so a log told from one seat's
  side (after the end) still reads in the third person for everyone else. A present-tense verb
  after a seat is ``seat_verb(seat, "starts")`` ("Ann starts", "You start"). Components are
  never named by their ids but by ``component_ref(kind, id)`` (``{card:P-LIBERAL}``), which the
  platform renders with the game's ``component_names`` when the log is read; a short label the
  physical game prints (a map square "F8", a tournament "T4") may stand as it is.
  ``describe`` may depend on ``viewer`` only where ``action_view`` hides something from that
  viewer: when every viewer's ``action_view`` is the move itself, the platform renders the
  sentence once for everyone.
* ``describe_after(before, actor, move, viewer, after) -> str`` (optional): ``describe`` given
  the state right after the move too (which the platform holds), for a game whose sentence tells
  what the move set off and would otherwise replay the move to learn it.
* ``facts(before, actor, move, after, viewer, reveal=False) -> list[dict]`` (optional): the
  automatic consequences of one move or chance step (income paid, a territory taken over, a
  card discarded, the final scores ...) as ``viewer`` may know them, derived by comparing the
  state before and after (the stored events stay moves and outcomes). Each fact is
  ``{"kind", "rule", "seats", "amounts": {seat: {name: n}}, "components", "text"}``, its
  ``text`` written with ``seat_ref``/``their_ref`` like ``describe``. The game's ``views.py``
  redacts facts exactly as it redacts moves; ``reveal`` shows them in full (a finished game).
  See docs/log.md.
* ``scores(state) -> Scores``, ``is_over(state)``.
* ``bot_move(state, seat, rng)``: the ``random`` level, kept for playout tests and benchmarks.
* ``bots -> {level: policy}``: the bot levels (``BOT_LEVELS``). A policy takes a ``BotInput``
  (the seat's own ``player_view``, its legal moves and a seeded generator) and returns one of
  those moves. It never sees the state, so it cannot peek; a search samples the hidden part
  consistent with the view. It must be deterministic given its input (bound searches by
  iterations, never by the clock), so a replay reproduces every bot move.
* ``to_dict(state)`` / ``from_dict(data)``: the state as JSON-ready primitives and back.
* ``secrets(state) -> {owner: value}``: what is hidden now, keyed by who alone may see it (a
  seat) or ``None`` for what nobody sees (deck orders, bags). The platform compares it before and
  after a seat's own move to know whether that move showed the seat anything it did not decide
  (``domain/undo.py``, docs/undo.md). A game without it counts every move as a reveal.
* ``preview(state, seat, move) -> dict`` (optional, ``None`` when a game has none): what a
  move (or its first steps, e.g. one tile of two) would make, before it is played, so a board can
  show it without knowing the rules (Walnut Grove: the land areas a placement would make, where a
  harvest would go). Pure like ``play`` and refused like it (``IllegalMove(rule=...)``). It
  answers only what the seat's own ``player_view`` would show after the move, never the result
  of a chance step or anything hidden: build it from the game's ``views`` module.
* ``component_names() -> {kind: {id: name}}``: how log sentences name each component
  (``component_ref``), built once from the catalog (``components.names``): the words a player of
  the physical game would say ("Carrot King", "the Foundry", "a pasture tile").
* ``determinize(view, seat, rng) -> State`` (optional): a whole state consistent with ``view`` (the
  seat's own ``player_view``), everything hidden from the seat drawn from ``rng``. The bots' searches
  sample with it, and a what-if branch starts from it (``domain/branching.py``), so the branch holds
  nothing its forker did not know. It must read nothing but ``view`` and ``rng``.
* ``rules_version``/``rules_label``/``previous``: the rules this ``Game`` plays, in words too
  ("Walnut Grove rules 2 (only flipped help tiles cost 2 points, as printed)"), and the ``Game`` of the version before
  it. A table plays the version it was opened with forever (``Table.Opened.rules_version``); a
  correction is a new version made with ``revise`` (only the functions that changed), never an
  edit of an old one, so every stored game keeps replaying as it was played. docs/operations.md.
* ``catalog() -> dict``: the game's public static data for clients (names, kinds, costs, points,
  one-line effects, board geometry, tracks, readable terms), built from the package's own
  component data (``components.catalog``). Never a secret: deck order is state, not a component.

Moves are JSON objects with a ``"type"`` key (``{"type": "submit_pick", "card": 17}``); that is
what clients send, what ``legal_moves`` lists and what the table records. Seats are ``0..n-1``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from domain.errors import InvalidOptions

#: The pseudo-seat that acts when dice must be rolled, cards shuffled or tiles drawn.
CHANCE = -1

Seat = int
Viewer = int | None
Move = dict[str, Any]
State = Any

CHANCE_KINDS = ("shuffle", "roll", "sample")


@dataclass(frozen=True)
class ChanceRequest:
    """What a chance step needs; the platform turns it into an outcome drawn from the seed.

    * ``shuffle``: outcome is a permutation (list) of ``items``.
    * ``roll``: outcome is a list of ``count`` integers in ``1..sides``.
    * ``sample``: outcome is a list of ``count`` distinct items of ``items`` (a bag draw), in
      draw order.

    ``items`` must be JSON primitives (ints or strings). ``label`` is a short English phrase
    for logs ("shuffle the territory deck").
    """

    kind: str
    items: tuple = ()
    count: int = 1
    sides: int = 6
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind not in CHANCE_KINDS:
            raise ValueError(f"unknown chance kind {self.kind!r}")
        if self.kind == "sample" and not 0 <= self.count <= len(self.items):
            raise ValueError("cannot sample more items than there are")
        if self.kind == "roll" and (self.count < 1 or self.sides < 2):
            raise ValueError("a roll needs at least one die of at least two sides")

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "items": list(self.items),
            "count": self.count,
            "sides": self.sides,
            "label": self.label,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChanceRequest:
        return cls(
            kind=data["kind"],
            items=tuple(data.get("items", ())),
            count=int(data.get("count", 1)),
            sides=int(data.get("sides", 6)),
            label=str(data.get("label", "")),
        )


@dataclass(frozen=True)
class Scores:
    """Totals, a per-source breakdown a player can check by hand, and the final order.

    ``ranking`` lists seats best first with the game's tie-breakers applied; ``winners`` are
    the seats sharing first place after tie-breakers (usually one). ``tiebreak`` holds, per
    seat, the values the tie-breakers compared, so the order can be checked too.
    """

    totals: Mapping[int, int]
    breakdown: Mapping[int, Mapping[str, int]]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: Mapping[int, Sequence[Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "totals": {str(s): v for s, v in self.totals.items()},
            "breakdown": {str(s): dict(b) for s, b in self.breakdown.items()},
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "tiebreak": {str(s): list(v) for s, v in self.tiebreak.items()},
        }


#: Bot levels, weakest first. ``random`` picks a legal move; ``basic`` is a fast heuristic;
#: ``strong`` searches. A bot seat without a level plays ``DEFAULT_BOT_LEVEL``.
BOT_LEVELS = ("random", "basic", "strong")
DEFAULT_BOT_LEVEL = "basic"


@dataclass(frozen=True)
class BotInput:
    """All a bot seat may decide from: what its player would see, never the state."""

    seat: int
    view: Mapping[str, Any]  # player_view(state, seat)
    legal: Sequence[Move]  # legal_moves(state, seat), never empty
    rng: random.Random  # fairness.bot_rng(seed, version, seat)


BotPolicy = Callable[[BotInput], Move]


@dataclass(frozen=True)
class Option:
    """A table option a game accepts, with its allowed values and default.

    ``applies_when`` names the other options' values under which this one means anything (empty:
    always), so a header and the lobby leave out what the table does not play ("Community board
    side at level 3" on a level 1 table).
    """

    default: Any
    choices: tuple
    description: str = ""
    applies_when: Mapping[str, tuple] = field(default_factory=dict)

    def applies(self, options: Mapping[str, Any]) -> bool:
        return all(options.get(key) in values for key, values in self.applies_when.items())


@dataclass(frozen=True)
class Game:
    """One game, as data plus pure functions. Each game package exposes one ``GAME``."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: Mapping[str, Option]
    setup: Callable[[int, Mapping[str, Any]], State]
    to_act: Callable[[State], frozenset[int]]
    legal_moves: Callable[[State, Seat], list[Move]]
    play: Callable[[State, Seat, Move], State]
    chance: Callable[[State], ChanceRequest]
    resolve_chance: Callable[[State, Any], State]
    player_view: Callable[[State, Viewer], dict[str, Any]]
    action_view: Callable[[State, Seat, Move, Viewer], dict[str, Any] | None]
    describe: Callable[[State, Seat, Move, Viewer], str]
    scores: Callable[[State], Scores]
    is_over: Callable[[State], bool]
    bot_move: Callable[[State, Seat, random.Random], Move]
    to_dict: Callable[[State], dict[str, Any]]
    from_dict: Callable[[Mapping[str, Any]], State]
    state_type: type = dict
    catalog: Callable[[], Mapping[str, Any]] = field(default=lambda: {})
    secrets: Callable[[State], Mapping[int | None, Any]] | None = None
    bots: Mapping[str, BotPolicy] = field(default_factory=dict)
    preview: Callable[[State, Seat, Move], dict[str, Any]] | None = None
    facts: Callable[..., list[dict[str, Any]]] | None = None
    describe_after: Callable[[State, Seat, Move, Viewer, State], str] | None = None
    component_names: Callable[[], Mapping[str, Mapping[str, str]]] = field(default=lambda: {})
    determinize: Callable[[Mapping[str, Any], Seat, random.Random], State] | None = None
    rules_label: str = ""
    previous: Game | None = None

    def revise(self, version: str, label: str, **changes: Any) -> Game:
        """The next rules version: this game with ``changes`` (protocol functions) replaced.

        Why a new ``Game`` instead of an edit: tables opened under this version must replay with
        exactly these functions forever; the newest version is what new tables open under. A
        revision keeps the state type (snapshots store one per game: ``Tables.register_transcodings``)."""
        if any(v.rules_version == version for v in self.versions()):
            raise ValueError(f"{self.title} already has rules version {version!r}")
        fixed = {"previous", "rules_version", "rules_label", "name", "title", "state_type"}
        unknown = sorted(set(changes) - {f.name for f in fields(self)} | (fixed & set(changes)))
        if unknown:
            raise ValueError(f"a revision replaces protocol functions, not {', '.join(unknown)}")
        return replace(self, rules_version=version, rules_label=label, previous=self, **changes)

    def versions(self) -> tuple[Game, ...]:
        """This version and every earlier one, newest first."""
        found, game = [], self
        while game is not None:
            found.append(game)
            game = game.previous
        return tuple(found)

    def rules_description(self) -> dict[str, str]:
        """The version as a client shows it: its number and the words that name it."""
        return {"version": self.rules_version, "label": self.rules_label or f"{self.title} rules {self.rules_version}"}

    def name_component(self, kind: str, id: str) -> str | None:
        """How a log sentence names the component ``id`` of ``kind`` (``component_ref``), from the
        game's ``component_names``; None when the game has no such component."""
        return self.component_names().get(kind, {}).get(id)

    def resolve_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Check the seat count and options, fill defaults; raise ``InvalidOptions`` naming the problem."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidOptions("the number of seats must be an integer")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} seats {self.min_players} to {self.max_players} players, not {players}"
            )
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise InvalidOptions(f"unknown option(s) {', '.join(unknown)} for {self.title} (known: {known})")
        resolved = {}
        for key, option in self.options.items():
            value = given.get(key, option.default)
            if value not in option.choices or type(value) is not type(option.default):
                choices = ", ".join(repr(c) for c in option.choices)
                raise InvalidOptions(f"option {key!r} must be one of {choices}, not {value!r}")
            resolved[key] = value
        return resolved


#: A seat named in a log sentence, and a verb agreeing with it, rendered by the platform
#: (``domain.log.render_seats``): ``{seat:2}``, ``{their:2}``, ``{verb:2:starts:start}``.
SEAT_REF = re.compile(r"\{(seat|their|verb):(\d+)(?::([^{}:]+):([^{}:]+))?\}")

#: A component named in a log sentence, ``{<kind>:<id>}`` (``component_ref``), rendered with the
#: game's name for it (``Game.component_names``) when read. Seat references are not components.
COMPONENT_REF = re.compile(r"\{(?!(?:seat|their|verb):)([a-z]+):([^{}\s]+)\}")


def seat_ref(seat: int) -> str:
    """A seat as the subject or object of a log sentence: "Alice" for readers, "You"/"you" for
    that seat's own player. A verb in the present tense after it is ``seat_verb``'s; write other
    sentences so they read well both ways ("The start player is ...", not "... is the start
    player")."""
    return f"{{seat:{int(seat)}}}"


def their_ref(seat: int) -> str:
    """A seat's possessive in a log sentence: "their" for readers, "your" for that seat's player."""
    return f"{{their:{int(seat)}}}"


_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def seat_verb(seat: int, verb: str, base: str | None = None) -> str:
    """A present-tense verb whose subject is ``seat_ref(seat)``: ``verb`` as written ("starts")
    for readers, its plain form ("start", or ``base``) where the seat reads "You"; so
    ``f"{seat_ref(s)} {seat_verb(s, 'starts')} at the church"`` reads "Ann starts ..." and
    "You start ...". The plain form of a regular verb is derived here, when the sentence is
    written, and stored in the reference, so rendering knows no English."""
    if base is None:
        if verb in _IRREGULAR:
            base = _IRREGULAR[verb]
        elif verb.endswith("ies"):
            base = verb[:-3] + "y"
        elif verb.endswith(("sses", "shes", "ches", "xes", "zes")):
            base = verb[:-2]
        else:
            base = verb.removesuffix("s")
    return f"{{verb:{int(seat)}:{verb}:{base}}}"


def component_ref(kind: str, id: Any) -> str:
    """A component as a log sentence names it: ``{card:P-LIBERAL}``, read as the game names it
    ("the Liberal parchment"). ``kind`` is one of the game's ``component_names`` groups; write it
    only where the sentence's reader may know the id (the game's ``views.py`` decides, as for
    moves), since rendering names whatever it is given. Stored sentences keep the reference, so
    a change of names needs no change to stored data."""
    return f"{{{kind}:{id}}}"


def chance_action(request: ChanceRequest, outcome: Any) -> Move:
    """The shape under which a chance outcome reaches ``action_view`` and ``describe``."""
    return {"type": "chance", "request": request.to_dict(), "outcome": outcome}


def require_fields(move: Any, rule: str, **fields: type | tuple[type, ...]) -> dict[str, Any]:
    """Check a move is an object with exactly ``type`` and the named fields of the given types.

    A small shared guard so every game rejects malformed moves the same way (unknown, missing,
    extra or mistyped fields) with an ``IllegalMove`` naming ``rule``.
    """
    from domain.errors import IllegalMove

    if not isinstance(move, Mapping):
        raise IllegalMove(rule, "a move must be a JSON object")
    if not all(isinstance(key, str) for key in move):
        raise IllegalMove(rule, "a move's field names must be strings")
    extra = sorted(set(move) - set(fields) - {"type"})
    if extra:
        raise IllegalMove(rule, f"unexpected field(s) {', '.join(extra)} in {move.get('type')!r} move")
    for name, kinds in fields.items():
        if name not in move:
            raise IllegalMove(rule, f"missing field {name!r} in {move.get('type')!r} move")
        value = move[name]
        if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
            raise IllegalMove(rule, f"field {name!r} has the wrong type")
        if not isinstance(value, kinds):
            raise IllegalMove(rule, f"field {name!r} has the wrong type")
    return dict(move)


#: Steps after which ``walk`` gives up on a game that does not end.
WALK_LIMIT = 200_000


def walk(
    game: Game,
    state: State,
    draw: Callable[[ChanceRequest, int], Any],
    choose: Callable[[int, State, Seat], Move],
    limit: int = WALK_LIMIT,
) -> Generator[tuple[int, State, Seat], None, State]:
    """A whole game from ``state`` as a table plays it: a pending chance step takes ``draw(request,
    n)`` (the ``n``-th outcome of the game, counted from 0), otherwise the lowest seat to act
    plays ``choose(version, state, seat)``. Yields ``(version, state, seat)`` before each seat's
    move (``version`` counts every step, chance included, from 1) and returns the final state.

    Why one loop: the bot benchmarks, the choice digests and the bot tests must play the very same
    games on the same seeds, and a copy that counted a step or a chance draw differently would
    quietly compare other games. Taking ``draw`` and ``choose`` as functions keeps it free of the
    platform (``domain.fairness.draw`` and ``domain.application.bot_decision`` are what callers
    pass) and lets a caller time a decision or put another policy in one seat. Raises
    ``RuntimeError`` when the game has not ended after ``limit`` steps.
    """
    drawn = 0
    for version in range(1, limit):
        if game.is_over(state):
            return state
        actors = game.to_act(state)
        if CHANCE in actors:
            state = game.resolve_chance(state, draw(game.chance(state), drawn))
            drawn += 1
            continue
        seat = min(actors)
        yield version, state, seat
        state = game.play(state, seat, choose(version, state, seat))
    raise RuntimeError(f"{game.name}: no end after {limit} steps")


def walk_to_end(
    game: Game,
    state: State,
    draw: Callable[[ChanceRequest, int], Any],
    choose: Callable[[int, State, Seat], Move],
    limit: int = WALK_LIMIT,
) -> State:
    """``walk`` played through: the final state, for a caller that needs no position on the way."""
    steps = walk(game, state, draw, choose, limit)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
