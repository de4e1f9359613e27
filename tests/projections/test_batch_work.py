"""The projection worker's work per batch, not per document or per table: the viewers' views of a
table share the text of their common parts, the score histories a batch extends are read in one
read, a batch starts from the positions the last one committed, and a PostgreSQL commit is a few
statements whatever the number of models. Every stored document stays byte for byte what
encoding it on its own gives."""

from __future__ import annotations

import json

import pytest

from domain.application import Tables, summarise
from domain.games import _PRODUCT
from projections import player_views
from projections.base import Batch, viewer_key, viewers
from projections.player_views import PlayerViews
from projections.runner import Projector
from projections.stores import Encoded, MemoryStore, _json_rows, dumps
from tests.domain.test_tables import play_first_legal, play_randomly_to_end, seated
from tests.projections.test_read_models import snapshot

GAMES = [g.name for g in _PRODUCT]


class Checked(MemoryStore):
    """A store that checks, for every document of every batch, that the text it is given is what
    encoding the body on its own gives, and counts its reads."""

    def __init__(self) -> None:
        super().__init__()
        self.checked = 0
        self.reads: list[tuple[str, object]] = []

    def prepare(self, writes):
        for value in writes.values():
            if value is not None and type(value[1]) is Encoded:
                assert value[1].text == dumps(dict(value[1]))
                self.checked += 1
        rows = [[m, k, v[0], v[1]] for (m, k), v in writes.items() if v is not None]
        assert _json_rows(writes)[0] == (dumps(rows) if rows else None)  # SQLite's parameter
        return super().prepare(writes)

    def get(self, model, key):
        self.reads.append(("get", model))
        return super().get(model, key)

    def get_many(self, model, keys):
        self.reads.append(("get_many", model))
        return {k: b for k in keys if (b := MemoryStore.get(self, model, k)) is not None}

    def positions(self, models):
        self.reads.append(("positions", None))
        return super().positions(models)


def _played(game: str, seats: int | None = None) -> Tables:
    """A whole game of people (each seat's player reads its own view), played by the random rule."""
    from domain.games import get_game

    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    seats = seats or get_game(game).min_players
    table_id = tables.open_table(game, seats).table_id
    for seat in range(seats):
        tables.take_seat(table_id, f"P{seat}")
    tables.start(table_id)
    play_randomly_to_end(tables, table_id)
    return tables


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("batch_size", [1, 7])
def test_every_view_document_is_the_text_of_its_body_on_its_own(game, batch_size):
    tables = _played(game)
    store = Checked()
    Projector(tables, store).catch_up(batch_size=batch_size)
    assert store.checked > 0
    whole = MemoryStore()
    Projector(tables, whole).catch_up(batch_size=1000)
    assert store._docs == whole._docs  # the same texts whatever the batches
    for table_id in tables.table_ids():
        table = tables.table(table_id)
        for viewer in viewers(table):
            body = {"version": table.version, "viewer": viewer, "table": summarise(table),
                    "view": table.game.player_view(table.state, viewer)}
            stored = whole._docs["views"][f"{table_id}:{viewer_key(viewer)}"][1]
            assert stored == dumps(body)
            # orjson's text: the standard library's document (its text escapes "×" where orjson writes UTF-8)
            assert json.loads(stored) == json.loads(json.dumps(body, separators=(",", ":"), default=str))
    tables.close()


def test_the_viewers_common_parts_are_encoded_once_per_table(monkeypatch):
    tables = _played("bunny_kingdom", seats=4)
    table = tables.table(next(iter(tables.table_ids())))
    views = [table.game.player_view(table.state, v) for v in viewers(table)]
    assert all(v["board"] == views[0]["board"] for v in views) and len(views) == 5
    encoded = []
    monkeypatch.setattr(player_views, "dumps", lambda value: encoded.append(value) or dumps(value))
    batch = Batch(MemoryStore())
    PlayerViews().on_table(table, batch)
    board = views[0]["board"]
    # once, alone or inside the first (spectator's) view encoded whole: not once per viewer
    assert sum(1 for value in encoded if value == board or (type(value) is dict and value.get("board") == board)) == 1
    assert sum(1 for value in encoded if value == summarise(table)) == 1
    for viewer, view in zip(viewers(table), views):
        body = batch.writes[("views", f"{table.id}:{viewer_key(viewer)}")][1]
        assert json.loads(body.text) == {"version": table.version, "viewer": viewer,
                                         "table": summarise(table), "view": view}
    tables.close()


