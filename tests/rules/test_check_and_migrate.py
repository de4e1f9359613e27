"""``tabletop rules check`` and ``tabletop rules migrate`` on stored Walnut Grove tables: a table
whose final scores rules 2 would change stays pinned to rules 1 (the check names the version
where it differs, migrate refuses it, a fork goes on under rules 2); an unaffected one moves,
with an event that says so, and replays, audits and imports as the same game."""

from __future__ import annotations

import json
from dataclasses import replace
from uuid import uuid4

import pytest

from api.cli import main
from domain.application import Tables
from domain.games import get_game, register
from domain.games.walnut_grove import GAME as WALNUT_GROVE
from domain.games.walnut_grove import RULES_1, scoring
from domain.importing import import_record
from domain.record import check_record, table_record
from domain.rules_check import RulesRefused
from domain.table import Table
from tests.backends import BACKENDS, store_env
from tests.rules.tables import PATH, SEEDS, open_bot_table, seed_hex
from tests.verifier.helpers import load_verifier

GOLDEN = json.loads(PATH.read_text(encoding="utf-8"))


def said(totals: dict) -> str:
    """Final scores as the check words them ("seat 1: 18, seat 2: 6")."""
    return ", ".join(f"seat {int(seat) + 1}: {total}" for seat, total in sorted(totals.items(), key=lambda kv: int(kv[0])))


#: The diverging golden table's final scores under its own rules 1 and under rules 2.
RULES_1_TOTALS = said(GOLDEN["walnut_grove 2p diverging rules 1"]["totals"])
RULES_2_TOTALS = said(GOLDEN["walnut_grove 2p diverging rules 2"]["totals"])
verifier = load_verifier()


@pytest.fixture(params=BACKENDS)
def tables(request, tmp_path):
    app = Tables(env=store_env(request.param, tmp_path))
    yield app
    app.close()


def stored(tables: Tables, *only: str) -> dict[str, object]:
    """Finished all-bot tables: two under Walnut Grove rules 1, one under rules 2, one of another game."""
    made = {
        "diverging": lambda: open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["diverging"]), "1"),
        "unaffected": lambda: open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["unaffected"]), "1"),
        "newest": lambda: open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["diverging"])),
        "other game": lambda: open_bot_table(tables, "tiny_duel", 2, seed_hex("tiny")),
    }
    return {name: make() for name, make in made.items() if not only or name in only}


def test_the_check_lists_the_diverging_table_with_the_version_that_differs_and_passes_the_others(tables):
    ids = stored(tables)
    found = {str(c.table): c for c in tables.check_all_rules("walnut_grove")}
    assert set(found) == {str(ids[k]) for k in ("diverging", "unaffected", "newest")}
    diverging = found[str(ids["diverging"])]
    assert diverging.replays and not diverging.movable
    last = len(GOLDEN["walnut_grove 2p diverging rules 1"]["digests"])
    assert diverging.differs[:2] == (last, "GameFinished")
    assert RULES_1_TOTALS != RULES_2_TOTALS
    assert f"{RULES_2_TOTALS} instead of {RULES_1_TOTALS}" in diverging.differs[2]
    unaffected = found[str(ids["unaffected"])]
    assert unaffected.replays and unaffected.differs is None and unaffected.movable
    newest = found[str(ids["newest"])]
    assert (newest.rules_version, newest.differs, newest.movable) == ("2", None, False)
    assert [c.game for c in tables.check_all_rules()].count("tiny_duel") == 1


def test_migrate_refuses_the_diverging_table_and_moves_the_unaffected_one(tables):
    ids = stored(tables, "diverging", "unaffected")
    with pytest.raises(RulesRefused, match=r"stays on rules 1: under rules 2 it would differ from version \d+ "
                                           r"\(GameFinished\): the final scores would be"):
        tables.adopt_newest_rules(ids["diverging"])
    assert tables.summary(ids["diverging"])["rules_version"] == "1"
    before = tables.table(ids["unaffected"])
    receipt = tables.adopt_newest_rules(ids["unaffected"])
    assert receipt.version == before.version + 1
    moved = tables.repository.get(ids["unaffected"])  # replayed from the store
    assert (moved.rules_version, moved.game) == ("2", WALNUT_GROVE)
    assert moved.result == before.result and moved.state == before.state
    adopted = list(tables.events.get(ids["unaffected"]))[-1]
    assert isinstance(adopted, Table.RulesVersionAdopted)
    assert (adopted.from_version, adopted.to_version) == ("1", "2")
    assert tables.audit(ids["unaffected"]).ok
    again = tables.check_rules(ids["unaffected"])
    assert again.replays and again.rules_version == "2" and again.differs is None
    with pytest.raises(RulesRefused, match="already plays the newest rules"):
        tables.adopt_newest_rules(ids["unaffected"])
    entry = tables.log(ids["unaffected"], None, after=receipt.version - 1, limit=1)[0]
    assert entry.text.startswith("The table moved to Walnut Grove rules 2 (only flipped help tiles")


