"""The Tables application: one method per command a player or operator can give, and the queries.

Each command loads one table, checks ``command_id`` (a retry returns the first result and records
nothing) and ``expected_version``, lets the aggregate decide, then plays every automatic
consequence (chance steps drawn from the seed, bot seats' moves, the end of the game) and saves
once. A save that loses a race (``IntegrityError``) is retried from a fresh read a bounded number
of times, then refused with ``Conflict``. Persistence is chosen by the ``env`` given by the
caller (in-memory, SQLite or PostgreSQL, as the eventsourcing library reads it).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid4, uuid5

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent, Repository
from eventsourcing.persistence import EventStore, IntegrityError, JSONTranscoder, Transcoding

from domain.audit import AuditReport, audit_events
from domain.branching import SAMPLED, branch_state
from domain.errors import (
    Conflict,
    DomainError,
    InvalidOptions,
    NoPreview,
    NotYourTurn,
    NoUndoPending,
    SeatNotTaken,
    StaleVersion,
    TableNotFound,
    UndoRefused,
    UnknownVersion,
    WrongPhase,
)
from domain.fairness import bot_rng, new_seed
from domain.games import GAMES, get_game
from domain.games.game import BOT_LEVELS, CHANCE, DEFAULT_BOT_LEVEL, BotInput, Game, Move
from domain.log import LogEntry, table_log
from domain.rules_check import RulesRefused, TableCheck, check_table
from domain.score_history import history_of
from domain.snapshots import UNKEYED, SealedSnapshotStore, sealed
from domain.table import FINISHED, RUNNING, STEPS, UNDO_POLICIES, Step, Table, immutable_state
from domain.undo import crossing

#: Bound on automatic steps (chance and bots) one command may cause; a game that needs more is a bug.
MAX_AUTOMATIC_STEPS = 100_000
SAVE_ATTEMPTS = 12
MAX_NAME = 40

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Receipt:
    """What a command answers: the table, its version after the command, and the store position.

    ``duplicate`` is true when ``command_id`` had been seen: nothing new was recorded and
    ``version`` is the version at which the first attempt's event was recorded.

    ``table`` is the table exactly as this command saved it (at ``version``; None for a duplicate
    and for the commands that do not keep it): what the answer may compute from without reading
    the store again (``Tables.legal_moves_in``: the seat's next moves, issue 39's one round trip).
    Shared with every reader of the latest version: never mutate it.
    """

    table_id: UUID
    version: int
    position: int | None = None
    seat: int | None = None
    duplicate: bool = False
    table: Table | None = field(default=None, compare=False, repr=False)


class _StateTranscoding(Transcoding):
    """Stores a game's state (in snapshots) through the game's own ``to_dict``/``from_dict``."""

    def __init__(self, game: Game) -> None:
        self.type = game.state_type
        self.name = f"{game.name}_state"
        self._game = game

    def encode(self, obj: Any) -> dict:
        return self._game.to_dict(obj)

    def decode(self, data: dict) -> Any:
        return self._game.from_dict(data)


class Tables(Application):
    """Opens tables, seats players, plays moves, undoes, forks; answers views, logs and audits."""

    name = "Tables"
    snapshotting_intervals = {Table: 100}
    log_section_size = 500

    def __init__(self, env: Mapping[str, str] | None = None,
                 on_saved: Iterable[Callable[[UUID, int], None]] = (), snapshot_key: bytes | None = None,
                 defer_bots: bool = False) -> None:
        #: Seals snapshots (``domain.snapshots``); a server passes a key derived from its secret.
        self._snapshot_key = snapshot_key or UNKEYED
        #: True: a command stops where a bot seat must act (after its chance steps) and tells
        #: ``on_bots_due``; ``play_bots`` then plays the bots as a command of their own, in another
        #: process (``api/bot_worker.py``), so the person's answer never waits for a bot's decision.
        #: False (the default): the bots play inside the command that hands them the turn.
        self.defer_bots = defer_bots
        super().__init__(env)
        self._latest = LatestTables(int(self.env.get(self.AGGREGATE_CACHE_MAXSIZE) or 0))
        #: Called with (table id, version) after every successful save (fan-out hooks in here).
        #: A failing listener is logged and never fails the command: the save already happened.
        self.on_saved: list[Callable[[UUID, int], None]] = list(on_saved)
        #: Called with (table id, its events just recorded in version order, the table as saved,
        #: the steps or None) by every save of a lone table, once the store has them and before
        #: ``on_saved``: this process's live streams render those versions from them instead of
        #: reading them back from the store and applying them again. The steps, when the command
        #: kept them (``Table.deciding_copy``), are one ``(game state, seats, rules version)`` per
        #: event, as the table was just before it; the state after the last event is the saved
        #: table's. Everything is shared: never mutate it (the saved table becomes this process's
        #: latest version). A failing listener is logged, like ``on_saved``'s.
        self.on_recorded: list[Callable[[UUID, Sequence[Table.Event], Table, Sequence[Step] | None], None]] = []
        #: Called with the table id after a save that left a bot seat to act (``defer_bots`` only):
        #: the bot queue hooks in here. A failing listener is logged, like ``on_saved``'s; the
        #: bots worker re-checks every running table when it starts, so nothing waits forever.
        self.on_bots_due: list[Callable[[UUID], None]] = []
        #: Called by ``close`` before the store's connections close: threads that read through this
        #: application (the embedded projections) stop here, never mid-query on a closed connection.
        self.on_close: list[Callable[[], None]] = []

    def close(self) -> None:
        self.closing.set()
        for stop in self.on_close:
            try:
                stop()
            except Exception:  # noqa: BLE001 - closing goes on
                log.exception("a close hook failed")
        super().close()

    def _saved(self, table_id: UUID, version: int) -> None:
        for listener in self.on_saved:
            try:
                listener(table_id, version)
            except Exception:  # noqa: BLE001
                log.exception("after-save listener failed for table %s version %s", table_id, version)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The library's ``save``; a lone ``Table`` skips its two ``isinstance`` checks against
        runtime-checkable protocols (``ProcessingEvent.collect_events``: about 50 µs a save, a
        protocol check walks every attribute the protocol names), the rest is the library's own
        sequence: record, snapshot, notify."""
        if len(objs) != 1 or kwargs or type(objs[0]) is not Table:
            return super().save(*objs, **kwargs)
        table = objs[0]
        steps = table.__dict__.pop(STEPS, None)  # never part of what is saved (snapshots, equality)
        processing_event: ProcessingEvent = ProcessingEvent()
        processing_event.events.extend(table.collect_events())
        processing_event.aggregates[table.id] = table
        recordings = self._record(processing_event)
        if self.on_recorded:
            events = processing_event.events
            if steps is not None and (len(steps) != len(events) or not immutable_state(table.state)):
                steps = None  # not one per event (a table opened in this save), or a state a rule may edit
            for listener in self.on_recorded:
                try:
                    listener(table.id, events, table, steps)
                except Exception:  # noqa: BLE001 - the save already happened
                    log.exception("after-record listener failed for table %s", table.id)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's deprecated hook, still called by its save
        return recordings

    def construct_snapshot_store(self) -> EventStore:
        """The snapshot store loads read through: only snapshots sealed with this key are used."""
        store = SealedSnapshotStore(mapper=self.mapper, recorder=self.factory.aggregate_recorder(purpose="snapshots"))
        store.key = self._snapshot_key
        return store

    def take_snapshot(self, aggregate_id: UUID, version: int | None = None, projector_func: Any = None) -> None:
        """A sealed snapshot of the table at ``version`` (the latest when None)."""
        if self.snapshots is None:
            raise AssertionError("this application keeps no snapshots")
        self.snapshots.put([sealed(self._snapshot_key, self.repository.get(aggregate_id, version=version))])

    def construct_repository(self) -> Repository:
        """The library's repository without its cache: ``LatestTables`` replaces it (the library's
        cache deep-copies the table on every read and re-applies every saved event to catch up)."""
        return Repository(event_store=self.events, snapshot_store=self.snapshots, cache_maxsize=None)

    @contextmanager
    def reusing(self, table: Table, *, read: bool = True,
                check: Callable[[Table], None] | None = None) -> Iterator[None]:
        """Within the block, ``table`` (loaded by the caller, e.g. to check a seat token) is the
        latest version of its table: the command or query the caller then runs reads nothing more
        from the store. A command that loses a save race still re-reads the store.

        ``read=False``: ``table`` is this process's own latest version, not read for this request
        (``own_latest``). A command decides on it, and when it is refused there, or its save finds
        the version taken, it is decided again on the store's latest. ``check`` (the caller's
        token check) runs again on every table re-read for the command, so the version a command
        is decided on is the version its seat token was checked against."""
        reset = _REUSE.set(_Reused(table, read, check))
        try:
            yield
        finally:
            _REUSE.reset(reset)

    def own_latest(self, table_id: UUID) -> Table | None:
        """The table as this process last saved or read it, without reading the store, when no
        other process has been seen writing to it (None otherwise, or when it is not cached).

        Why: a command on a table only this process writes (a seat on a keep-alive connection, its
        bots played in the same save) needs no look for newer events; if another process did
        write, the command's save finds its version taken and is decided again (``reusing``)."""
        return self._latest.own(table_id)

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for game in GAMES.values():
            if game.state_type is not dict:
                transcoder.register(_StateTranscoding(game))

    # -- commands ---------------------------------------------------------------------------

    def open_table(
        self,
        game: str,
        seats: int,
        options: Mapping[str, Any] | None = None,
        undo_policy: str = "consent",
        command_id: str | None = None,
    ) -> Receipt:
        """Open a table for ``game`` with ``seats`` seats; its secret seed is drawn now."""
        found = get_game(game)
        resolved = found.resolve_options(seats, options)
        if undo_policy not in UNDO_POLICIES:
            raise InvalidOptions(f"undo policy must be one of {', '.join(UNDO_POLICIES)}, not {undo_policy!r}")
        table_id = uuid5(NAMESPACE_URL, f"tabletop:command:{command_id}") if command_id else uuid4()
        table = Table.open(
            id=table_id, game=found, options=resolved, seats=seats, undo_policy=undo_policy,
            seed=new_seed(), command_id=command_id,
        )
        try:
            recordings = self.save(table)
        except IntegrityError:
            existing = self._get(table_id)
            return Receipt(table_id, existing.commands.get(command_id, 1), duplicate=True)
        self._latest.put(table)
        self._saved(table_id, table.version)
        return Receipt(table_id, table.version, recordings[-1].notification.id)

    def take_seat(
        self,
        table_id: UUID,
        name: str,
        seat: int | None = None,
        bot: bool = False,
        command_id: str | None = None,
        expected_version: int | None = None,
        level: str | None = None,
    ) -> Receipt:
        """Take a seat (the first free one unless ``seat`` is given), for a person or a bot; a bot
        plays at ``level`` (one of ``BOT_LEVELS``, default ``DEFAULT_BOT_LEVEL``)."""
        name = _check_name(name)
        level = _check_level(level, bot)
        taken: list[int] = []
        receipt = self._command(
            table_id, command_id, expected_version,
            lambda t: taken.append(t.take_seat(seat, name, bot, command_id, level)),
        )
        if receipt.duplicate:
            event = self._event_at(table_id, receipt.version)
            if not isinstance(event, Table.SeatTaken) or (event.name, event.bot) != (name, bot) or seat not in (
                None, event.seat
            ) or getattr(event, "level", None) != level:
                # a retry repeats its first request: nobody else collects that seat's token
                raise Conflict(f"command_id {command_id!r} was used by another request; "
                               "a retry must repeat the first one (same name, seat, bot and level)",
                               self._version(table_id))
            return Receipt(table_id, receipt.version, seat=event.seat, duplicate=True)
        return Receipt(table_id, receipt.version, receipt.position, seat=taken[-1])  # the attempt that was saved

    def leave(self, table_id: UUID, seat: int, command_id: str | None = None,
              expected_version: int | None = None) -> Receipt:
        """Leave a seat: before the start it is freed; during play a bot takes it over."""
        return self._command(table_id, command_id, expected_version, lambda t: t.leave(seat, command_id))

    def start(self, table_id: UUID, seat: int | None = None, command_id: str | None = None,
              expected_version: int | None = None) -> Receipt:
        """Start the game once every seat is taken."""

        def start(table: Table) -> None:
            if seat is not None:
                _check_seated(table, seat)
            table.start(command_id)

        return self._command(table_id, command_id, expected_version, start)

    def play_move(self, table_id: UUID, seat: int, move: Any, command_id: str | None = None,
                  expected_version: int | None = None) -> Receipt:
        """Play a move for ``seat``; chance steps and bot seats then act in the same save."""

        def play(table: Table) -> None:
            _check_seated(table, seat)
            if table.is_bot(seat):
                raise NotYourTurn(None, f"seat {seat} is played by a bot")
            table.play(seat, move, command_id)

        return self._command(table_id, command_id, expected_version, play)

    def request_undo(self, table_id: UUID, seat: int, to_version: int, command_id: str | None = None,
                     expected_version: int | None = None) -> Receipt:
        """Ask to take the table back to ``to_version``; immediate when the span showed you nothing
        you did not decide (only your own moves, revealing nothing: ``domain/undo.py``), otherwise
        every other seated player must approve. Bots approve unless it crosses a reveal or chance."""

        def request(table: Table) -> None:
            _check_seated(table, seat)
            if table.undo_policy == "off":
                raise UndoRefused("undo is off at this table")
            if table.status != RUNNING:
                raise UndoRefused("only a running game can be undone (fork a finished one instead)")
            if table.undo_request:
                raise UndoRefused("an undo vote is already pending")
            if not isinstance(to_version, int) or isinstance(to_version, bool) or not (
                table.start_version <= to_version < table.version
            ):
                raise UnknownVersion(
                    f"undo needs a version from {table.start_version} to {table.version - 1}, not {to_version}"
                )
            if table.is_undone(to_version):
                raise UnknownVersion(f"version {to_version} was itself undone")
            needs, reveals = self._undo_needs(table, seat, to_version)
            bots = [s for s in needs if table.is_bot(s)]
            if bots and reveals:
                raise UndoRefused(
                    f"{'bots at seats' if len(bots) > 1 else 'the bot at seat'} {', '.join(map(str, bots))} refuse an undo "
                    "that crosses a reveal or a chance step (a table with undo policy 'free' allows it)"
                )
            if needs and len(bots) < len(needs):
                table.request_undo(seat, to_version, needs, command_id)
                for voter in bots:
                    table.vote_undo(voter, True, None)
            else:  # immediate: nobody (or only bots, approving an undo that reveals nothing) must be asked
                table.undo(seat, to_version, needs, self._get(table.id, to_version), command_id)

        return self._command(table_id, command_id, expected_version, request)

    def vote_undo(self, table_id: UUID, seat: int, approve: bool, command_id: str | None = None,
                  expected_version: int | None = None) -> Receipt:
        """Approve or reject the pending undo; a rejection (or the requester's own) cancels it."""

        def vote(table: Table) -> None:
            _check_seated(table, seat)
            pending = table.undo_request
            if not pending:
                raise NoUndoPending("there is no undo request to vote on")
            if seat != pending["by"] and seat not in pending["needs"]:
                raise NotYourTurn(None, f"seat {seat} has no say in this undo")
            if seat in pending["approvals"]:
                raise NotYourTurn(None, f"seat {seat} has already voted")
            if seat == pending["by"] and approve:
                raise UndoRefused("the requester can only withdraw the request (approve=false)")
            table.vote_undo(seat, bool(approve), command_id)
            self._complete_undo(table)

        return self._command(table_id, command_id, expected_version, vote)

    def fork(self, table_id: UUID, version: int, command_id: str | None = None, *, as_seat: int | None = None,
             level: str | None = None, by: str | None = None, seed: str | None = None,
             rules_version: str | None = None) -> Receipt:
        """Open a new table from another's state at ``version``.

        Without ``as_seat``: a finished table's real state (nothing is hidden once a game is over);
        its human seats start free. With ``as_seat`` (the caller has checked the seat is theirs): a
        what-if branch of a running or finished table, from the state as that seat knew it, every
        hidden part sampled afresh (``domain.branching``); that seat starts free for the forker
        (``by`` is their name, for the log) and the others are bots at ``level``. ``seed`` is the
        new table's seed (tests fix it; otherwise a fresh one).

        ``rules_version``: the rules the new table plays. By default a fork plays the newest, like
        every new table (so a table pinned to older rules goes on under the newest, from any of its
        versions), and a what-if branch the source's own (the same game, another choice)."""
        source = self._get(table_id)
        rules = get_game(source.game_name, rules_version or (source.rules_version if as_seat is not None else None))
        if as_seat is None and source.status != FINISHED:
            raise WrongPhase("only a finished table can be forked as it was; a running one is branched "
                             "as one seat knew it (as_seat, with that seat's token)")
        if as_seat is not None and source.status not in (RUNNING, FINISHED):
            raise WrongPhase("only a game that has started can be branched")
        if not isinstance(version, int) or isinstance(version, bool) or not (
            source.start_version <= version <= source.version
        ):
            raise UnknownVersion(f"fork needs a version from {source.start_version} to {source.version}, not {version}")
        past = self._get(table_id, version)
        if past.status != RUNNING:
            raise UnknownVersion(f"version {version} is not inside the game")
        seed = seed or new_seed()
        origin: dict[str, Any] = {"table": str(table_id), "version": version}
        if as_seat is None:
            state, players = past.state, [p if p and p["bot"] else None for p in past.players]
        else:
            _check_seated(past, as_seat)
            level = _check_level(level, True)
            state = branch_state(source.game, past.state, as_seat, seed)
            players = [None if s == as_seat else {"name": f"Bot {s + 1}", "bot": True, "level": level}
                       for s in range(source.seats)]
            origin.update(as_seat=as_seat, by=_check_name(by) if by is not None else None,
                          what_if=True, sampled=SAMPLED)
        new_id = uuid5(NAMESPACE_URL, f"tabletop:command:{command_id}") if command_id else uuid4()
        table = Table.open(
            id=new_id, game=rules, options=source.options, seats=source.seats,
            undo_policy=source.undo_policy, seed=seed, command_id=command_id, forked_from=origin,
            initial={"state": past.game.to_dict(state), "chance_count": past.chance_count, "players": players},
        )
        try:
            recordings = self.save(table)
        except IntegrityError:
            return Receipt(new_id, 1, duplicate=True)
        self._latest.put(table)
        self._saved(new_id, table.version)
        return Receipt(new_id, table.version, recordings[-1].notification.id)

    def adopt_newest_rules(self, table_id: UUID, command_id: str | None = None) -> Receipt:
        """Move a table to its game's newest rules, only when ``check_rules`` finds its history
        replays under its own rules and is the same game, version by version and in its final
        scores, under the newest (``RulesRefused`` names the first version that differs
        otherwise: the table stays pinned, and a finished one can be forked under the newest)."""
        found = self.check_rules(table_id)
        if command_id and command_id in self._get(table_id).commands:
            return Receipt(table_id, self._get(table_id).commands[command_id], duplicate=True)
        if found.broken:
            raise RulesRefused(f"table {table_id} {found.sentence()}; it cannot move until that is repaired")
        if found.rules_version == found.newest:
            raise RulesRefused(f"table {table_id} already plays the newest rules ({found.newest})")
        if found.differs:
            version, event, what = found.differs
            raise RulesRefused(f"table {table_id} stays on rules {found.rules_version}: under rules {found.newest} "
                               f"it would differ from version {version} ({event}): {what}")
        return self._command(table_id, command_id, found.events,
                             lambda table: table.adopt_rules(found.newest, found.events, command_id))

    def check_rules(self, table_id: UUID) -> TableCheck:
        """Replay one stored table under its own rules and under the newest (``domain/rules_check.py``)."""
        events = list(self.events.get(table_id))
        if not events:
            raise TableNotFound(f"no table {table_id}")
        return check_table(table_id, events)

    def check_all_rules(self, game: str | None = None) -> Iterator[TableCheck]:
        """``check_rules`` for every stored table (of ``game`` when given), in opening order."""
        if game is not None:
            get_game(game)  # an unknown game is refused, not silently matched by nothing
        for table_id, name in self.opened_tables():
            if game is None or name == game:
                yield self.check_rules(table_id)

    def opened_tables(self) -> Iterable[tuple[UUID, str]]:
        """Every table and its game, in opening order (decoding only the ``Opened`` events)."""
        for item in self._openings():
            yield item.originator_id, self.mapper.to_domain_event(item).game

    # -- queries ----------------------------------------------------------------------------

    def table(self, table_id: UUID, version: int | None = None) -> Table:
        """The table aggregate now, or as it was right after ``version``."""
        return self._get(table_id, version)

    def summary(self, table_id: UUID, version: int | None = None) -> dict[str, Any]:
        """Public facts about a table (no secrets)."""
        return summarise(self._get(table_id, version))

    def view(self, table_id: UUID, viewer: int | None, version: int | None = None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) may see, now or at ``version``."""
        table = self._get(table_id, version)
        _check_viewer(table, viewer)
        result = {"table": summarise(table), "view": None}
        if table.state is not None:
            result["view"] = table.game.player_view(table.state, viewer)
        return result

    def legal_moves(self, table_id: UUID, seat: int) -> list[dict[str, Any]]:
        """Every move ``seat`` may play now (empty when none)."""
        return self.legal_moves_in(self._get(table_id), seat)

    @staticmethod
    def legal_moves_in(table: Table, seat: int) -> list[dict[str, Any]]:
        """Every move ``seat`` may play in ``table`` as it is (empty when none): ``legal_moves``
        on a table the caller holds, e.g. the one a command just saved (``Receipt.table``), so a
        move's answer lists the seat's next moves without a read, by the same rule as the query."""
        _check_seated(table, seat)
        if table.status != RUNNING or table.undo_request:
            return []
        return table.game.legal_moves(table.state, seat)

    def preview(self, table_id: UUID, seat: int, move: Any) -> dict[str, Any]:
        """What ``move`` (or its first steps) would make for ``seat`` now, before it is played: the
        game's optional ``preview`` (``domain/games/game.py``), which answers only what the seat's
        own view would show. Refused like the move itself (``IllegalMove`` naming the rule)."""
        table = self._get(table_id)
        _check_seated(table, seat)
        if table.status != RUNNING:
            raise WrongPhase("a move is previewed only while the game runs")
        if table.game.preview is None:
            raise NoPreview(f"{table.game.title} offers no preview of a move")
        return table.game.preview(table.state, seat, move)

    def scores(self, table_id: UUID, version: int | None = None) -> dict[str, Any]:
        """Live (or final) totals with the per-source breakdown."""
        table = self._get(table_id, version)
        if table.state is None:
            raise WrongPhase("the game has not started")
        return table.game.scores(table.state).to_dict()

    def score_history(self, table_id: UUID) -> list[dict[str, Any]]:
        """Every seat's total over the game, replayed (the read model holds the same points)."""
        self._get(table_id)  # an unknown table is refused here
        return history_of(self.events.get(table_id))

    def log(self, table_id: UUID, viewer: int | None, after: int = 0, limit: int = 100) -> list[LogEntry]:
        """The table's events as ``viewer`` may see them: one entry and one sentence per event.

        Read from the table as of ``after`` (its latest snapshot before, plus the events since)
        and the ``limit`` events that follow: the cost of a page does not grow with the history.
        """
        latest = self._get(table_id)
        _check_viewer(latest, viewer)
        after = max(0, after)
        upto = min(after + max(0, limit), latest.version)
        if upto <= after:
            return []
        start, since = self._snapshot_before(table_id, after)
        undone = {v for first, last in latest.undone for v in range(first, last + 1)}
        return table_log(self.events.get(table_id, gt=since or None, lte=upto), viewer, after=after, limit=limit,
                         table=start, undone=undone, over=latest.status == FINISHED)

    def _snapshot_before(self, table_id: UUID, version: int) -> tuple[Table | None, int]:
        """The table from its latest snapshot at or before ``version`` and that snapshot's version,
        or ``(None, 0)`` when there is none (a table shorter than the snapshot interval has none,
        and is not asked)."""
        interval = (self.snapshotting_intervals or {}).get(Table)
        if self.snapshots is None or not interval or version < interval:
            return None, 0
        found = list(self.snapshots.get(table_id, desc=True, limit=1, lte=version))
        return (found[0].mutate(None), found[0].originator_version) if found else (None, 0)

    def audit(self, table_id: UUID, anchors: Iterable[tuple[int, str]] = ()) -> AuditReport:
        """Re-derive the table from its stored events and check every guarantee, every stored
        snapshot against the replayed state, and the chain against ``anchors``: ``(version,
        head digest)`` pairs the caller has authenticated (signed receipts), which reveal a
        history cut short or rewritten after they were given."""
        stored = self.recorder.select_events(table_id)
        if not stored:
            raise TableNotFound(f"no table {table_id}")
        snapshots = []
        if self.snapshots is not None:
            snapshots = list(self._decode(self.snapshots.recorder.select_events(table_id)))
        return audit_events(self._decode(stored), anchors=anchors, snapshots=snapshots)

    def head_at(self, table_id: UUID, version: int) -> str:
        """The digest of the table's event at ``version`` (the chain's head as of that version)."""
        known = self._latest.get(table_id)
        if known is not None and known.version == version:
            return known.head_hash
        event = self._event_at(table_id, version)
        if event is None:
            raise UnknownVersion(f"table {table_id} has no version {version}")
        return event.digest

    def table_ids(self) -> Iterable[UUID]:
        """Every table, in opening order (a read model replaces this once projections exist)."""
        for item in self._openings():
            yield item.originator_id

    def _openings(self) -> Iterator[Any]:
        """The stored ``Opened`` notification of every table, in opening order, undecoded."""
        start = 0
        while True:
            items = self.recorder.select_notifications(start=start, limit=500, inclusive_of_start=False)
            if not items:
                return
            for item in items:
                if item.originator_version == 1:
                    yield item
            start = items[-1].id

    # -- the command pipeline ---------------------------------------------------------------

    def _command(self, table_id: UUID, command_id: str | None, expected_version: int | None,
                 decide: Callable[[Table], None]) -> Receipt:
        reused = _REUSE.get()
        if reused is not None and reused.table.id != table_id:
            reused = None
        for attempt in range(SAVE_ATTEMPTS):
            if attempt == 0:
                current = self._get(table_id)
            else:
                current = self._latest_table(table_id)
                if reused is not None and reused.check is not None:
                    reused.check(current)  # the seat's token, against the version decided on
            unread = attempt == 0 and reused is not None and not reused.read and current is reused.table
            try:
                if command_id and command_id in current.commands:
                    return Receipt(table_id, current.commands[command_id], duplicate=True)
                if expected_version is not None and expected_version != current.version:
                    raise StaleVersion(expected_version, current.version)
                table = current.deciding_copy()  # readers keep sharing ``current``; a refusal leaves it as it was
                decide(table)
                bots_due = self._advance(table, bots=not self.defer_bots)
            except DomainError:
                if unread and self._latest_table(table_id).version != current.version:
                    continue  # refused on an old version: decide again on the latest
                raise
            try:
                recordings = self.save(table)
            except IntegrityError:
                if not unread:  # a race lost, not an old version: let the winner finish
                    time.sleep(random.uniform(0, 0.003 * (attempt + 1)))
                continue
            # The saved copy is exactly what a fresh load would give: it becomes the latest
            # version here (no event is read back and applied again).
            self._latest.put(table)
            position = recordings[-1].notification.id if recordings else None
            self._saved(table_id, table.version)
            if bots_due:
                self._bots_due(table_id)
            return Receipt(table_id, table.version, position, table=table)
        raise Conflict("the table changed under this command too many times; reload and retry", self._version(table_id))

    def play_bots(self, table_id: UUID) -> Receipt | None:
        """Play the bot seats' moves a deferred command left (``defer_bots``), and every chance
        step between them, up to the next person's turn or the end, in one save: exactly the moves
        ``_advance`` would have played inside that command (the same versions, so the same
        ``bot_rng(seed, version, seat)``, the same view-only input, the same events).

        Idempotent: None when no bot seat has anything to do (already played, a person moved
        first, the game is over), so a table queued twice, or re-checked on a worker's start,
        costs one read. A save that loses a race with a person's command (a simultaneous step)
        decides again on the latest version, as any command does."""
        for attempt in range(SAVE_ATTEMPTS):
            current = self._latest_table(table_id)
            if not bots_to_act(current):
                return None
            table = current.deciding_copy()
            self._advance(table, bots=True)
            try:
                recordings = self.save(table)
            except IntegrityError:
                time.sleep(random.uniform(0, 0.003 * (attempt + 1)))
                continue
            self._latest.put(table)
            self._saved(table_id, table.version)
            return Receipt(table_id, table.version, recordings[-1].notification.id if recordings else None)
        raise Conflict("the table changed under the bots' command too many times", self._version(table_id))

    def bots_due(self, table_id: UUID) -> bool:
        """Whether a bot seat must act at the table now (what ``play_bots`` would play)."""
        return bots_to_act(self._latest_table(table_id))

    def _bots_due(self, table_id: UUID) -> None:
        for listener in self.on_bots_due:
            try:
                listener(table_id)
            except Exception:  # noqa: BLE001 - the save happened; a restarted worker finds the table
                log.exception("bots-due listener failed for table %s", table_id)

    def _advance(self, table: Table, bots: bool = True) -> bool:
        """Play what no person needs to: chance steps, bot seats (unless ``bots`` is False), the
        end of the game. True when it stopped because a bot seat must act (``bots`` False)."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            if table.status != RUNNING or table.undo_request:
                return False
            game = table.game
            if game.is_over(table.state):
                table.finish()
                return False
            actors = game.to_act(table.state)
            if CHANCE in actors:
                table.resolve_chance()
                continue
            bots_to_play = sorted(s for s in actors if table.is_bot(s))
            if not bots_to_play:
                return False
            if not bots:
                return True
            seat = bots_to_play[0]
            move = bot_decision(game, table.state, seat, table.bot_level(seat),
                                bot_rng(table.seed, table.version, seat))
            table.play(seat, move, None)
        raise RuntimeError(f"{table.game_name}: more than {MAX_AUTOMATIC_STEPS} automatic steps in one command")

    def _undo_needs(self, table: Table, seat: int, to_version: int) -> tuple[list[int], bool]:
        """The seats that must approve an undo back to ``to_version`` (empty: immediate), and
        whether the span crosses a reveal or a chance step (see ``domain/undo.py``)."""
        if table.undo_policy == "free":
            return [], False
        found = crossing(
            self._get(table.id, to_version), self.events.get(table.id, gt=to_version), seat, table.is_undone
        )
        if not found.others:
            return [], False
        return [s for s, p in enumerate(table.players) if p is not None and s != seat], found.reveals

    def _complete_undo(self, table: Table) -> None:
        pending = table.undo_request
        if pending and set(pending["needs"]) <= set(pending["approvals"]):
            past = self._get(table.id, pending["to_version"])
            table.undo(pending["by"], pending["to_version"], sorted(pending["approvals"]), past, None)

    def _get(self, table_id: UUID, version: int | None = None) -> Table:
        """The table now (see ``_latest_table``) or at ``version``. Shared: never mutate it."""
        if version is not None and (not isinstance(version, int) or isinstance(version, bool) or version < 1):
            raise UnknownVersion(f"versions start at 1, not {version!r}")
        reused = _REUSE.get()
        if reused is not None and reused.table.id == table_id and (version is None or version == reused.table.version):
            return reused.table
        if version is None:
            return self._latest_table(table_id)
        known = self._latest.get(table_id)
        if known is not None and known.version == version:
            return known
        try:
            table = self.repository.get(table_id, version=version)
        except AggregateNotFoundError:
            raise TableNotFound(f"no table {table_id}") from None
        if table.version != version:
            raise UnknownVersion(f"table {table_id} has no version {version} (it is at {table.version})")
        return table

    def _latest_table(self, table_id: UUID) -> Table:
        """The table's latest version: one read of the events after the version this process
        knows (none when it is current), else a load from the latest snapshot."""
        known = self._latest.get(table_id)
        if known is None:
            try:
                table = self.repository.get(table_id)
            except AggregateNotFoundError:
                raise TableNotFound(f"no table {table_id}") from None
        else:
            newer = list(self.events.get(table_id, gt=known.version))
            if not newer:
                return known
            self._latest.shared(table_id)  # this process saves what it writes: another one wrote these
            table = known.working_copy()
            for event in newer:
                table = event.mutate(table)
        self._latest.put(table)
        return table

    def _take_snapshots(self, processing_event: ProcessingEvent) -> None:
        """Snapshot the saved table itself when its save crossed a multiple of the interval (the
        library would reload it from the previous snapshot and replay up to 100 events)."""
        interval = (self.snapshotting_intervals or {}).get(Table)
        if self.snapshots is None or not interval:
            return
        for table_id, table in processing_event.aggregates.items():
            if not isinstance(table, Table):
                continue
            versions = [e.originator_version for e in processing_event.events if e.originator_id == table_id]
            if versions and any(v % interval == 0 for v in versions):
                self.snapshots.put([sealed(self._snapshot_key, table)])

    def _version(self, table_id: UUID) -> int | None:
        try:
            return self._latest_table(table_id).version
        except DomainError:
            return None

    def _decode(self, stored: Iterable[Any]) -> Iterable[tuple[int, Any]]:
        for item in stored:
            try:
                yield item.originator_version, self.mapper.to_domain_event(item)
            except Exception as error:  # noqa: BLE001 - an unreadable event is an audit finding
                yield item.originator_version, error

    def _event_at(self, table_id: UUID, version: int) -> Any:
        return next(iter(self.events.get(table_id, gt=version - 1, lte=version)), None)


@dataclass(frozen=True)
class _Reused:
    """The table a caller already has for the request in progress (``Tables.reusing``)."""

    table: Table
    read: bool  # read from the store for this request (False: this process's own latest, unread)
    check: Callable[[Table], None] | None  # run again on a table re-read for a command


_REUSE: ContextVar[_Reused | None] = ContextVar("tabletop_reused_table", default=None)


class LatestTables:
    """The latest known version of recently used tables, shared by every request of the process.

    Entries are never mutated (commands decide on a ``working_copy``), so readers take them as
    they are, without a copy. ``put`` keeps the newer of two versions; a table another process
    changed is caught up by ``Tables._latest_table`` reading only the events after it, and is
    marked ``shared`` for as long as it stays cached (``own`` then gives None).
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._tables: OrderedDict[UUID, Table] = OrderedDict()
        self._shared: set[UUID] = set()
        self._lock = threading.Lock()

    def own(self, table_id: UUID) -> Table | None:
        """The cached table, unless another process was seen writing to it."""
        with self._lock:
            if table_id in self._shared:
                return None
            table = self._tables.get(table_id)
            if table is not None:
                self._tables.move_to_end(table_id)
            return table

    def shared(self, table_id: UUID) -> None:
        with self._lock:
            if table_id in self._tables:
                self._shared.add(table_id)

    def get(self, table_id: UUID) -> Table | None:
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None:
                self._tables.move_to_end(table_id)
            return table

    def put(self, table: Table) -> None:
        if self._size <= 0:
            return
        with self._lock:
            known = self._tables.get(table.id)
            if known is None or known.version < table.version:
                self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > self._size:
                self._shared.discard(self._tables.popitem(last=False)[0])


