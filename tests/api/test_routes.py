"""Every route's success, told as table-side stories over HTTP (refusals are in test_errors.py)."""

from __future__ import annotations

import re

import pytest

from api import create_app
from tests.api.conftest import Table, settings


def test_open_a_table_then_find_it_in_the_lobby(client):
    # Open two tables: one waits for players, one is full and running.
    r = client.post("/api/tables", json={"game": "tiny_duel", "seats": 3, "options": {"hand_size": 2}})
    assert r.status_code == 201
    waiting = r.json["table_id"]
    assert r.json["version"] == 1 and r.json["duplicate"] is False
    running = Table(client)
    # The lobby lists both, newest first; filters narrow it.
    ids = [t["id"] for t in client.get("/api/tables").json]
    assert ids == [running.id, waiting]
    assert [t["id"] for t in client.get("/api/tables?status=open").json] == [waiting]
    assert [t["id"] for t in client.get("/api/tables?status=running&game=tiny_duel").json] == [running.id]
    assert client.get("/api/tables?game=other").json == []
    assert [t["id"] for t in client.get("/api/tables?limit=1").json] == [running.id]
    summary = client.get(f"/api/tables/{waiting}").json
    assert summary["options"] == {"hand_size": 2} and summary["status"] == "open"
    assert [s["free"] for s in summary["seats"]] == [True, True, True]


def test_opening_is_idempotent_by_command_id(client):
    first = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2, "command_id": "open-1"})
    again = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2, "command_id": "open-1"})
    assert first.status_code == again.status_code == 201
    assert again.json["table_id"] == first.json["table_id"] and again.json["duplicate"] is True
    assert len(client.get("/api/tables").json) == 1


def test_the_games_list_names_tiny_duel_with_its_options(client):
    games = {g["name"]: g for g in client.get("/api/games").json}
    tiny = games["tiny_duel"]
    assert (tiny["min_players"], tiny["max_players"]) == (2, 4)
    assert tiny["options"]["hand_size"] == {"default": 3, "choices": [2, 3],
                                            "description": "Hand size (cards dealt to each seat)", "applies_when": {}}


def test_an_option_says_which_other_options_make_it_mean_anything(client):
    # Fantasy Ranch plays the community board at level 3 only (FR rules, level 3): a level 1 table
    # has a community side in its options, and the header and the lobby leave it out.
    ranch = {g["name"]: g for g in client.get("/api/games").json}["fantasy_ranch"]["options"]
    assert ranch["community_side"]["applies_when"] == {"level": [3]}
    assert ranch["level"]["applies_when"] == {}


def test_every_games_options_are_described_in_words_a_person_reads(client):
    # The lobby labels an option with its description up to the bracket and the table header says
    # "Label: value": no rule ids ("FR-D27", "FR §3.2"), no option keys, a label first.
    for game in client.get("/api/games").json:
        for key, option in game["options"].items():
            text = option["description"]
            assert re.match(r"^[A-Z][^()]+( \(.+\))?$", text), (game["name"], key, text)
            assert not re.search(r"\b[A-Z]{2,3}-[A-Z]?\d+|§|\b[a-z]+_[a-z_]+\b", text), (game["name"], key, text)