def test_a_batch_reads_the_score_histories_it_extends_at_once_and_starts_from_the_last_commit(tables):
    ids = [seated(tables, names=("ann", "bob")) for _ in range(3)]
    store = Checked()
    Projector(tables, store).catch_up()
    projector = Projector(tables, store)  # a worker that starts now: it keeps no table yet
    for table_id in ids:
        tables.start(table_id)
    after = store.positions(projector.names)[projector.names[0]]
    for _ in range(2):
        for table_id in ids:
            play_first_legal(tables, table_id, 0)
            play_first_legal(tables, table_id, 1)
        items = tables.recorder.select_notifications(start=after, limit=100, inclusive_of_start=False)
        after = items[-1].id
        store.reads.clear()
        assert projector.process(items) == len(items)
        histories = [r for r in store.reads if r[1] == "score_history"]
        # one read for the three tables; none once it extends the documents it wrote itself
        assert histories == ([("get_many", "score_history")] if _ == 0 else [])
        positions = [r for r in store.reads if r[0] == "positions"]
        assert len(positions) == (1 if _ == 0 else 0)  # the second batch starts from the first's commit
    reference = MemoryStore()
    Projector(tables, reference).catch_up()
    assert snapshot(store) == snapshot(reference)


def test_a_batch_from_stale_positions_is_still_refused(tables):
    table_id = seated(tables, names=("ann", "bob"))
    store = MemoryStore()
    projector = Projector(tables, store)
    items = tables.recorder.select_notifications(start=0, limit=100)
    projector.process(items)
    tables.start(table_id)
    other = Projector(tables, store)  # another writer moves the rows on
    more = tables.recorder.select_notifications(start=items[-1].id, limit=100, inclusive_of_start=False)
    other.process(more)
    play_first_legal(tables, table_id)
    newer = tables.recorder.select_notifications(start=more[-1].id, limit=100, inclusive_of_start=False)
    from projections.stores import Concurrent

    with pytest.raises(Concurrent):
        projector.process(newer)  # its remembered positions are stale: nothing is written
    assert projector.process(newer) == len(newer)  # read again, it goes on


@pytest.mark.integration
def test_a_postgresql_commit_is_two_statements_and_stores_each_body_as_encoded(tmp_path, monkeypatch):
    import psycopg

    from tests.projections.conftest import make_store

    store = make_store("postgres", tmp_path, prefix="rm_statements")
    try:
        statements = []
        real_execute, real_many = psycopg.Cursor.execute, psycopg.Cursor.executemany
        monkeypatch.setattr(psycopg.Cursor, "execute",
                            lambda self, query, params=None, **kw: statements.append(query) or real_execute(
                                self, query, params, **kw))
        monkeypatch.setattr(psycopg.Cursor, "executemany",
                            lambda self, query, rows, **kw: statements.extend([query] * len(list(rows))) or real_many(
                                self, query, rows, **kw))
        models = [f"m{i}" for i in range(6)]
        bodies = {m: {"n": i, "text": "quote \" back\\slash ünïcode \u2028 {}[],:", "list": [1.5, None, True]}
                  for i, m in enumerate(models)}
        bodies["m5"] = Encoded(bodies["m5"], dumps(bodies["m5"]))
        store.commit({m: 0 for m in models}, {m: 5 for m in models}, {(m, "k"): ("g", bodies[m]) for m in models})
        assert len(statements) == 2  # the lock; the check, the documents and the tracking rows in one
        assert not any("json" in str(q) for q in statements)  # no body is parsed as JSON by the server
        assert store.positions(models) == {m: 5 for m in models}
        assert store.get_many("m3", ["k", "missing"]) == {"k": bodies["m3"]}
        monkeypatch.undo()
        with store._pool.connection() as conn:
            stored = dict(conn.execute("SELECT model, body FROM rm_statements_docs").fetchall())
            compression = conn.execute(
                "SELECT a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
                "WHERE c.relname = 'rm_statements_docs' AND a.attname = 'body'").fetchone()[0]
        assert stored == {m: dumps(dict(bodies[m])) for m in models}  # byte for byte as encoded
        assert compression == "l"  # lz4 (this server has it), not pglz
    finally:
        store.drop()
        store.close()
