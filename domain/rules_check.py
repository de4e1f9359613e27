"""Replaying a stored table under a rules version: does it still replay under its own rules, and
would it be the same game under the newest?

Why: a correction to a rule changes what a replay computes, and every stored table is a replay.
``check_table`` replays a table's events twice through the pure rules alone (no aggregate, no
store): under its own version(s) (the one it was opened with, then any it adopted,
``Table.RulesVersionAdopted``) and under the game's newest. The first must reproduce everything
the store holds that the rules decided: every move accepted, every chance step asking for the
recorded request, every undo restoring the recorded state, the recorded final scores and winners.
The second is compared with the first version by version (the game state after each event:
equal states, else equal digests of their JSON form) and by its final scores: the first version
that differs is what an operator reads, and a table that does not differ may move to the newest
rules (``Tables.adopt_newest_rules``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain import hashchain
from domain.errors import DomainError
from domain.games import get_game
from domain.games.game import Game


class RulesRefused(DomainError):
    """A table that may not move to other rules: it would not be the same game under them (or does
    not even replay under its own); the message names the first version that differs. An
    operator's refusal (``tabletop rules migrate``): no HTTP route moves a table's rules."""

    code = "rules_refused"


#: Replay a table under its own rules version(s), or under its game's newest.
OWN, NEWEST = "own", "newest"


def state_digest(game: Game, state: Any) -> str | None:
    """SHA-256 of the game state's canonical JSON (None before the game starts)."""
    if state is None:
        return None
    return hashlib.sha256(hashchain.canonical(game.to_dict(state)).encode("utf-8")).hexdigest()


@dataclass
class Replay:
    """One replay of a table's events: the rules and the game state after each event (index =
    version - 1; None before the start and from the first version that does not replay), the
    scores the rules give at the end, and that first version that does not replay."""

    rules: list[str] = field(default_factory=list)  # the rules version that played each event
    states: list[Any] = field(default_factory=list)  # the game state after each event
    digests: list[str | None] = field(default_factory=list)  # their digests, when asked for
    scores: dict[str, Any] | None = None
    problem: tuple[int, str, str] | None = None  # (version, event name, why)


def replay(events: Iterable[Any], under: str = OWN, digests: bool = False) -> Replay:
    """Replay decoded table events through the rules: ``under`` is ``OWN`` (the table's own
    versions, checking what was recorded) or ``NEWEST`` (what the newest rules make of the same
    moves and outcomes). ``digests``: also the state digest after every event (two thirds of
    the cost: the check compares the states themselves and digests only what it reports)."""
    run = _Run(under)
    for event in events:
        name, version = type(event).__name__, event.originator_version
        if run.result.problem is None:
            try:
                run.step(event, name)
            except Exception as error:  # noqa: BLE001 - the refusal is the finding
                rule = getattr(error, "rule", None)
                tail = f" (rule {rule})" if rule and rule not in str(error) else ""
                run.result.problem = (version, name, f"{error}{tail}")
        run.result.rules.append(run.game.rules_version if run.game else "")
        state = None if run.result.problem is not None else run.state
        run.states[version] = state
        run.result.states.append(state)
        if digests:
            run.result.digests.append(state_digest(run.game, state))
    return run.result


class _Differs(Exception):
    """A replay that reaches something the recorded history contradicts."""


class _Run:
    """One replay in progress: the rules playing now, the state, the states by version (undo)."""

    def __init__(self, under: str) -> None:
        self.under = under
        self.result = Replay()
        self.game: Game | None = None
        self.opened: Any = None
        self.state: Any = None
        self.states: dict[int, Any] = {}

    def step(self, event: Any, name: str) -> None:
        if name == "Opened":
            self.opened = event
            self.game = get_game(event.game, event.rules_version) if self.under == OWN else get_game(event.game)
            return
        game = self.game
        if name == "RulesVersionAdopted":
            if self.under == OWN:  # as the aggregate does: the state as the adopted rules read it
                self.game = get_game(game.name, event.to_version)
                if self.state is not None:
                    self.state = self.game.from_dict(game.to_dict(self.state))
            return
        if name == "GameStarted":
            initial = self.opened.initial or {}
            self.state = (game.from_dict(initial["state"]) if "state" in initial
                          else game.setup(self.opened.seats, self.opened.options))
            return
        if name in ("MovePlayed", "ChanceResolved") and game.is_over(self.state):
            raise _Differs("the game was already over here")
        if name == "MovePlayed":
            self.state = game.play(self.state, event.seat, event.move)
        elif name == "ChanceResolved":
            asked = game.chance(self.state).to_dict()
            if hashchain.normalise(asked) != event.request:
                raise _Differs(f"the rules ask for another chance step ({asked.get('label') or asked['kind']})")
            self.state = game.resolve_chance(self.state, event.outcome)
        elif name == "Undone":
            past = self.states.get(event.to_version)
            if self.under == OWN and (past is None or hashchain.normalise(game.to_dict(past)) != event.state):
                raise _Differs(f"the undo does not restore the state of version {event.to_version}")
            self.state = past if past is not None else game.from_dict(event.state)
        elif name == "GameFinished":
            if not game.is_over(self.state):
                raise _Differs("the game would not be over here")
            found = game.scores(self.state)
            self.result.scores = hashchain.normalise(found.to_dict())
            if self.under == OWN and (self.result.scores != event.scores or list(found.winners) != list(event.winners)):
                raise _Differs(f"the recorded final scores ({_totals(event.scores)}) are not the rules' "
                               f"({_totals(self.result.scores)})")


