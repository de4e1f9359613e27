"""Read models told as table-side stories: each one equals what the application answers directly,
on every store, and a rebuild from zero equals the incremental result."""

from __future__ import annotations

import io
import time

import pytest

from projections.audit_log import EVERYONE
from projections.base import Batch
from projections.queries import ReadModels
from projections.runner import NAMES, VERSIONS, EmbeddedProjections, ProgressBar, Projector, all_projections
from projections.scoreboards import fold
from projections.stores import Concurrent, MemoryStore
from tests.domain.test_tables import play_first_legal, play_to_end, seated


def snapshot(store) -> dict:
    return {name: store.all(name) for name in NAMES}


def test_the_lobby_follows_a_table_from_open_to_finished(tables, store):
    projector = Projector(tables, store)
    reads = ReadModels(store)
    receipt = tables.open_table("tiny_duel", 2, {"hand_size": 2})
    projector.catch_up()
    [row] = reads.lobby()
    assert row["status"] == "open" and row["free_seats"] == 2 and row["game"] == "tiny_duel"
    assert {k: v for k, v in row.items() if k not in ("free_seats", "opened", "updated")} == tables.summary(
        receipt.table_id)
    # ann sits down: one seat left
    tables.take_seat(receipt.table_id, "ann")
    projector.catch_up()
    assert reads.table(receipt.table_id)["free_seats"] == 1
    tables.take_seat(receipt.table_id, "bob")
    tables.start(receipt.table_id)
    projector.catch_up()
    assert [r["status"] for r in reads.lobby()] == ["running"] and reads.tables("open") == []
    play_to_end(tables, receipt.table_id)
    projector.catch_up()
    assert reads.lobby() == [] and reads.tables("finished")[0]["version"] == tables.table(receipt.table_id).version


def test_views_logs_and_scores_equal_what_the_application_answers_for_every_viewer(tables, store):
    projector = Projector(tables, store)
    reads = ReadModels(store)
    table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
    tables.start(table_id)
    bid_play_and_take_back(tables, table_id)  # free undo: the last move is marked undone
    projector.catch_up()
    for viewer in (None, 0, 1):
        expected = tables.view(table_id, viewer)
        got = reads.view(table_id, viewer)
        assert got["view"] == expected["view"] and got["table"] == expected["table"]
        log = reads.log(table_id, viewer, limit=1000)
        assert log == [e.to_dict() for e in tables.log(table_id, viewer, limit=1000)]
    assert any(e["undone"] for e in reads.log(table_id, None, limit=1000))
    assert reads.scores(table_id)["scores"] == tables.scores(table_id)
    # ann's view shows her hand, never bob's: the spectator sees no hand at all
    assert reads.view(table_id, None)["view"]["hand"] is None
    assert reads.view(table_id, 0)["view"]["hand"] != reads.view(table_id, 1)["view"]["hand"]


def test_standings_count_finished_games_per_player_name(tables, store):
    projector = Projector(tables, store)
    winners = []
    for _ in range(2):
        table_id = seated(tables, names=("ann", "bob"))
        tables.start(table_id)
        play_to_end(tables, table_id)
        winners.append(tables.summary(table_id)["result"]["winners"])
    open_one = seated(tables, names=("ann", "cy"))  # never started: counts nowhere
    assert open_one
    projector.catch_up()
    rows = {r["name"]: r for r in ReadModels(store).standings("tiny_duel")}
    assert set(rows) == {"ann", "bob"}
    assert rows["ann"]["played"] == rows["bob"]["played"] == 2
    assert rows["ann"]["wins"] == sum(0 in w for w in winners)
    assert rows["bob"]["wins"] == sum(1 in w for w in winners)
    assert ReadModels(store).standings("other_game") == []


def test_a_rebuild_from_zero_equals_the_incremental_result(tables, store):
    projector = Projector(tables, store)
    for _ in range(3):  # incremental: catch up after every command
        table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
        projector.catch_up()
        tables.start(table_id)
        projector.catch_up()
        for seat in (0, 1):
            play_first_legal(tables, table_id, seat)
            projector.catch_up()
        mark = tables.table(table_id).version
        play_first_legal(tables, table_id)
        tables.request_undo(table_id, 0, mark)
        projector.catch_up()
        play_to_end(tables, table_id)
        projector.catch_up()
    incremental = snapshot(store)
    out = io.StringIO()
    count = Projector(tables, store).rebuild(NAMES, progress=ProgressBar("rebuild", stream=out))
    assert snapshot(store) == incremental
    assert count == tables.recorder.max_notification_id()
    assert out.getvalue().rstrip().endswith(f"{count}/{count}")


