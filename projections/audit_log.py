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
    if isinstance(event, Table.ChanceResolved) or (isinstance(event, Table.MovePlayed) and not over):
        everyone = seated_readers(players)  # the seats then: a rebuild renders it alike
        entries = {}
        if hides_nothing(table, event, before, everyone):  # one sentence for all; facts may differ
            seat, action, text = neutral_event(table, event, before, players, everyone[0], over, after)
            for viewer in everyone:
                facts = event_facts(table, event, before, after, viewer, over)
                entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action, "facts": facts}
        else:
            for viewer in everyone:
                seat, action, text = neutral_event(table, event, before, players, viewer, over, after)
                facts = event_facts(table, event, before, after, viewer, over)
                entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action, "facts": facts}
        first = next(iter(entries.values()))
        return {EVERYONE: first} if all(e == first for e in entries.values()) else entries
    seat, action, text = neutral_event(table, event, before, players, None, over, after)
    facts = event_facts(table, event, before, after, None, over)
    return {EVERYONE: {"seat": seat, "text": text, "action": action, "facts": facts}}


#: Steps of unfinished games kept for the revealed rendering at their end, at most (about 2 KB
#: each: the states share most of their parts); beyond it the oldest tables' steps are dropped
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
    version = 4  # 2: sentences keep seat references, rows carry the seats' names; 3: facts; 4: components named when read

    def on_event(self, step: Step, batch: Batch) -> None:
        # The seats' names now: ``step.table`` moves on with the batch's later events.
        names = seat_names(list(step.table.players), step.before_players)
        batch.scratch.setdefault((self.name, step.table.id), []).append((step, names, step.table.state))

    def __init__(self) -> None:
        self._kept: OrderedDict[Any, list[tuple[Any, Any, list]]] = OrderedDict()
        self._kept_steps = 0

    def on_table(self, table: Any, batch: Batch) -> None:
        steps = batch.scratch.pop((self.name, table.id), [])
        if not steps:
            return
        kept = self._keep(table.id, steps)
        if not any(isinstance(s.event, Table.GameFinished) for s, _, _ in steps):
            for step, names, after in steps:
                self._render(step, names, after, batch)
            return
        self._forget(table.id)
        self._render_all(table, kept if kept is not None else self._replay(steps[-1][0].history()), batch)

    def _keep(self, table_id: Any, steps: list) -> list[tuple[Any, Any, list]] | None:
        """The table's steps so far, this batch's included, when they are all known in order."""
        first = steps[0][0].event.originator_version
        kept = self._forget(table_id)
        if first == 1:
            kept = []
        elif kept is None or len(kept) + 1 != first:
            return None
        kept.extend((s.event, s.before_state, s.before_players) for s, _, _ in steps)
        self._kept[table_id] = kept
        self._kept_steps += len(kept)
        while self._kept_steps > KEPT_STEPS and len(self._kept) > 1:
            self._kept_steps -= len(self._kept.popitem(last=False)[1])
        return kept

    def _forget(self, table_id: Any) -> list[tuple[Any, Any, list]] | None:
        kept = self._kept.pop(table_id, None)
        if kept is not None:
            self._kept_steps -= len(kept)
        return kept

    def _render(self, step: Step, names: list[str], after: Any, batch: Batch) -> None:
        event, table = step.event, step.table
        version = event.originator_version
        entries = _entries(table, event, step.before_state, after, step.before_players, over=False)
        batch.put(self.name, log_key(table.id, version), str(table.id), {
            "version": version, "event": type(event).__name__, "undone": False,
            "timestamp": event.timestamp.isoformat(), "entries": entries,
            "names": names, "game": table.game.name,
        })
        if isinstance(event, Table.Undone):
            first, last = event.undone
            for v in range(first, last + 1):
                row = batch.lookup(self.name, str(table.id), log_key(table.id, v))
                if row is not None and not row["undone"]:
                    batch.put(self.name, log_key(table.id, v), str(table.id), {**row, "undone": True})

    @staticmethod
    def _replay(events: Iterable[Any]) -> list[tuple[Any, Any, list]]:
        """``(event, state before, seats before)`` for every event of a table, from the store."""
        replayed, table = [], None
        for event in events:
            replayed.append((event, table.state if table is not None else None,
                             list(table.players) if table is not None else []))
            table = event.mutate(table)
        return replayed

    def _render_all(self, table: Any, replayed: list[tuple[Any, Any, list]], batch: Batch) -> None:
        """Every entry of a finished table, revealed (``describe`` reads only ``table.game`` here)."""
        undone = undone_versions([event for event, _, _ in replayed])
        table_id = str(table.id)
        for i, (event, before, players) in enumerate(replayed):
            after = replayed[i + 1][2] if i + 1 < len(replayed) else list(table.players)
            state_after = replayed[i + 1][1] if i + 1 < len(replayed) else table.state
            version = event.originator_version
            entries = _entries(table, event, before, state_after, players, over=True)
            batch.put(self.name, log_key(table_id, version), table_id, {
                "version": version, "event": type(event).__name__, "undone": version in undone,
                "timestamp": event.timestamp.isoformat(), "entries": entries,
                "names": seat_names(after, players), "game": table.game.name,
            })


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
