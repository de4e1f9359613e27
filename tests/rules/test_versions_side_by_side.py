"""Several rules versions of one game live side by side: a table plays the version it was
opened with, forever; new tables open under the newest (docs/operations.md, "Rules versions")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.application import Tables
from domain.games import get_game, register
from tests.backends import BACKENDS, store_env
from tests.tinygame import GAME as TINY
from tests.tinygame import scores as tiny_scores


def generous_scores(state):
    """Tiny Duel "rules 2" for these tests: every seat's total gains 10 points."""
    first = tiny_scores(state)
    return replace(first, totals={s: v + 10 for s, v in first.totals.items()})


@pytest.fixture
def tiny_v2():
    revised = register(TINY.revise("2", "Tiny Duel rules 2 (ten points for everyone)", scores=generous_scores))
    yield revised
    register(TINY)


@pytest.fixture(params=BACKENDS)
def tables(request, tmp_path):
    app = Tables(env=store_env(request.param, tmp_path))
    yield app
    app.close()


def bot_table(tables: Tables) -> object:
    table_id = tables.open_table("tiny_duel", 2).table_id
    for seat in range(2):
        tables.take_seat(table_id, f"bot {seat}", bot=True)
    tables.start(table_id)
    return table_id


def test_a_revision_lists_every_version_newest_first(tiny_v2):
    assert [v.rules_version for v in tiny_v2.versions()] == ["2", "1"]
    assert tiny_v2.rules_description() == {"version": "2", "label": "Tiny Duel rules 2 (ten points for everyone)"}
    assert get_game("tiny_duel") is tiny_v2 and get_game("tiny_duel", "1") is TINY


def test_a_revision_cannot_reuse_a_version_or_rename_the_game():
    with pytest.raises(ValueError, match="already has rules version"):
        TINY.revise("1", "again")
    with pytest.raises(ValueError, match="not title"):
        TINY.revise("2", "renamed", title="Big Duel")


def test_a_table_opened_under_rules_1_finishes_and_replays_under_rules_1_after_rules_2_lands(tables):
    old = bot_table(tables)
    finished = tables.table(old)
    assert finished.rules_version == "1" and finished.status == "finished"
    register(TINY.revise("2", "Tiny Duel rules 2 (ten points for everyone)", scores=generous_scores))
    try:
        reloaded = tables.repository.get(old)  # replayed from the store, no cache
        assert reloaded.rules_version == "1" and reloaded.game is TINY
        assert tables.scores(old)["totals"] == finished.result["scores"]["totals"]
        assert tables.audit(old).ok
        new = bot_table(tables)
        assert tables.table(new).rules_version == "2"
        summary = tables.summary(new)
        assert summary["rules_version"] == "2"
        assert summary["rules_label"] == "Tiny Duel rules 2 (ten points for everyone)"
        scores = tables.table(new).result["scores"]
        assert all(total >= 10 for total in scores["totals"].values())
        pinned = tables.summary(old)
        assert (pinned["rules_version"], pinned["rules_label"]) == ("1", "Tiny Duel rules 1")
    finally:
        register(TINY)


def test_the_log_names_the_rules_a_table_plays_in_words(tiny_v2):
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        first = app.log(bot_table(app), None, limit=1)[0]
        # the rules as a version, with what it changed (table review, finding 14)
        assert "(rules version 2: ten points for everyone)" in first.text
    finally:
        app.close()


def test_games_list_their_rules_versions_newest_first(tiny_v2):
    from api import create_app
    from tests.api.conftest import settings

    app = create_app(settings())
    try:
        games = {g["name"]: g for g in app.test_client().get("/api/games").json}
        assert games["tiny_duel"]["rules_version"] == "2"
        assert games["tiny_duel"]["rules_versions"] == [
            {"version": "2", "label": "Tiny Duel rules 2 (ten points for everyone)"},
            {"version": "1", "label": "Tiny Duel rules 1"},
        ]
    finally:
        app.extensions["tabletop.tables"].close()