def test_rebuilding_one_model_leaves_the_others_alone(tables, store):
    projector = Projector(tables, store)
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    projector.catch_up()
    before = snapshot(store)
    head = tables.recorder.max_notification_id()
    store.reset("log")
    assert store.all("log") == [] and store.positions(["log", "lobby"]) == {"log": 0, "lobby": head}
    projector.catch_up()
    assert snapshot(store) == before


def test_each_event_is_applied_exactly_once(tables, store):
    projector = Projector(tables, store)
    table_id = seated(tables, names=("ann", "bob"))
    items = tables.recorder.select_notifications(start=0, limit=100)
    assert projector.process(items) == len(items)
    before = snapshot(store)
    # the same notifications again (a restarted worker, a duplicate delivery): nothing is applied
    assert projector.process(items) == 0
    assert snapshot(store) == before
    # a batch prepared from stale tracking positions is refused as a whole
    tables.start(table_id)
    more = tables.recorder.select_notifications(start=items[-1].id, limit=100, inclusive_of_start=False)
    batch = Batch(store)
    batch.put("lobby", "intruder", "open", {"id": "intruder"})
    stale = {"lobby": 0}
    with pytest.raises(Concurrent):
        store.commit(stale, {"lobby": more[-1].id}, batch.writes)
    assert store.get("lobby", "intruder") is None


def test_read_your_writes_waits_for_the_position_a_command_returned(tables):
    store = MemoryStore()
    reads = ReadModels(store)
    receipt = tables.open_table("tiny_duel", 2)
    assert reads.wait(receipt.position, timeout=0) is False  # nothing applied yet: bounded, no hang
    Projector(tables, store).catch_up()
    assert reads.wait(receipt.position, timeout=0) is True
    assert reads.wait(None) is True


def test_an_unknown_status_filter_is_a_clear_error(store):
    reads = ReadModels(store)
    with pytest.raises(ValueError, match="open, running, finished"):
        reads.tables("closed")


def test_the_embedded_thread_follows_saves_and_reads_wait_for_them(tables, store):
    embedded = EmbeddedProjections(tables, store).start()
    try:
        reads = ReadModels(store)
        receipt = tables.open_table("tiny_duel", 2)
        assert reads.wait(receipt.position, timeout=20)  # bounded; the save woke the thread
        assert reads.table(receipt.table_id)["version"] == 1
        receipt = tables.take_seat(receipt.table_id, "ann")
        assert reads.wait(receipt.position, timeout=20)
        assert reads.view(receipt.table_id, 0)["table"]["seats"][0]["name"] == "ann"
    finally:
        embedded.stop()


