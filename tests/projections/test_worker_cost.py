"""The fourteenth session's cuts in the projection worker store exactly what was stored before.

- A score history is extended from the document the worker itself last wrote for the table (no
  read per batch), but only while that is the stored one: a batch retried after a failed commit,
  or after another writer moved the rows on, reads the stored document as before.
- A lobby document stored under three keys is encoded once, to the text each key had before.
- A PostgreSQL commit checks the tracking rows, stores the documents and moves the rows in one
  statement after the lock; a stale one still stores nothing of its batch.

The product games' tables are seeded (people at seats 0 and 2, random bots at 1 and 3, the people
playing the random rule from a seeded generator: ``tests/projections/test_render_less``).
"""

from __future__ import annotations

import pytest

from domain.application import summarise
from projections import lobby, scoreboards
from projections.base import Batch
from projections.lobby import Lobby
from projections.runner import Projector
from projections.stores import Concurrent, Encoded, MemoryStore, dumps
from tests.projections import test_render_less
from tests.projections.test_render_less import GAMES, _texts

#: One seeded four-seat table of each product game, played to its end (module-scoped, shared).
product_tables = test_render_less.product_tables

CHUNK = 7


class Failing(MemoryStore):
    """A store whose next ``write`` fails (a database gone mid-commit), once per ``fail``."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = 0
        #: The score histories read: (key, whether one was stored).
        self.history_reads: list[tuple[str, bool]] = []

    def fail(self) -> None:
        self.failures += 1

    def write(self, expected, advanced, prepared):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("the database went away mid-commit")
        super().write(expected, advanced, prepared)

    def get(self, model, key):
        found = super().get(model, key)
        if model == "score_history":
            self.history_reads.append((key, found is not None))
        return found


def _chunks(tables):
    """The log's notifications (one seeded table of each product game) in chunks of ``CHUNK``."""
    items = tables.recorder.select_notifications(start=0, limit=100_000)
    return [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]


def _land(projector: Projector, chunk: list) -> None:
    """``process`` until the batch lands, as ``runner.follow`` retries a refused or failed one."""
    for _ in range(3):
        try:
            projector.process(chunk)
            return
        except (Concurrent, ConnectionError):
            continue
    raise AssertionError("the batch never landed")


def _follow(projector: Projector, store: Failing, chunks: list, other: Projector | None) -> None:
    """Follow the chunks live (``process``): every third chunk goes to ``other`` (another worker on
    the same store) when given, every fifth one's commit fails once."""
    for n, chunk in enumerate(chunks):
        if other is not None and n % 3 == 1:
            _land(other, chunk)
            continue
        if n % 5 == 3:
            store.fail()
        _land(projector, chunk)


@pytest.mark.parametrize("shared", [False, True], ids=["alone", "with another writer"])
def test_followed_games_store_what_a_rebuild_stores_whatever_fails_or_moves_under_them(product_tables, shared):
    tables, ids = product_tables
    store = Failing()
    _follow(Projector(tables, store), store, _chunks(tables), Projector(tables, store) if shared else None)
    rebuilt = MemoryStore()
    Projector(tables, rebuilt).catch_up()
    followed, reference = _texts(store), _texts(rebuilt)
    assert set(followed["score_history"]) == {str(ids[game]) for game in GAMES}
    assert followed["score_history"] == reference["score_history"]
    assert followed == reference


def test_a_worker_following_its_own_tables_reads_each_score_history_once(product_tables):
    tables, ids = product_tables
    store = Failing()
    projector = Projector(tables, store)
    for chunk in _chunks(tables):
        projector.process(chunk)
    # only while nothing is stored for the table; then it extends what it wrote, unread
    assert {key for key, _ in store.history_reads} == {str(i) for i in ids.values()}
    assert not any(stored for _, stored in store.history_reads)


