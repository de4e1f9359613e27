"""``GET .../seats/<seat>/preview?move=``: what a move would make before it is played (the game's
optional ``preview``). Walnut Grove previews a spring placement (the farm's areas after it) and a
summer (where each figure's goods go); the preview must equal what playing the move shows, be
refused with the rule's id like the move, hold nothing hidden, and read the table once."""

from __future__ import annotations

import json
import re

import pytest

from tests.api.conftest import Table
from tests.domain.test_latest_tables import CountingReads


class Grove:
    """A Walnut Grove table: seat 0 played over HTTP (first legal moves), seat 1 a bot."""

    def __init__(self, client):
        self.client = client
        r = client.post("/api/tables", json={"game": "walnut_grove", "seats": 2, "options": {}})
        assert r.status_code == 201, r.json
        self.id = r.json["table_id"]
        self.token = client.post(f"/api/tables/{self.id}/seats", json={"name": "ann"}).json["token"]
        assert client.post(f"/api/tables/{self.id}/seats", json={"name": "bot", "bot": True}).status_code == 201
        assert client.post(f"/api/tables/{self.id}/start", headers=self.auth).status_code == 200

    @property
    def auth(self):
        return {"Authorization": f"Bearer {self.token}"}

    def view(self) -> dict:
        return self.client.get(f"/api/tables/{self.id}/view", headers=self.auth).json["view"]

    def legal(self, match=None) -> list[dict]:
        query = {"match": json.dumps(match)} if match is not None else {}
        r = self.client.get(f"/api/tables/{self.id}/seats/0/legal-moves", query_string=query, headers=self.auth)
        assert r.status_code == 200, r.json
        moves = r.json["moves"]
        if r.json["outline"] and match is None:  # a keep-2 spring: the whole moves through a first step
            return self.legal(next(m for m in moves if m["type"] == "place_landscape_tiles"))
        return moves

    def play(self, move: dict) -> None:
        r = self.client.post(f"/api/tables/{self.id}/seats/0/moves", json={"move": move}, headers=self.auth)
        assert r.status_code == 200, r.json

    def preview(self, move: dict, headers=None):
        return self.client.get(f"/api/tables/{self.id}/seats/0/preview", query_string={"move": json.dumps(move)},
                               headers=self.auth if headers is None else headers)

    def until(self, move_type: str) -> list[dict]:
        """Play seat 0's first legal moves until a move of ``move_type`` is legal; its moves."""
        for _ in range(80):
            moves = [m for m in self.legal() if m["type"] == move_type]
            if moves:
                return moves
            main = [m for m in self.legal() if m["type"] not in ("move_goods_to_barn", "discard_from_barn",
                                                                  "return_neighbour_help_tile")]
            self.play(main[0])
        raise AssertionError(f"no {move_type} reached")


@pytest.fixture
def grove(client):
    return Grove(client)


def test_a_spring_preview_shows_the_areas_the_view_shows_after_the_placement(grove):
    moves = grove.until("place_landscape_tiles")
    move = moves[-1]
    r = grove.preview(move)
    assert r.status_code == 200, r.json
    assert r.json["seat"] == 0 and r.json["version"] >= 1
    preview = r.json["preview"]
    before = grove.view()["players"][0]["areas"]
    grove.play(move)
    after = grove.view()["players"][0]["areas"]
    assert preview["areas"] == after
    assert preview["areas"] != before  # a placed tile always adds cells to some area


def test_a_first_tile_of_two_is_previewed_alone(grove):
    moves = grove.until("place_landscape_tiles")
    first = {"type": "place_landscape_tiles", "placements": moves[0]["placements"][:1]}
    r = grove.preview(first)
    assert r.status_code == 200, r.json
    cells = {tuple(c) for a in r.json["preview"]["areas"] for c in a["cells"]}
    placed = first["placements"][0]
    assert (placed["x"], placed["y"]) in cells


@pytest.mark.parametrize(("change", "rule"), [
    (lambda p: {**p, "y": 0}, "WG-R14"),
    (lambda p: {**p, "tile_id": "L99"}, "WG-R12"),
    (lambda p: {**p, "rotation": 45}, "WG-R13"),
    (lambda p: {**p, "x": p["x"] + 40}, "WG-R15"),
])
def test_an_illegal_placement_is_refused_with_its_rule_like_the_move(grove, change, rule):
    moves = grove.until("place_landscape_tiles")
    bad = {"type": "place_landscape_tiles", "placements": [change(moves[0]["placements"][0])]}
    r = grove.preview(bad)
    assert r.status_code == 422 and r.json["rule"] == rule, r.json
    played = grove.client.post(f"/api/tables/{grove.id}/seats/0/moves", json={"move": bad}, headers=grove.auth)
    assert played.status_code == 422