@pytest.mark.parametrize("kind", ["popo", "sqlite"])
def test_the_embedded_thread_has_ended_by_the_time_its_application_closes(kind, tmp_path):
    # Never a query on a connection that is closing under it (SQLite would crash the process).
    from domain.application import Tables

    env = {"PERSISTENCE_MODULE": f"eventsourcing.{kind}", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    app = Tables(env=env)
    embedded = EmbeddedProjections(app, MemoryStore()).start()
    table_id = seated(app, names=("ann", "bob"))
    app.start(table_id)
    app.close()
    assert embedded.join(timeout=0)


def test_when_a_game_ends_the_log_reveals_what_tables_log_reveals(tables, store):
    projector = Projector(tables, store)
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    play_first_legal(tables, table_id, 0)  # ann's secret bid
    projector.catch_up()
    reads = ReadModels(store)
    hidden = [e["text"] for e in reads.log(table_id, 1, limit=1000)]
    play_to_end(tables, table_id)
    projector.catch_up()
    for viewer in (None, 0, 1):
        assert reads.log(table_id, viewer, limit=1000) == [e.to_dict() for e in tables.log(table_id, viewer, limit=1000)]
    revealed = [e["text"] for e in reads.log(table_id, 1, limit=1000)][: len(hidden)]
    assert revealed != hidden  # bob now reads ann's bid, which he could not during the game


def test_the_log_stores_one_entry_where_every_viewer_reads_the_same_and_one_per_viewer_where_a_secret_differs(
        tables, store):
    projector = Projector(tables, store)
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    play_first_legal(tables, table_id, 0)  # ann's secret bid: ann reads her card, bob and the spectator do not
    projector.catch_up()
    rows = {body["event"]: body for _, body in store.group("log", str(table_id))}
    assert set(rows["SeatTaken"]["entries"]) == {EVERYONE}  # table events read the same for everyone
    bid = rows["MovePlayed"]["entries"]
    assert set(bid) == {"spectator", "0", "1"} and bid["0"] != bid["1"] == bid["spectator"]
    play_to_end(tables, table_id)
    projector.catch_up()
    # Once the game is over the whole log is revealed: every row is stored once, for everyone.
    rows = [body for _, body in store.group("log", str(table_id))]
    assert rows and all(set(body["entries"]) == {EVERYONE} for body in rows)
    for viewer in (None, 0, 1):
        assert ReadModels(store).log(table_id, viewer, limit=1000) == [
            e.to_dict() for e in tables.log(table_id, viewer, limit=1000)]


def test_standings_fold_results_in_log_order():
    first = {"game": "tiny_duel", "name": "ann", "won": True, "best": 7, "bot": False, "table": "t1"}
    second = {**first, "won": False, "best": 9, "table": "t2"}
    row = fold(fold(None, first), second)
    assert row == {"game": "tiny_duel", "name": "ann", "played": 2, "wins": 1, "best": 9, "bot": False,
                   "last_table": "t2"}
    assert fold(None, first)["best"] == 7 and fold(row, first)["best"] == 9  # best never goes down


def test_a_lobby_page_reads_one_page_per_status_not_the_whole_lobby(tables, store):
    projector = Projector(tables, store)
    opened = [tables.open_table("tiny_duel", 2, {"hand_size": 2}).table_id for _ in range(7)]
    running = seated(tables, names=("ann", "bob"))
    tables.start(running)
    projector.catch_up()
    reads = ReadModels(store)
    listed: list[int] = []
    group = store.group

    def counting_group(model, grp, after_key=None, limit=None):
        rows = group(model, grp, after_key, limit)
        listed.append(len(rows))
        return rows

    store.group = counting_group
    first = reads.tables(limit=3)
    assert [t["id"] for t in first] == [str(running), *map(str, opened[::-1][:2])]
    assert max(listed) <= 3  # one bounded read per status, whatever the lobby holds
    second = reads.tables(limit=3, after=first[-1]["id"])
    assert [t["id"] for t in second] == [str(t) for t in opened[::-1][2:5]]
    assert [t["id"] for t in reads.tables("open", "tiny_duel", limit=10, after=opened[1])] == [str(opened[0])]
    assert reads.tables(game="other") == []
    with pytest.raises(LookupError):
        reads.tables(after="00000000-0000-0000-0000-000000000000")


def bid_play_and_take_back(tables, table_id) -> None:
    """Both secret bids, one move, then a free undo of that move (which marks its log row)."""
    for seat in (0, 1):
        play_first_legal(tables, table_id, seat)
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id)
    tables.request_undo(table_id, 0, mark)


def _three_games_with_undos(tables) -> None:
    for _ in range(3):
        table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
        tables.start(table_id)
        bid_play_and_take_back(tables, table_id)
        play_to_end(tables, table_id)


def single_batch_snapshot(tables) -> dict:
    """What every read model holds after one catch-up in a single batch: the reference."""
    reference = MemoryStore()
    Projector(tables, reference).catch_up(batch_size=10_000)
    return snapshot(reference)


@pytest.mark.parametrize("batch_size", [1, 2, 7])
def test_a_catch_up_in_batches_of_any_size_equals_one_in_a_single_batch(tables, store, batch_size):
    # Small batches put an Undone, and a game's end, in a later batch than what they mark and count.
    _three_games_with_undos(tables)
    reference = single_batch_snapshot(tables)
    count = Projector(tables, store).catch_up(batch_size=batch_size)
    assert count == tables.recorder.max_notification_id()
    assert snapshot(store) == reference


def test_the_next_batch_reads_through_the_writes_of_the_batch_still_being_committed(tables):
    # Two games end a few events apart (the second one's standings row builds on the first one's),
    # and a running game undoes its last move (marking log rows written just before).
    duels = [seated(tables, names=("ann", "bob")) for _ in range(2)]
    for table_id in duels:
        tables.start(table_id)
    while any(tables.table(t).status == "running" for t in duels):
        for table_id in duels:
            if tables.table(table_id).status == "running":
                play_first_legal(tables, table_id)
    running = seated(tables, names=("cy", "di"), undo_policy="free")
    tables.start(running)
    bid_play_and_take_back(tables, running)
    reference = single_batch_snapshot(tables)

    class SlowStore(MemoryStore):
        """Commits land 20 ms late, so the next batch is built before the one before has landed."""

        def write(self, expected, advanced, prepared):
            time.sleep(0.02)
            super().write(expected, advanced, prepared)

    store = SlowStore()
    Projector(tables, store).catch_up(batch_size=1)
    assert snapshot(store) == reference
    assert any(row["undone"] for _, _, row in store.all("log"))
    assert {row["name"]: row["played"] for _, _, row in store.all("standings")} == {"ann": 2, "bob": 2}


