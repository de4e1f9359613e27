"""The human-readable table log: one sentence per event per viewer, undone ranges marked.

Sentences come from ``domain.log`` (the game's ``describe``/``action_view`` for moves and
chance), rendered for each viewer who can read the log where they can differ (``readers``: the
spectator and the seats persons hold; nobody reads as a bot), so a seat's log never shows another
seat's secret while the game runs; a sentence everyone reads alike is stored once (``EVERYONE``).
Sentences are stored with their seat references and the seats' names at that event, and named
for the reader when read (``entry_for``: "You" for the reader's own seat), so a sentence that
only differs by who reads it is still stored once. Components stay references too
(``component_ref``), named by the row's game when read: a change of names needs no rebuild. When an ``Undone`` event arrives, the entries
it took back are marked in every viewer's log. It always equals ``Tables.log`` for the same
viewer (tested). Each entry carries its move's facts (``domain.log.event_facts``), derived and
redacted here once per event and viewer, stored with their seat references like the sentence.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from operator import is_
from typing import Any

from domain.games import get_game
from domain.log import (
    event_facts,
    hides_nothing,
    neutral_event,
    render_facts,
    render_seats,
    seat_names,
    undone_versions,
)
from domain.table import Table
from projections.base import Batch, Projection, Step, seated_readers, viewer_key

#: The entries key of a sentence every viewer reads alike (stored once instead of once per viewer).
EVERYONE = "*"


def _entries(table: Any, event: Any, before: Any, after: Any, players: list, over: bool) -> dict[str, dict]:
    """Each viewer's entry for one event, or one ``EVERYONE`` entry when they would all be equal.

    Only moves and chance outcomes can read differently per viewer (the game's ``action_view`` and
    ``describe`` decide); table events, and moves once the game is over (told from the actor's
    side), read the same for everyone and are rendered once. ``after`` is the game state right
    after ``event``, for its facts.
    """
    return _running(table, event, before, after, players, over)[0]


def _running(table: Any, event: Any, before: Any, after: Any, players: list,
             over: bool) -> tuple[dict[str, dict], dict[str, dict] | None]:
    """``_entries``, and the entries the game's end will store for this event (``_entries`` with
    ``over``) when they follow from what was rendered here without another sentence; else None.

    A table event reads the same once the game is over (``_describe`` and ``event_facts`` ignore
    ``over`` for it): its entries are the revealed ones. A move, once over, is told from its actor's
    side: the revealed sentence is ``describe`` for the actor, which is the sentence rendered here
    for the actor (the same call) when the actor reads the log, or the one sentence rendered for
    everyone when no ``action_view`` hides anything from the readers nor from the actor (the
    ``Game`` protocol: ``describe`` depends on the viewer only where ``action_view`` hides
    something). Its revealed facts (the spectator's, revealed) cost one ``facts`` call here,
    where the game still holds what it derived for the readers' facts. A chance outcome, or a
    move by a seat nobody reads as whose sentence hides something, is rendered again at the end.
    """
    if isinstance(event, Table.ChanceResolved) or (isinstance(event, Table.MovePlayed) and not over):
        everyone = seated_readers(players)  # the seats then: a rebuild renders it alike
        entries = {}
        actor_text = None
        if hides_nothing(table, event, before, everyone):  # one sentence for all; facts may differ
            seat, action, text = neutral_event(table, event, before, players, everyone[0], over, after)
            for viewer in everyone:
                facts = event_facts(table, event, before, after, viewer, over)
                entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action, "facts": facts}
            if isinstance(event, Table.MovePlayed) and (
                    event.seat in everyone or hides_nothing(table, event, before, (event.seat,))):
                actor_text = text
        else:
            for viewer in everyone:
                seat, action, text = neutral_event(table, event, before, players, viewer, over, after)
                facts = event_facts(table, event, before, after, viewer, over)
                entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action, "facts": facts}
                if isinstance(event, Table.MovePlayed) and viewer == event.seat:
                    actor_text = text
        first = next(iter(entries.values()))
        running = {EVERYONE: first} if all(e == first for e in entries.values()) else entries
        if actor_text is None or over:
            return running, None
        revealed = {"seat": event.seat, "text": actor_text, "action": event.move,
                    "facts": event_facts(table, event, before, after, None, True)}
        return running, (running if running.keys() == {EVERYONE} and first == revealed else {EVERYONE: revealed})
    seat, action, text = neutral_event(table, event, before, players, None, over, after)
    facts = event_facts(table, event, before, after, None, over)
    running = {EVERYONE: {"seat": seat, "text": text, "action": action, "facts": facts}}
    return running, running


#: Steps of unfinished games kept for the revealed rendering at their end, at most (about 2 KB
#: each: the states share most of their parts; a move's revealed entries, where they differ from
#: its stored row, add a few hundred bytes); beyond it the oldest tables' steps are dropped
#: and such a game's end replays its history from the store, as after a restart.
KEPT_STEPS = 20_000  # about 100 games of 200 steps in flight; about 40 MB


def log_key(table_id: object, version: int) -> str:
    return f"{table_id}:{version:09d}"


class AuditLog(Projection):
    """One document per event holding each viewer's entry (one row per event, not per viewer).

    While a game runs each event is rendered as it happens, hiding what each viewer may not know.
    When it ends (``GameFinished``) the whole table log is rendered again with the game over, as
    ``Tables.log`` does: moves and chance outcomes are then shown in full to everyone.

    Rendering waits for the end of the batch: a game that starts and ends within one batch (the
    usual case in a rebuild) is then rendered once, revealed, from the steps already replayed.
    A game followed from its first event keeps its steps (state and seats before each event,
    bounded by ``KEPT_STEPS``), so its end re-renders from them instead of reading and replaying
    its whole history from the store; one whose steps are missing or broken (a restart, a
    foreign partition, a retried batch) is replayed as before.
    """

    name = "log"
    version = 5  # 2: sentences keep seat references, rows carry the seats' names; 3: facts; 4: components named when read;
    # 5: stored words changed (the first line's level and rules version, the final scores' unit, one help-tile
    # fact per step): a stored row keeps the words it was written with, so the log is rebuilt once

    def on_event(self, step: Step, batch: Batch) -> None:
        # The seats' names now: ``step.table`` moves on with the batch's later events.
        names = self._seat_names.get(step.table.id, step.table.players, step.before_players)
        batch.scratch.setdefault((self.name, step.table.id), []).append((step, names, step.table.state))

    def __init__(self) -> None:
        #: Per table: ``(event, state before, seats before, revealed)`` for each event so far, where
        #: ``revealed`` is ``(game, entries)`` when the row stored while the game ran already told
        #: what its end will store (``entries`` is then that row's own when they are equal).
        self._kept: OrderedDict[Any, list[tuple[Any, Any, list, Any]]] = OrderedDict()
        self._kept_steps = 0
        #: Per table: the seats after and before its last event (the player dicts themselves) and
        #: their names (``SeatNames``).
        self._seat_names = SeatNames()

    def on_table(self, table: Any, batch: Batch) -> None:
        steps = batch.scratch.pop((self.name, table.id), [])
        if not steps:
            return
        if not any(isinstance(s.event, Table.GameFinished) for s, _, _ in steps):
            revealed = [self._render(step, names, after, batch) for step, names, after in steps]
            self._keep(table.id, steps, revealed)
            return
        kept = self._keep(table.id, steps, [None] * len(steps))
        self._forget(table.id)
        self._seat_names.forget(table.id)
        if kept is None:
            self._render_all(table, self._replay(steps[-1][0].history()), batch, len(steps))
        else:
            self._render_all(table, kept, batch, len(steps))

    def _keep(self, table_id: Any, steps: list, revealed: list) -> list[tuple[Any, Any, list, Any]] | None:
        """The table's steps so far, this batch's included, when they are all known in order."""
        first = steps[0][0].event.originator_version
        kept = self._forget(table_id)
        if first == 1:
            kept = []
        elif kept is None or len(kept) + 1 != first:
            return None
        kept.extend((s.event, s.before_state, s.before_players, r) for (s, _, _), r in zip(steps, revealed))
        self._kept[table_id] = kept
        self._kept_steps += len(kept)
        while self._kept_steps > KEPT_STEPS and len(self._kept) > 1:
            self._kept_steps -= len(self._kept.popitem(last=False)[1])
        return kept

    def _forget(self, table_id: Any) -> list[tuple[Any, Any, list, Any]] | None:
        kept = self._kept.pop(table_id, None)
        if kept is not None:
            self._kept_steps -= len(kept)
        return kept

    def _render(self, step: Step, names: list[str], after: Any, batch: Batch) -> tuple[Any, dict] | None:
        """Store one event's row as the running game reads it; returns ``(game, entries)`` when
        its revealed entries are known already (``_running``), for the game's end."""
        event, table = step.event, step.table
        version, table_id, game = event.originator_version, str(table.id), table.game
        entries, revealed = _running(table, event, step.before_state, after, step.before_players, over=False)
        batch.put(self.name, log_key(table_id, version), table_id, {
            "version": version, "event": type(event).__name__, "undone": False,
            "timestamp": event.timestamp.isoformat(), "entries": entries,
            "names": names, "game": game.name,
        })
        if isinstance(event, Table.Undone):
            first, last = event.undone
            for v in range(first, last + 1):
                row = batch.lookup(self.name, table_id, log_key(table_id, v))
                if row is not None and not row["undone"]:
                    batch.put(self.name, log_key(table_id, v), table_id, {**row, "undone": True})
        if revealed is None:
            return None
        return game, (_STORED if revealed is entries else revealed)

    @staticmethod
    def _replay(events: Iterable[Any]) -> list[tuple[Any, Any, list, Any]]:
        """``(event, state before, seats before, None)`` for every event of a table, from the store."""
        replayed, table = [], None
        for event in events:
            replayed.append((event, table.state if table is not None else None,
                             list(table.players) if table is not None else [], None))
            table = event.mutate(table)
        return replayed

    def _render_all(self, table: Any, replayed: list[tuple[Any, Any, list, Any]], batch: Batch, fresh: int) -> None:
        """Every entry of a finished table, revealed (``describe`` reads only ``table.game`` here).

        The last ``fresh`` events are this batch's (never stored yet). An earlier event whose
        revealed entries were known when it was stored (``_running``) is not rendered again: its
        row is left as stored when those entries are the stored ones and no ``Undone`` of this
        batch marks it, else written with them.
        """
        events = [event for event, _, _, _ in replayed]
        undone = undone_versions(events)
        undone_before = undone_versions(events[:len(events) - fresh])
        table_id = str(table.id)
        game = table.game
        names = SeatNames()
        for i, (event, before, players, revealed) in enumerate(replayed):
            version = event.originator_version
            entries = None
            if revealed is not None and revealed[0] is game:
                entries = revealed[1]
                if entries is _STORED:
                    if (version in undone) == (version in undone_before):
                        continue  # the stored row is already what a full re-render would write
                    entries = None
            after = replayed[i + 1][2] if i + 1 < len(replayed) else list(table.players)
            if entries is None:
                state_after = replayed[i + 1][1] if i + 1 < len(replayed) else table.state
                entries = _entries(table, event, before, state_after, players, over=True)
            batch.put(self.name, log_key(table_id, version), table_id, {
                "version": version, "event": type(event).__name__, "undone": version in undone,
                "timestamp": event.timestamp.isoformat(), "entries": entries,
                "names": names.get(table_id, after, players), "game": game.name,
            })


#: ``AuditLog``'s mark of a step whose revealed entries are the row stored for it while the game ran.
_STORED = object()


class SeatNames:
    """``seat_names`` per table, computed again only when the seats changed.

    The names of an event's seats depend only on the player dicts after and before it; a table
    replaces a seat's dict when the seat changes hands (``Table``'s seat events), never changes
    one in place, so seats whose dicts are the very objects of the table's last event have its
    names. The dicts are held here, so their identities cannot be reused while compared; one
    entry per table, bounded (the oldest tables dropped first).
    """

    SIZE = 4096

    def __init__(self) -> None:
        self._last: OrderedDict[Any, tuple[tuple, tuple, list[str]]] = OrderedDict()

    def get(self, table_id: Any, after: list, before: list) -> list[str]:
        last = self._last.get(table_id)
        if (last is not None and len(last[0]) == len(after) and len(last[1]) == len(before)
                and all(map(is_, last[0], after)) and all(map(is_, last[1], before))):
            return last[2]
        names = seat_names(list(after), before)
        self._last[table_id] = (tuple(after), tuple(before), names)
        self._last.move_to_end(table_id)
        if len(self._last) > self.SIZE:
            self._last.popitem(last=False)
        return names

    def forget(self, table_id: Any) -> None:
        self._last.pop(table_id, None)


def entry_for(row: dict, viewer: int | None) -> dict | None:
    """One viewer's log entry out of an event's row (None when the viewer was not at the table yet)."""
    entries = row["entries"]
    mine = entries.get(EVERYONE) or entries.get(viewer_key(viewer))
    if mine is None:
        return None
    namer = get_game(row["game"]).name_component if "game" in row else None  # a row from before model 4
    text = render_seats(mine["text"], row["names"], viewer, namer)
    facts = render_facts(mine.get("facts") or [], row["names"], viewer, namer)
    return {"version": row["version"], "event": row["event"], "seat": mine["seat"], "text": text,
            "action": mine["action"], "undone": row["undone"], "timestamp": row["timestamp"], "facts": facts}