def test_only_placements_and_summers_are_previewed_and_a_bad_move_names_the_problem(grove):
    grove.until("place_landscape_tiles")
    other = grove.preview({"type": "resolve_winter"})
    assert other.status_code == 422 and other.json["rule"] == "WG-R50" and "previewed" in other.json["message"]
    unknown = grove.preview({"type": "fly"})
    assert unknown.status_code == 422 and unknown.json["rule"] == "WG-G07"
    too_many = grove.preview({"type": "place_landscape_tiles", "placements": []})
    assert too_many.status_code == 422 and too_many.json["rule"] == "WG-R11"
    summer = grove.preview({"type": "place_figures", "assignments": []})
    assert summer.status_code == 422 and summer.json["rule"] == "WG-R20"
    not_json = grove.client.get(f"/api/tables/{grove.id}/seats/0/preview", query_string={"move": "{"},
                                headers=grove.auth)
    assert not_json.status_code == 422 and "move" in json.dumps(not_json.json["errors"])
    missing = grove.client.get(f"/api/tables/{grove.id}/seats/0/preview", headers=grove.auth)
    assert missing.status_code == 422 and "move" in json.dumps(missing.json["errors"])


def test_a_preview_needs_the_seat_token(grove):
    move = grove.until("place_landscape_tiles")[0]
    assert grove.preview(move, headers={}).status_code == 401
    assert grove.client.get(f"/api/tables/{grove.id}/seats/1/preview", query_string={"move": json.dumps(move)},
                            headers=grove.auth).status_code == 403


def test_a_preview_holds_nothing_hidden(grove):
    move = grove.until("place_landscape_tiles")[0]
    r = grove.preview(move)
    assert set(r.json["preview"]) == {"type", "seat", "areas"}
    text = r.get_data(as_text=True)
    assert not re.search(r'"c\d\d"', text)  # no coin id (coins are the owner's secret)
    assert "coin_bag" not in text and "discs" not in text and "seed" not in text


def test_a_summer_preview_names_where_each_figure_s_goods_go_as_playing_it_does(grove):
    move = grove.until("place_figures")[0]
    r = grove.preview(move)
    assert r.status_code == 200, r.json
    preview = r.json["preview"]
    assert preview["complete"] and len(preview["production"]) == len(move["assignments"])
    grove.play(move)
    me = grove.view()["players"][0]
    for made in preview["production"]:
        assert made["amount"] == len(made["to_storage"]) + len(made["to_barn"]) + made["lost"]
        assert all(me["storage"][slot] == made["good"] for slot in made["to_storage"])
        assert all(me["barn"][int(slot.split(":")[1]) - 1] == made["good"] for slot in made["to_barn"])


def test_a_summer_preview_of_one_figure_is_a_part_of_the_harvest(grove):
    move = grove.until("place_figures")[0]
    part = {"type": "place_figures", "assignments": move["assignments"][:1]}
    r = grove.preview(part)
    assert r.status_code == 200, r.json
    assert len(r.json["preview"]["production"]) == 1
    assert r.json["preview"]["complete"] == (len(move["assignments"]) == 1)
    twice = grove.preview({"type": "place_figures", "assignments": move["assignments"][:1] * 2})
    assert twice.status_code == 422 and twice.json["rule"] == "WG-R21"


def test_a_preview_reads_the_table_once_and_records_nothing(grove, tables):
    move = grove.until("place_landscape_tiles")[0]
    grove.preview(move)  # the table is known to this process
    version = grove.client.get(f"/api/tables/{grove.id}").json["version"]
    reads = CountingReads(tables)
    assert grove.preview(move).status_code == 200
    assert reads.count == 1
    assert grove.client.get(f"/api/tables/{grove.id}").json["version"] == version


def test_a_game_without_a_preview_answers_404(client):
    duel = Table(client)
    move = duel.legal(0)[0]
    r = duel.get("/seats/0/preview", seat=0, query_string={"move": json.dumps(move)})
    assert r.status_code == 404 and r.json["error"] == "no_preview"