def test_take_a_seat_returns_its_token_once_and_a_retry_returns_the_same(client):
    t = Table(client, seats=3, names=(), start=False)
    first = t.post("/seats", json={"name": "ann", "command_id": "sit-ann"})
    assert first.status_code == 201 and first.json["seat"] == 0 and first.json["token"]
    again = t.post("/seats", json={"name": "ann", "command_id": "sit-ann"})
    assert again.json["duplicate"] is True and again.json["token"] == first.json["token"]
    chosen = t.post("/seats", json={"name": "cy", "seat": 2})
    assert chosen.json["seat"] == 2
    bot = t.post("/seats", json={"name": "robo", "bot": True})
    assert bot.json["seat"] == 1 and bot.json["token"] is None
    seats = t.summary()["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [("ann", False), ("robo", True), ("cy", False)]
    # The token appears in no other response, and never in the table's events.
    assert first.json["token"] not in str(t.get("/events", seat=None).json)
    assert first.json["token"] not in repr(list(client.application.extensions["tabletop.tables"].events.get(t.id)))


def test_leave_before_the_start_frees_the_seat_and_retires_the_token(client):
    t = Table(client, start=False)
    old = t.tokens[0]
    assert t.post("/seats/0/leave", seat=0, json={}).status_code == 200
    assert t.summary()["seats"][0]["free"] is True
    # Someone else takes seat 0: the old token must not act for them.
    new = t.post("/seats", json={"name": "dee"}).json
    assert new["seat"] == 0 and new["token"] != old
    r = client.get(t.url("/view"), headers={"Authorization": f"Bearer {old}"})
    assert r.status_code == 401
    t.tokens[0] = new["token"]
    assert t.get("/view", seat=0).json["viewer"] == 0


def test_leave_during_play_hands_the_seat_to_a_bot(client):
    t = Table(client)
    assert t.post("/seats/1/leave", seat=1, json={}).status_code == 200
    assert t.summary()["seats"][1]["bot"] is True
    # The bot bid at once; ann can still play, and the one who left can no longer read seat 1's hand.
    assert t.to_act() == [0]
    assert t.get("/view", seat=1).status_code == 401


def test_start_then_play_moves_with_legal_moves_and_a_bot(client):
    t = Table(client, seats=3, names=("ann", "bob"), start=False)
    t.post("/seats", json={"name": "robo", "bot": True})
    r = t.post("/start", seat=1)
    assert r.status_code == 200 and t.summary()["status"] == "running"
    assert t.to_act() == [0, 1]  # the bot has already bid in the same save
    moves = t.legal(0)
    assert moves and all(m["type"] == "bid" for m in moves)
    r = t.play(0, moves[0], command_id="ann-bid")
    assert r.status_code == 200 and r.json["version"] > 0
    assert t.legal(0) == []  # ann has bid; bob has not
    again = t.play(0, moves[0], command_id="ann-bid")
    assert again.status_code == 200 and again.json["duplicate"] is True and again.json["version"] == r.json["version"]


def test_a_table_of_bots_can_be_started_by_anyone_and_plays_itself_out(client):
    t = Table(client, names=(), start=False)
    for name in ("r1", "r2"):
        t.post("/seats", json={"name": name, "bot": True})
    assert t.post("/start").status_code == 200
    assert t.summary()["status"] == "finished"


def test_expected_version_is_honoured(duel):
    version = duel.summary()["version"]
    r = duel.play(0, duel.legal(0)[0], expected_version=version)
    assert r.status_code == 200 and r.json["version"] == version + 1


def test_view_now_and_at_an_earlier_version(duel):
    now = duel.get("/view", seat=0).json
    assert now["viewer"] == 0 and len(now["view"]["hand"]) == 3
    duel.play_first_legal(0)
    assert len(duel.get("/view", seat=0).json["view"]["hand"]) == 2
    before = duel.get(f"/view?version={now['table']['version']}", seat=0).json
    assert before["view"] == now["view"] and before["table"]["version"] == now["table"]["version"]
    opened = duel.get("/view?version=1").json
    assert opened["viewer"] is None and opened["view"] is None and opened["table"]["status"] == "open"


def test_event_log_pages_with_after_and_limit_and_the_human_log(duel):
    entries = duel.get("/events", seat=0).json
    assert [e["version"] for e in entries] == list(range(1, len(entries) + 1))
    assert entries[0]["event"] == "Opened" and entries[1]["event"] == "SeatTaken"
    page = duel.get("/events?after=2&limit=2", seat=0).json
    assert [e["version"] for e in page] == [3, 4]
    lines = duel.get("/log?after=1&limit=2").json
    assert lines == [{"version": 2, "text": "ann took seat 1.", "undone": False},  # seats read from 1
                     {"version": 3, "text": "bob took seat 2.", "undone": False}]


def test_scores_live_and_at_a_version(duel):
    start = duel.summary()["version"]
    while duel.summary()["status"] == "running":
        duel.play_first_legal()
    final = duel.get("/scores").json
    summary = duel.summary()
    assert final["winners"] == summary["result"]["winners"]
    assert set(final["breakdown"]["0"]) == {"bid", "cards", "dice"}
    assert sum(final["totals"].values()) > 0
    at_start = duel.get(f"/scores?version={start}").json
    assert at_start["totals"] == {"0": 0, "1": 0}
    assert duel.get("/scores?version=2").json["error"] == "wrong_phase"  # before the start there are none


def test_fork_a_finished_table_at_a_version(duel):
    start = duel.summary()["version"]
    while duel.summary()["status"] == "running":
        duel.play_first_legal()
    r = duel.post("/forks", json={"version": start, "command_id": "fork-1"})
    assert r.status_code == 201 and r.json["table_id"] != duel.id
    fork = duel.client.get(f"/api/tables/{r.json['table_id']}").json
    assert fork["forked_from"] == {"table": duel.id, "version": start}
    assert fork["status"] == "open" and all(s["free"] for s in fork["seats"])
    assert duel.post("/forks", json={"version": start, "command_id": "fork-1"}).json["duplicate"] is True


def test_undo_of_your_own_move_is_immediate_under_the_free_policy(client):
    t = Table(client, undo_policy="free")
    before = t.summary()["version"]
    hand = t.get("/view", seat=0).json["view"]["hand"]
    t.play_first_legal(0)
    r = t.post("/seats/0/undo", seat=0, json={"to_version": before})
    assert r.status_code == 200
    assert t.get("/view", seat=0).json["view"]["hand"] == hand
    log = t.get("/log", seat=0).json
    assert [line["undone"] for line in log if line["version"] == before + 1] == [True]


def test_undo_under_consent_waits_for_the_other_seat_s_vote(client):
    t = Table(client)
    t.play_first_legal(0)
    after_ann_bid = t.summary()["version"]
    t.play_first_legal(1)  # bob bids: an undo to before this crosses bob's move, so bob must agree
    t.play_first_legal(0)
    r = t.post("/seats/0/undo", seat=0, json={"to_version": after_ann_bid})
    assert r.status_code == 200
    pending = t.summary()["undo_request"]
    assert pending["by"] == 0 and pending["needs"] == [1]
    assert t.legal(1) == []  # play waits for the vote
    assert t.post("/seats/1/undo/votes", seat=1, json={"approve": True}).status_code == 200
    summary = t.summary()
    assert summary["undo_request"] is None and summary["undone"] and summary["to_act"] == [1]  # bob bids again


def test_a_rejected_undo_changes_nothing_in_the_game(client):
    t = Table(client)
    t.play_first_legal(0)
    target = t.summary()["version"]
    t.play_first_legal(1)
    t.play_first_legal(0)
    view = t.get("/view", seat=1).json["view"]
    t.post("/seats/0/undo", seat=0, json={"to_version": target})
    assert t.post("/seats/1/undo/votes", seat=1, json={"approve": False}).status_code == 200
    assert t.summary()["undo_request"] is None and t.summary()["undone"] == []
    assert t.get("/view", seat=1).json["view"] == view


def test_audit_passes_for_a_played_table(duel):
    duel.play_first_legal(0)
    report = duel.get("/audit").json
    assert report["ok"] is True and report["events"] == duel.summary()["version"]
    assert {c["name"] for c in report["checks"]} >= {"hash_chain", "seed", "chance", "moves"}


def test_health_and_readiness(client):
    assert client.get("/healthz").json == {"status": "ok", "checks": {}}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json["checks"] == {"store": "ok", "redis": "not configured"}


@pytest.mark.parametrize("projections", ["thread", "off"])
def test_the_lobby_pages_newest_first_after_the_last_table_seen(projections):
    app = create_app(settings(projections=projections))  # from the read model, and from the event store
    client = app.test_client()
    opened = [client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json["table_id"] for _ in range(5)]
    newest_first = opened[::-1]
    pages, after = [], None
    while True:
        page = client.get("/api/tables?limit=2" + (f"&after={after}" if after else "")).json
        if not page:
            break
        pages.append([t["id"] for t in page])
        after = page[-1]["id"]
    assert pages == [newest_first[0:2], newest_first[2:4], newest_first[4:5]]
    assert [t["id"] for t in client.get(f"/api/tables?status=open&game=tiny_duel&after={opened[2]}").json] == \
        [opened[1], opened[0]]
    # A cursor naming no table is refused by name, not answered with an empty page.
    missing = client.get("/api/tables?after=00000000-0000-0000-0000-000000000000")
    assert missing.status_code == 422 and "after" in missing.json["errors"]
    assert client.get("/api/tables?after=not-a-uuid").status_code == 422
    app.extensions["tabletop.tables"].close()