def bots_to_act(table: Table) -> bool:
    """Whether ``_advance`` would play a bot seat's move next on this table (chance steps first)."""
    if table.status != RUNNING or table.undo_request or table.state is None:
        return False
    game = table.game
    if game.is_over(table.state):
        return False
    actors = game.to_act(table.state)
    return CHANCE not in actors and any(table.is_bot(s) for s in actors)


def bot_decision(game: Game, state: Any, seat: int, level: str | None, rng: random.Random) -> Move:
    """A bot seat's move: its level's policy decides from the seat's own view and legal moves,
    never from the state (so it cannot peek). A game without policies plays its ``random`` level."""
    policy = game.bots.get(level or DEFAULT_BOT_LEVEL) or game.bots.get("random")
    if policy is None:
        return game.bot_move(state, seat, rng)
    return policy(BotInput(seat=seat, view=ViewOnDemand(lambda: game.player_view(state, seat)),
                           legal=ListedOnDemand(lambda: game.legal_moves(state, seat)), rng=rng))


class ViewOnDemand(Mapping):
    """A bot seat's view, rendered only when a policy reads it: a random bot picks from its legal
    moves alone, and rendering the view it never reads was a quarter of the web side's CPU."""

    def __init__(self, render: Callable[[], Mapping[str, Any]]) -> None:
        self._render = render
        self._view: Mapping[str, Any] | None = None

    def _all(self) -> Mapping[str, Any]:
        if self._view is None:
            self._view = self._render()
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._all()[key]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())


