"""Walnut Grove rules 2 (WG-D19 corrected: only flipped help tiles cost points) beside rules 1.

A table opened under rules 1 keeps replaying under rules 1 after rules 2 landed: its state after
every version equals the golden digests, and so do its final scores; a table opened now plays
rules 2; the same seed and moves give the same states and only the final scores differ.
"""

from __future__ import annotations

import json

import pytest

from domain.application import Tables
from domain.games import get_game
from domain.importing import import_record
from domain.record import check_record, table_record
from domain.rules_check import state_digest
from tests.backends import BACKENDS, store_env
from tests.rules.tables import PATH, SEEDS, open_bot_table, seed_hex
from tests.verifier.helpers import load_verifier

GOLDEN = json.loads(PATH.read_text(encoding="utf-8"))
verifier = load_verifier()


@pytest.fixture(params=BACKENDS)
def tables(request, tmp_path):
    app = Tables(env=store_env(request.param, tmp_path))
    yield app
    app.close()


def aggregate_digests(tables: Tables, table_id) -> list[str | None]:
    """The state digest after every version, as the aggregate loads it from the store (the rules
    it picks per table, not the check's replayer)."""
    table, out = None, []
    for event in tables.events.get(table_id):
        table = event.mutate(table)
        out.append(state_digest(table.game, table.state))
    return out


def test_the_newest_walnut_grove_rules_are_2_and_rules_1_are_still_there():
    assert get_game("walnut_grove").rules_version == "2"
    assert [v.rules_version for v in get_game("walnut_grove").versions()] == ["2", "1"]
    assert "flipped" in get_game("walnut_grove").rules_label


@pytest.mark.parametrize("case", ["diverging", "unaffected"])
def test_a_rules_1_table_replays_identically_after_rules_2_landed(tables, case):
    golden = GOLDEN[f"walnut_grove 2p {case} rules 1"]
    table_id = open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS[case]), "1")
    tables._latest = type(tables._latest)(0)  # nothing cached: every read below replays the store
    assert aggregate_digests(tables, table_id) == golden["digests"]
    table = tables.repository.get(table_id)
    assert table.rules_version == "1" and table.game is get_game("walnut_grove", "1")
    assert table.result["scores"]["totals"] == golden["totals"]
    assert tables.scores(table_id)["totals"] == golden["totals"]
    assert tables.audit(table_id).ok


def test_rules_2_plays_the_same_moves_to_the_same_states_and_scores_only_flipped_tiles(tables):
    first, second = GOLDEN["walnut_grove 2p diverging rules 1"], GOLDEN["walnut_grove 2p diverging rules 2"]
    table_id = open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["diverging"]))
    assert tables.summary(table_id)["rules_version"] == "2"
    assert aggregate_digests(tables, table_id) == second["digests"] == first["digests"]
    totals = tables.table(table_id).result["scores"]["totals"]
    assert totals == second["totals"] != first["totals"]
    player = tables.table(table_id).state.players[0]
    assert player.help_returnable and totals["0"] - first["totals"]["0"] == 2  # the returnable tile is free now


def test_a_rules_1_record_still_verifies_and_imports_as_a_rules_1_table():
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["diverging"]), "1")
        record = json.loads(json.dumps(table_record(tables, table_id, None)))
        assert (record["rules_version"], record["rules_label"]) == ("1", get_game("walnut_grove", "1").rules_label)
        assert check_record(record).ok
        assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is None
        copy = import_record(tables, record)
        assert tables.summary(copy)["rules_version"] == "1"
        assert tables.table(copy).result == tables.table(table_id).result
        assert tables.audit(copy).ok
    finally:
        tables.close()


def test_the_catalog_of_each_version_says_what_a_help_tile_costs():
    from api import create_app
    from tests.api.conftest import settings

    app = create_app(settings())
    try:
        client = app.test_client()
        newest = client.get("/api/games/walnut_grove/components").json
        first = client.get("/api/games/walnut_grove/components?rules_version=1").json
        assert (newest["rules_version"], first["rules_version"]) == ("2", "1")
        assert newest["components"]["help_tile"]["effect"] != first["components"]["help_tile"]["effect"]
        assert "flipped neighbour-help tile" in newest["board"]["score_sources"]["help"]
        assert "flipped or returnable" in first["board"]["score_sources"]["help"]
        missing = client.get("/api/games/walnut_grove/components?rules_version=9")
        assert missing.status_code == 404 and "no rules version '9'" in missing.json["message"]
    finally:
        app.extensions["tabletop.tables"].close()