def test_a_catch_up_that_races_another_worker_applies_each_event_once(tables):
    _three_games_with_undos(tables)
    reference = single_batch_snapshot(tables)

    class RacedStore(MemoryStore):
        """A store a second worker writes to once, in the middle of the first one's catch-up."""

        commits = 0

        def write(self, expected, advanced, prepared):
            self.commits += 1
            if self.commits == 3:
                Projector(tables, self).catch_up(batch_size=4)  # the rival takes everything from here
            super().write(expected, advanced, prepared)

    store = RacedStore()
    Projector(tables, store).catch_up(batch_size=5)
    assert store.commits > 3  # the rival did commit in the middle
    assert snapshot(store) == reference  # and nothing was applied twice (standings count games)


def test_a_lobby_built_before_its_listing_copies_is_rebuilt_on_start(tables, store):
    # A store the previous code built: lobby documents by id only, no recorded versions.
    opened = [tables.open_table("tiny_duel", 2).table_id for _ in range(3)]
    Projector(tables, store).catch_up()
    old_shape = {("lobby", key): None for key, _, _ in store.all("lobby") if key[:2] in ("s/", "g/")}
    old_shape.update({(VERSIONS, name): None for name in NAMES})
    store.commit({}, {}, old_shape)
    reads = ReadModels(store)
    assert reads.tables() == []  # what a user of the old store would see: an empty lobby
    projector = Projector(tables, store)
    # only the models whose documents changed shape since version 1 (the lobby's listing copies, the log's names)
    changed = [p.name for p in all_projections() if p.version != 1]
    assert "lobby" in changed and "standings" not in changed
    assert projector.upgrade() == changed
    projector.catch_up()
    assert [t["id"] for t in reads.tables()] == [str(t) for t in reversed(opened)]
    assert projector.upgrade() == []  # recorded now: the next start rebuilds nothing


def test_a_fresh_store_records_its_versions_and_rebuilds_nothing(tables, store, caplog):
    """The first start on an empty store: no model was built by older code, so none is reset and
    the operator's log does not say one is being rebuilt."""
    projector = Projector(tables, store)
    with caplog.at_level("INFO", logger="projections.runner"):
        assert projector.upgrade() == []
    assert not [r for r in caplog.records if "rebuilding" in r.getMessage()]
    assert {name: store.get(VERSIONS, name)["version"] for name in NAMES} == {
        p.name: p.version for p in all_projections()}


def test_only_the_spectator_and_the_people_seated_have_views_and_log_entries_of_their_own(tables, store):
    """Nobody reads as a bot (its seat has no token), so a bot's seat gets no documents: at a table
    of one person and three bots that is three of every five views. A person who leaves mid-game
    (a bot plays on) loses theirs."""
    projector = Projector(tables, store)
    reads = ReadModels(store)
    table_id = seated(tables, names=("ann", "bob"), bots=("botty",))
    tables.start(table_id)
    for seat in (0, 1):  # the people's secret bids (the bot bid in the same command)
        play_first_legal(tables, table_id, seat)
    projector.catch_up()
    assert {key for key, _, _ in store.all("views")} == {f"{table_id}:{v}" for v in ("spectator", "0", "1")}
    per_viewer = [row["entries"] for _, _, row in store.all("log") if EVERYONE not in row["entries"]]
    assert per_viewer and all(set(entries) == {"spectator", "0", "1"} for entries in per_viewer)
    for viewer in (None, 0, 1):
        assert reads.view(table_id, viewer)["view"] == tables.view(table_id, viewer)["view"]
        assert reads.log(table_id, viewer, limit=1000) == [e.to_dict() for e in tables.log(table_id, viewer, limit=1000)]
    assert reads.view(table_id, 2) is None
    tables.leave(table_id, 1, None, None)
    projector.catch_up()
    assert reads.view(table_id, 1) is None and reads.view(table_id, 0) is not None
    assert snapshot(store) == single_batch_snapshot(tables)  # a rebuild holds the same