def test_a_migrated_tables_record_verifies_and_imports_with_the_move_in_it():
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["unaffected"]), "1")
        tables.adopt_newest_rules(table_id)
        record = json.loads(json.dumps(table_record(tables, table_id, None)))
        assert record["events"][-1]["event"] == "RulesVersionAdopted"
        assert check_record(record).ok
        assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is None
        copy = import_record(tables, record)
        assert tables.summary(copy)["rules_version"] == "2" and tables.audit(copy).ok
    finally:
        tables.close()


def test_a_pinned_table_forks_into_a_table_under_the_newest_rules_from_any_version(tables):
    ids = stored(tables, "diverging")
    pinned = tables.table(ids["diverging"])
    fork = tables.fork(ids["diverging"], pinned.start_version + 10).table_id
    assert tables.summary(fork)["rules_version"] == "2"
    kept = tables.fork(ids["diverging"], pinned.start_version + 10, rules_version="1").table_id
    assert tables.summary(kept)["rules_version"] == "1"
    for table_id in (fork, kept):
        for seat in tables.table(table_id).free_seats():
            tables.take_seat(table_id, f"Bot {seat + 1}", bot=True)
        tables.start(table_id)
        assert tables.summary(table_id)["status"] == "finished" and tables.audit(table_id).ok


def test_a_running_table_that_moved_plays_on_under_the_newest_rules():
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        game = get_game("walnut_grove", "1")
        table = Table.open(id=uuid4(), game=game, options={}, seats=2, undo_policy="consent", seed=seed_hex("run"))
        tables.save(table)
        tables.take_seat(table.id, "Ann")
        tables.take_seat(table.id, "Bot", bot=True)
        tables.start(table.id)
        while tables.table(table.id).state.phase == "setup" and 0 in tables.summary(table.id)["to_act"]:
            tables.play_move(table.id, 0, tables.legal_moves(table.id, 0)[0])  # Ann chooses where to start
        assert tables.summary(table.id)["status"] == "running"
        tables.adopt_newest_rules(table.id)
        tables.leave(table.id, 0)  # a bot plays Ann's seat on, under rules 2
        done = tables.table(table.id)
        assert done.status == "finished" and done.rules_version == "2"
        assert done.result["scores"] == get_game("walnut_grove", "2").scores(done.state).to_dict()
        assert tables.audit(table.id).ok and tables.check_rules(table.id).replays
    finally:
        tables.close()


def test_a_table_that_no_longer_replays_under_its_own_rules_fails_the_check_and_cannot_move(tmp_path, capsys):
    from api.config import Settings
    from api.wiring import build_tables

    settings = Settings(store="sqlite", data_dir=tmp_path).with_(create_tables=True)
    tables = build_tables(settings)
    try:
        ids = stored(tables, "diverging", "unaffected", "newest")
    finally:
        tables.close()
    argv = ["rules", "check", "walnut_grove", "--store", "sqlite", "--data-dir", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"{ids['diverging']} Walnut Grove pinned " in out and f"{ids['unaffected']} Walnut Grove movable " in out
    assert str(ids["newest"]) not in out
    assert "3 table(s): 1 on the newest rules, 1 may move, 1 pinned" in out

    # Someone "fixes" rules 1 in place (the mistake this design prevents): its stored tables break.
    edited = replace(RULES_1, scores=scoring.SCORES["2"])
    register(replace(WALNUT_GROVE, previous=edited))
    try:
        assert get_game("walnut_grove", "1") is edited
        assert main(argv) == 1
        out = capsys.readouterr().out
        assert f"{ids['diverging']} Walnut Grove broken  does NOT replay under its own rules 1: version" in out
        assert f"(GameFinished): the recorded final scores ({RULES_1_TOTALS}) are not the rules'" in out
        assert main(["rules", "migrate", str(ids["diverging"]), "--store", "sqlite", "--data-dir", str(tmp_path)]) == 2
        assert "cannot move until that is repaired" in capsys.readouterr().err
    finally:
        register(WALNUT_GROVE)
    assert main(["rules", "migrate", str(ids["unaffected"]), "--store", "sqlite", "--data-dir", str(tmp_path)]) == 0
    assert "moved from Walnut Grove rules 1 (every help tile held at the end costs 2 points) to Walnut Grove rules 2" \
        in capsys.readouterr().out


def test_an_undo_back_past_the_move_to_other_rules_keeps_them():
    from tests.rules.old_events import tiny_rules_2
    from tests.tinygame import GAME as TINY

    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = tables.open_table("tiny_duel", 2, undo_policy="free").table_id
        tables.take_seat(table_id, "Ann")
        tables.take_seat(table_id, "Bot", bot=True)
        tables.start(table_id)
        before = tables.table(table_id).version
        tables.play_move(table_id, 0, tables.legal_moves(table_id, 0)[0])
        register(tiny_rules_2())
        tables.adopt_newest_rules(table_id)
        tables.request_undo(table_id, 0, before)
        table = tables.table(table_id)
        assert isinstance(list(tables.events.get(table_id))[-1], Table.Undone)
        assert table.rules_version == "2" and tables.audit(table_id).ok and tables.check_rules(table_id).replays
    finally:
        register(TINY)
        tables.close()