class ListedOnDemand(Sequence):
    """A seat's legal moves, listed only when a policy reads them: a Walnut Grove spring has some
    20,000 placements, which a bot that builds its own placement never needs (0.5 s per decision)."""

    def __init__(self, list_them: Callable[[], list[Move]]) -> None:
        self._list_them = list_them
        self._moves: list[Move] | None = None

    def _all(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._list_them()
        return self._moves

    def __getitem__(self, index):  # noqa: ANN001, ANN204 - Sequence's own signature
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Move]:
        return iter(self._all())

    def __contains__(self, move: object) -> bool:
        return move in self._all()


def summarise(table: Table) -> dict[str, Any]:
    """The public facts of a table; the seed appears only once the game has finished."""
    game = table.game
    return {
        "id": str(table.id),
        "game": table.game_name,
        "title": game.title,
        "options": table.options,
        "undo_policy": table.undo_policy,
        "rules_version": table.rules_version,
        "rules_label": game.rules_description()["label"],
        "status": table.status,
        "version": table.version,
        "seats": [
            {"seat": s, "name": p["name"] if p else None, "bot": bool(p and p["bot"]), "free": p is None,
             "level": table.bot_level(s)}
            for s, p in enumerate(table.players)
        ],
        "to_act": sorted(table.to_act()) if not table.undo_request else [],
        "undo_request": table.undo_request,
        "undone": table.undone,
        "seed_commitment": table.seed_commitment,
        "seed": table.seed if table.status == FINISHED else None,
        "result": table.result,
        "forked_from": table.forked_from,
        "head_hash": table.head_hash,
    }


def _check_seated(table: Table, seat: Any) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.seats:
        raise SeatNotTaken(f"there is no seat {seat!r} at this table")
    if table.players[seat] is None:
        raise SeatNotTaken(f"seat {seat} is not taken")


def _check_viewer(table: Table, viewer: Any) -> None:
    """A viewer is a seat number at this table or None (a spectator); nothing else unlocks secrets."""
    if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < table.seats):
        raise SeatNotTaken(f"there is no seat {viewer!r} at this table")


def _check_level(level: Any, bot: bool) -> str | None:
    """A bot's level, defaulted; a person has none."""
    if level is None:
        return DEFAULT_BOT_LEVEL if bot else None
    if not bot:
        raise InvalidOptions("a level is only for a bot seat (send bot: true)")
    if level not in BOT_LEVELS:
        raise InvalidOptions(f"bot level must be one of {', '.join(BOT_LEVELS)}, not {level!r}")
    return level


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidOptions("a seat needs a name")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise InvalidOptions(f"names are at most {MAX_NAME} characters")
    return name