def test_a_history_kept_from_a_batch_that_did_not_land_is_not_extended(product_tables):
    """The cut that fails here: extending the kept document whatever it stands for."""
    tables, ids = product_tables
    store = Failing()
    projector = Projector(tables, store)
    history = next(p for p in projector.projections if p.name == "score_history")
    chunks = _chunks(tables)
    for chunk in chunks[:3]:
        projector.process(chunk)
    table_id = chunks[3][-1].originator_id
    store.fail()
    with pytest.raises(ConnectionError):
        projector.process(chunks[3])
    kept = history._kept[table_id]
    assert kept[1] > store.get("score_history", str(table_id))["version"]  # ahead of the store
    reads = len(store.history_reads)
    projector.process(chunks[3])  # the retry extends the stored document
    assert (str(table_id), True) in store.history_reads[reads:]
    rebuilt = MemoryStore()
    Projector(tables, rebuilt).process([n for chunk in chunks[:4] for n in chunk])
    assert store._docs["score_history"] == rebuilt._docs["score_history"]


def test_a_lobby_document_is_encoded_once_to_the_text_of_each_of_its_keys(product_tables, monkeypatch):
    tables, ids = product_tables
    table = tables.table(ids[GAMES[0]])
    encoded = []
    monkeypatch.setattr(lobby, "dumps", lambda value: encoded.append(value) or dumps(value))
    batch = Batch(MemoryStore())
    Lobby().on_table(table, batch)
    rows = {key: value for (model, key), value in batch.writes.items() if model == "lobby"}
    assert len(rows) == 3 and len(encoded) == 1
    summary = summarise(table)
    plain = {**summary, "free_seats": sum(1 for s in summary["seats"] if s["free"]),
             "opened": table.created_on.isoformat(), "updated": table.modified_on.isoformat()}
    for _, body in rows.values():
        assert type(body) is Encoded and body.text == dumps(plain) and dict(body) == plain


@pytest.mark.integration
def test_a_stale_postgresql_commit_stores_nothing_of_its_batch_and_names_the_row_that_moved(tmp_path):
    from tests.projections.conftest import make_store

    store = make_store("postgres", tmp_path, prefix="rm_one_statement")
    try:
        store.commit({"a": 0, "b": 0}, {"a": 4, "b": 4}, {("a", "k"): ("g", {"n": 1}), ("b", "k"): ("g", {"n": 2})})
        store.commit({"b": 4}, {"b": 6}, {})  # another writer moves b on
        with pytest.raises(Concurrent, match="b moved from 4 to 6"):
            store.commit({"a": 4, "b": 4}, {"a": 9, "b": 9},
                         {("a", "k"): None, ("b", "k"): ("g", {"n": 3}), ("a", "new"): ("g", {})})
        assert store.positions(["a", "b"]) == {"a": 4, "b": 6}
        assert store.all("a") == [("k", "g", {"n": 1})] and store.all("b") == [("k", "g", {"n": 2})]
        store.commit({"a": 4, "b": 6}, {"a": 9, "b": 9},
                     {("a", "k"): None, ("b", "k"): ("g2", {"n": 3}), ("a", "new"): ("g", {})})
        assert store.positions(["a", "b"]) == {"a": 9, "b": 9}
        assert store.all("a") == [("new", "g", {})] and store.all("b") == [("k", "g2", {"n": 3})]
        with pytest.raises(Concurrent, match="c moved from 2 to 0"):  # a row that is not there is at 0
            store.commit({"c": 2}, {"c": 3}, {("c", "k"): ("g", {})})
        assert store.all("c") == [] and store.positions(["c"]) == {"c": 0}
    finally:
        store.drop()
        store.close()


def test_the_kept_histories_are_bounded(product_tables, monkeypatch):
    tables, ids = product_tables
    monkeypatch.setattr(scoreboards.ScoreHistory, "KEPT", 1)
    store = MemoryStore()
    projector = Projector(tables, store)
    projector.catch_up(batch_size=CHUNK)
    history = next(p for p in projector.projections if p.name == "score_history")
    assert len(history._kept) == 1 and len(store.all("score_history")) == len(ids)
