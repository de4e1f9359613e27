"""The latest view of every table for every viewer who can read it (the spectator and each seat
a person holds: ``readers``).

Each document is exactly what ``Tables.view`` answers for that viewer: the game's
``player_view`` is the only thing that decides what a viewer may see, so nothing here can leak.

The viewers' documents of one table share most of their text (the table's summary, and the
parts of the view every viewer sees alike: a board, the public seats), so they are encoded
together (``compose``): each top-level part of a view is encoded once per table and batch and
reused for every viewer whose part is equal to it. The stored text is exactly what encoding each
document on its own gives (``projections.stores.Encoded``).
"""

from __future__ import annotations

from typing import Any

from domain.table import Table
from projections.base import Batch, Projection, Step, readers, summary_of, viewer_key
from projections.stores import Encoded, dumps


class PlayerViews(Projection):
    name = "views"

    def on_event(self, step: Step, batch: Batch) -> None:
        # A seat left: its player's document goes (a bot plays on, or nobody until it is taken again).
        if isinstance(step.event, Table.SeatLeft):
            batch.scratch.setdefault((self.name, step.table.id), set()).add(step.event.seat)

    def on_table(self, table: Any, batch: Batch) -> None:
        summary = summary_of(table, batch)
        table_text = dumps(summary)
        parts = Parts()
        shown = readers(table)
        for seat in batch.scratch.pop((self.name, table.id), set()) - set(shown):
            batch.delete(self.name, f"{table.id}:{viewer_key(seat)}")
        for viewer in shown:
            view = table.game.player_view(table.state, viewer) if table.state is not None else None
            body = {"version": table.version, "viewer": viewer, "table": summary, "view": view}
            text = (f'{{"version":{dumps(table.version)},"viewer":{dumps(viewer)},'
                    f'"table":{table_text},"view":{parts.compose(view)}}}')
            batch.put(self.name, f"{table.id}:{viewer_key(viewer)}", str(table.id), Encoded(body, text))


class Parts:
    """The text of each top-level part of the views encoded so far (one table's viewers)."""

    def __init__(self) -> None:
        self._texts: dict[str, list[tuple[Any, str]]] = {}
        self._keys: dict[str, str] = {}
        #: The first view's items and whole text: the spectator's view is the public part every
        #: seat's view starts with (the game's ``player_view`` adds the seat's own parts after it).
        self._first: tuple[list[tuple[str, Any]], str] | None = None
        #: How many parts were encoded and how many reused (tests count them).
        self.encoded = self.reused = 0

    def compose(self, view: Any) -> str:
        """``dumps(view)``, reusing the text of a part equal to one already encoded.

        The first view is encoded whole, in one call; a later view that begins with exactly its
        parts (the same objects, in the same order) reuses its text and encodes only what it
        adds (a seat's ``you``). Why: the readers are the spectator, then each person's seat, and
        encoding the first view part by part cost a call per part (some 17 a view), which made
        the composition dearer than two whole encodings at two readers. Any other view is
        composed part by part as before."""
        if type(view) is not dict or not all(type(k) is str for k in view):
            self.encoded += 1
            return dumps(view)
        first = self._first
        if first is None:
            text = dumps(view)
            self.encoded += 1
            self._first = (list(view.items()), text)
            return text
        items, text = first
        if items and len(view) >= len(items):
            shown = iter(view.items())
            if all(k == k2 and v is v2 for (k, v), (k2, v2) in zip(items, shown)):
                self.reused += 1
                rest = dict(shown)
                return text if not rest else text[:-1] + "," + dumps(rest)[1:]
        keys = self._keys
        out = []
        for k, v in view.items():
            key = keys.get(k)
            if key is None:
                key = keys[k] = dumps(k) + ":"
            out.append(key + self._part(k, v))
        return "{" + ",".join(out) + "}"

    def _part(self, key: str, value: Any) -> str:
        if type(value) is not dict and type(value) is not list and not isinstance(value, (dict, list)):
            return dumps(value)  # a scalar: cheaper to encode than to look up
        known = self._texts.setdefault(key, [])
        for seen, text in known:
            if seen is value or seen == value:
                self.reused += 1
                return text
        text = dumps(value)
        self.encoded += 1
        known.append((value, text))
        return text
