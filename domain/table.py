"""The Table aggregate: one game table's whole history, whatever game is played at it.

Every fact about a table is one event, named in the past tense and stored with every event
(``domain.table:Table.MovePlayed``), so these names are forever. Each event's ``apply`` is dumb
state mutation except ``MovePlayed`` and ``ChanceResolved``, which call the game's pure ``play``
and ``resolve_chance``: an illegal move raises inside ``trigger_event`` and records nothing, and a
replay recomputes exactly the live state.

Every event carries ``prev_hash`` and its own ``digest`` (see ``domain.hashchain``); a table opened
in chain format 2 (``Opened.chain_format``) hashes each event's timestamp too, so the timestamp
is chosen before the event is made (the library would otherwise stamp it after). The table's
secret seed is kept in ``Opened`` (the store is trusted with it, clients never see it); only its
commitment is public until ``GameFinished`` reveals it.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from domain import hashchain
from domain.errors import SeatNotTaken, SeatTaken, TableFull, WrongPhase
from domain.fairness import commitment, draw
from domain.games import get_game
from domain.games.game import DEFAULT_BOT_LEVEL, Game

UNDO_POLICIES = ("consent", "free", "off")
#: The attribute a ``deciding_copy`` keeps its steps in: ``(state, seats, rules version)`` just
#: before each event it records, in order. Never part of a saved table (``Tables.save`` takes it
#: off before recording, so snapshots and equality never see it).
STEPS = "_steps_before"
#: One step: the game state, the seats and the rules version just before an event.
Step = tuple[Any, tuple, str]
OPEN, RUNNING, FINISHED = "open", "running", "finished"


class Table(Aggregate):
    """A table: seats, the game state, the chance counter, undo votes and the hash chain head."""

    class Event(Aggregate.Event):
        prev_hash: str
        digest: str

        def mutate(self, aggregate: Any) -> Any:
            table = super().mutate(aggregate)
            table.head_hash = self.digest
            command_id = getattr(self, "command_id", None)
            if command_id:
                table.commands[command_id] = self.originator_version
            return table

    class Opened(Aggregate.Created):
        game: str
        options: dict
        seats: int
        undo_policy: str
        rules_version: str
        seed_commitment: str
        seed: str
        forked_from: dict | None
        initial: dict | None
        command_id: str | None
        chain_format: int
        prev_hash: str
        digest: str

    def __init__(
        self,
        game: str,
        options: dict,
        seats: int,
        undo_policy: str,
        rules_version: str,
        seed_commitment: str,
        seed: str,
        forked_from: dict | None,
        initial: dict | None,
        command_id: str | None,
        digest: str,
        prev_hash: str,
        chain_format: int = 1,  # tables opened before format 2 have none
    ) -> None:
        self.game_name = game
        self.chain_format = chain_format
        self.options = options
        self.seats = seats
        self.undo_policy = undo_policy
        self.rules_version = rules_version
        self.seed_commitment = seed_commitment
        self.seed = seed
        self.forked_from = forked_from
        self.initial = initial
        self.head_hash = digest
        self.commands: dict[str, int] = {command_id: 1} if command_id else {}
        players = (initial or {}).get("players")
        self.players: list[dict | None] = [p if p and p.get("bot") else None for p in players] if players else [None] * seats
        #: Per seat, the version of the ``SeatTaken`` that seated its holder: a seat token names it,
        #: so checking a token reads no events. (Tables restored from a snapshot taken before this
        #: existed lack it; ``api.auth`` then reads the opening events.)
        self.seated_since: list[int | None] = [None] * seats
        self.status = OPEN
        self.state: Any = None
        self.chance_count = int((initial or {}).get("chance_count", 0))
        self.start_version: int | None = None
        self.undo_request: dict | None = None
        self.undone: list[list[int]] = []
        self.result: dict | None = None

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        *,
        id: UUID,  # noqa: A002
        game: Game,
        options: dict,
        seats: int,
        undo_policy: str,
        seed: str,
        forked_from: dict | None = None,
        initial: dict | None = None,
        command_id: str | None = None,
    ) -> Table:
        timestamp = cls.Opened.create_timestamp()
        payload, digest = hashchain.sealed(
            hashchain.GENESIS, cls.INITIAL_VERSION, "Opened",
            {
                "game": game.name,
                "options": options,
                "seats": seats,
                "undo_policy": undo_policy,
                "rules_version": game.rules_version,
                "seed_commitment": commitment(seed),
                "seed": seed,
                "forked_from": forked_from,
                "initial": initial,
                "command_id": command_id,
                "chain_format": hashchain.CHAIN_FORMAT,
            },
            timestamp,
        )
        return cls._create(cls.Opened, id=id, prev_hash=hashchain.GENESIS, digest=digest, timestamp=timestamp,
                           **payload)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """Record an event, chaining it to the previous one's digest (and, in chain format 2, to
        its timestamp)."""
        timestamp = event_class.create_timestamp()
        hashed = timestamp if getattr(self, "chain_format", 1) >= 2 else None
        payload, digest = hashchain.sealed(self.head_hash, self.version + 1, event_class.__name__, kwargs, hashed)
        steps = self.__dict__.get(STEPS)
        before = (self.state, tuple(self.players), self.rules_version) if steps is not None else None
        super().trigger_event(event_class, prev_hash=self.head_hash, digest=digest, timestamp=timestamp, **payload)
        if steps is not None:  # recorded once the event applied: a refused one leaves no step
            steps.append(before)

    def deciding_copy(self) -> Table:
        """``working_copy`` for a command that will be saved: it also keeps, per event it records,
        the table's game state, seats and rules version just before that event (``STEPS``, taken
        off by ``Tables.save``).

        Why: the live stream of the process that saves renders each new event's sentence from the
        table before and after it; it re-applied every event through the rules to get them
        (``Table.Event.mutate``), though the command had just computed each of those states. The
        states are the command's own, never mutated afterwards (events replace the state, the
        rules are pure), so keeping references costs nothing but a tuple of the seats."""
        twin = self.working_copy()
        twin.__dict__[STEPS] = []
        return twin

    def working_copy(self) -> Table:
        """A copy to decide a command on, so the original (shared by readers, cached) never changes.

        Cheap by design: events replace what they change (a new game state from the pure rules, a
        new player dict) instead of editing it, so only the containers events add to are copied;
        a game state that is not a frozen dataclass (a test game's dict) is deep-copied.
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._pending_events = []
        twin.__dict__.pop(STEPS, None)  # a copy records steps only as a ``deciding_copy``
        twin.players = list(self.players)
        twin.commands = dict(self.commands)
        twin.undone = list(self.undone)
        twin.undo_request = copy.deepcopy(self.undo_request)
        if getattr(self, "seated_since", None) is not None:
            twin.seated_since = list(self.seated_since)
        if not immutable_state(self.state):
            twin.state = copy.deepcopy(self.state)
        return twin

    # -- derived facts ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The rules this table plays: the version it was opened with (or adopted since), one
        dictionary lookup per event like a game without versions."""
        return get_game(self.game_name, self.rules_version)

    def free_seats(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p is None]

    def is_bot(self, seat: int) -> bool:
        player = self.players[seat]
        return bool(player and player["bot"])

    def bot_level(self, seat: int) -> str | None:
        """The level a bot seat plays at (a bot seated before levels existed plays the default)."""
        player = self.players[seat]
        return (player.get("level") or DEFAULT_BOT_LEVEL) if player and player["bot"] else None

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state) if self.status == RUNNING else frozenset()

    # -- seats ------------------------------------------------------------------------------

    def take_seat(self, seat: int | None, name: str, bot: bool, command_id: str | None,
                  level: str | None = None) -> int:
        if self.status != OPEN:
            raise WrongPhase("seats can only be taken before the game starts")
        free = self.free_seats()
        if not free:
            raise TableFull(f"all {self.seats} seats are taken")
        if seat is None:
            seat = free[0]
        elif not 0 <= seat < self.seats:
            raise SeatNotTaken(f"there is no seat {seat}; seats are 0 to {self.seats - 1}")
        elif seat not in free:
            raise SeatTaken(f"seat {seat} is already taken")
        level = (level or DEFAULT_BOT_LEVEL) if bot else None
        self.trigger_event(self.SeatTaken, seat=seat, name=name, bot=bot, command_id=command_id, level=level)
        return seat

    class SeatTaken(Event):
        seat: int
        name: str
        bot: bool
        command_id: str | None
        #: A bot seat's level (``BOT_LEVELS``); None for a person. Events recorded before levels
        #: existed lack the field (and their digest does not cover it): their bots play the default.
        level: str | None = None

        def apply(self, table: Table) -> None:
            level = (getattr(self, "level", None) or DEFAULT_BOT_LEVEL) if self.bot else None
            table.players[self.seat] = {"name": self.name, "bot": self.bot, "level": level}
            since = getattr(table, "seated_since", None)
            if since is not None:
                since[self.seat] = self.originator_version

    def leave(self, seat: int, command_id: str | None) -> None:
        if self.status == FINISHED:
            raise WrongPhase("the game is over; there is nothing to leave")
        if not 0 <= seat < self.seats or self.players[seat] is None:
            raise SeatNotTaken(f"seat {seat} is not taken")
        self.trigger_event(self.SeatLeft, seat=seat, replaced_by_bot=self.status == RUNNING, command_id=command_id)

    class SeatLeft(Event):
        seat: int
        replaced_by_bot: bool
        command_id: str | None

        def apply(self, table: Table) -> None:
            if self.replaced_by_bot:
                table.players[self.seat] = {"name": table.players[self.seat]["name"], "bot": True,
                                            "level": DEFAULT_BOT_LEVEL}
            else:
                table.players[self.seat] = None

    # -- play -------------------------------------------------------------------------------

    def start(self, command_id: str | None) -> None:
        if self.status != OPEN:
            raise WrongPhase(f"the game is already {self.status}")
        if self.free_seats():
            free = ", ".join(str(s) for s in self.free_seats())
            raise WrongPhase(f"every seat must be taken before the start (free: {free})")
        self.trigger_event(self.GameStarted, command_id=command_id)

    class GameStarted(Event):
        command_id: str | None

        def apply(self, table: Table) -> None:
            game = table.game
            initial = table.initial or {}
            if "state" in initial:
                table.state = game.from_dict(initial["state"])
            else:
                table.state = game.setup(table.seats, table.options)
            table.status = RUNNING
            table.start_version = self.originator_version

    def play(self, seat: int, move: dict, command_id: str | None) -> None:
        if self.status != RUNNING:
            raise WrongPhase("moves are played once the game has started" if self.status == OPEN else "the game is over")
        if self.undo_request:
            raise WrongPhase("an undo vote is pending; vote on it before playing on")
        self.trigger_event(self.MovePlayed, seat=seat, move=move, command_id=command_id)

    class MovePlayed(Event):
        seat: int
        move: dict
        command_id: str | None

        def apply(self, table: Table) -> None:
            table.state = table.game.play(table.state, self.seat, self.move)

    def resolve_chance(self) -> None:
        request = self.game.chance(self.state)
        outcome = draw(request, self.seed, self.chance_count)
        self.trigger_event(self.ChanceResolved, n=self.chance_count, request=request.to_dict(), outcome=outcome)

    class ChanceResolved(Event):
        n: int
        request: dict
        outcome: Any

        def apply(self, table: Table) -> None:
            table.state = table.game.resolve_chance(table.state, self.outcome)
            table.chance_count = self.n + 1

    def finish(self) -> None:
        scores = self.game.scores(self.state)
        # The end states what it closes, so a record cut short and re-chained is found without a
        # receipt unless this event is forged too (docs/record.md, "What each check catches").
        self.trigger_event(
            self.GameFinished, scores=scores.to_dict(), winners=list(scores.winners), seed=self.seed,
            chance_count=self.chance_count, final_version=self.version + 1,
        )

    class GameFinished(Event):
        scores: dict
        winners: list
        seed: str
        #: Chance steps drawn by the end (the next step's n) and this event's own version; None in
        #: events stored before they were recorded (their digests hash no such field).
        chance_count: int | None = None
        final_version: int | None = None

        def apply(self, table: Table) -> None:
            table.status = FINISHED
            table.result = {"scores": self.scores, "winners": self.winners}

    # -- undo -------------------------------------------------------------------------------

    def request_undo(self, seat: int, to_version: int, needs: list[int], command_id: str | None) -> None:
        self.trigger_event(self.UndoRequested, seat=seat, to_version=to_version, needs=needs, command_id=command_id)

    class UndoRequested(Event):
        seat: int
        to_version: int
        needs: list
        command_id: str | None

        def apply(self, table: Table) -> None:
            table.undo_request = {
                "by": self.seat,
                "to_version": self.to_version,
                "needs": list(self.needs),
                "approvals": [],
                "at": self.originator_version,
            }

    def vote_undo(self, seat: int, approve: bool, command_id: str | None) -> None:
        self.trigger_event(self.UndoVoted, seat=seat, approve=approve, command_id=command_id)

    class UndoVoted(Event):
        seat: int
        approve: bool
        command_id: str | None

        def apply(self, table: Table) -> None:
            if not self.approve:
                table.undo_request = None
            else:
                table.undo_request["approvals"].append(self.seat)

    def undo(self, seat: int, to_version: int, approvals: list[int], past: Table, command_id: str | None) -> None:
        """Go back to ``to_version``; the undone span ends before the request (votes stay live)."""
        last = self.undo_request["at"] - 1 if self.undo_request else self.version
        self.trigger_event(
            self.Undone,
            to_version=to_version,
            undone=[to_version + 1, last],
            by=seat,
            approvals=approvals,
            state=past.game.to_dict(past.state),
            chance_count=past.chance_count,
            command_id=command_id,
        )

    class Undone(Event):
        to_version: int
        undone: list
        by: int
        approvals: list
        state: dict
        chance_count: int
        command_id: str | None

        def apply(self, table: Table) -> None:
            table.undone.append(list(self.undone))
            table.state = table.game.from_dict(self.state)
            table.chance_count = self.chance_count
            table.undo_request = None

    # -- rules versions ---------------------------------------------------------------------

    def adopt_rules(self, version: str, checked_events: int, command_id: str | None) -> None:
        """Play on under rules ``version``: the caller has checked that the table's first
        ``checked_events`` events make the same game under them (``Tables.adopt_newest_rules``);
        the events before stay as they were."""
        get_game(self.game_name, version)  # an unknown version is refused here, before anything is recorded
        self.trigger_event(self.RulesVersionAdopted, from_version=self.rules_version, to_version=version,
                           checked_events=checked_events, command_id=command_id)

    class RulesVersionAdopted(Event):
        """Class version 2 records how many events the rules check replayed identically under the
        adopted rules; version 1 (the first shape) did not, and is upcast on read."""

        class_version = 2
        upcast_fields = ("checked_events",)  # absent from a version-1 event's stored (hashed) payload
        from_version: str
        to_version: str
        checked_events: int
        command_id: str | None

        @staticmethod
        def upcast_v1_v2(state: dict) -> None:
            # A version-1 event was recorded right after the events its check covered (the
            # migrate is refused as stale otherwise): every event before it.
            hashchain.upcast_adds(state, checked_events=state["originator_version"] - 1)

        def apply(self, table: Table) -> None:
            before = table.game
            table.rules_version = self.to_version
            if table.state is not None:  # the state as the adopted rules read it
                table.state = table.game.from_dict(before.to_dict(table.state))

    def is_undone(self, version: int) -> bool:
        return any(start <= version <= end for start, end in self.undone)



def immutable_state(state: Any) -> bool:
    """Whether a game state is never edited in place (None, or a frozen dataclass): a copy of the
    table may share it, and a reference to it stays the state it was."""
    return state is None or (dataclasses.is_dataclass(state) and type(state).__dataclass_params__.frozen)