def _totals(scores: dict[str, Any]) -> str:
    return ", ".join(f"seat {int(s) + 1}: {v}" for s, v in (scores.get("totals") or {}).items())


@dataclass(frozen=True)
class TableCheck:
    """What ``tabletop rules check`` says of one table."""

    table: str
    game: str
    rules_version: str  # the version it plays now (opened with, or adopted since)
    newest: str
    status: str  # open, running or finished
    events: int
    #: The first (version, event, why) that does not replay under the table's own rules: a broken table.
    broken: tuple[int, str, str] | None
    #: The first (version, event, what) that the newest rules would make differently.
    differs: tuple[int, str, str] | None

    @property
    def replays(self) -> bool:
        return self.broken is None

    @property
    def movable(self) -> bool:
        """Safe to move to the newest rules: it replays, and the newest make the same game of it."""
        return self.broken is None and self.differs is None and self.rules_version != self.newest

    def sentence(self) -> str:
        """The verdict in words, for an operator."""
        where = f"rules {self.rules_version}"
        if self.broken:
            version, event, why = self.broken
            return f"does NOT replay under its own {where}: version {version} ({event}): {why}"
        if self.rules_version == self.newest and not self.differs:
            return f"replays under {where} (the newest)"
        if self.differs:
            version, event, what = self.differs
            return (f"replays under {where}; under rules {self.newest} it would differ from version {version} "
                    f"({event}): {what}; it stays on rules {self.rules_version}")
        return f"replays under {where} and identically under rules {self.newest}: it may move"

    def to_dict(self) -> dict[str, Any]:
        def spot(found: tuple[int, str, str] | None) -> dict[str, Any] | None:
            return None if found is None else {"version": found[0], "event": found[1], "why": found[2]}

        return {"table": self.table, "game": self.game, "rules_version": self.rules_version, "newest": self.newest,
                "status": self.status, "events": self.events, "replays": self.replays, "movable": self.movable,
                "broken": spot(self.broken), "differs": spot(self.differs), "verdict": self.sentence()}


def check_table(table_id: Any, events: Iterable[Any]) -> TableCheck:
    """Replay one table's decoded events under its own rules and under the newest (once, when
    they are the same rules throughout) and compare them version by version."""
    events = list(events)
    opened = events[0]
    newest = get_game(opened.game)
    own = replay(events, OWN)
    names = [type(e).__name__ for e in events]
    status = "finished" if "GameFinished" in names else "running" if "GameStarted" in names else "open"
    current = next((e.to_version for e in reversed(events) if type(e).__name__ == "RulesVersionAdopted"),
                   opened.rules_version)
    differs = None
    if own.problem is None and any(version != newest.rules_version for version in own.rules[1:] or [current]):
        differs = _first_difference(events, own, replay(events, NEWEST), newest)
    return TableCheck(table=str(table_id), game=opened.game, rules_version=current, newest=newest.rules_version,
                      status=status, events=len(events), broken=own.problem, differs=differs)


def _first_difference(events: list[Any], own: Replay, newest: Replay, game: Game) -> tuple[int, str, str] | None:
    for index, event in enumerate(events):
        version, name = event.originator_version, type(event).__name__
        if newest.problem is not None and newest.problem[0] == version:
            return newest.problem
        mine, theirs = own.states[index], newest.states[index]
        if mine is not theirs and (type(mine) is not type(theirs) or mine != theirs):
            ours = get_game(game.name, own.rules[index])
            if state_digest(ours, mine) != state_digest(game, theirs):  # unequal objects, maybe the same game
                return version, name, "the game state would differ after it"
    if own.scores != newest.scores:
        finished = next(e for e in events if type(e).__name__ == "GameFinished")
        return (finished.originator_version, "GameFinished",
                f"the final scores would be {_totals(newest.scores or {})} instead of {_totals(own.scores or {})}")
    return None
