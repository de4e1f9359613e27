"""``GET .../legal-moves?match=`` and the outline of a long list (api/legal_narrowing.py): a
Walnut Grove "keep 2" spring (~20,000 moves) is sent as its distinct first placements, and a
partial move lists the whole moves through it."""

from __future__ import annotations

import json

from api.legal_narrowing import OUTLINE_ABOVE, matches, narrow, outline


def test_matches_objects_by_key_lists_as_prefix_and_scalars_by_equality():
    move = {"type": "place", "placements": [{"tile_id": "L01", "x": 1}, {"tile_id": "L02", "x": 2}]}
    assert matches(move, {"type": "place"})
    assert matches(move, {"placements": [{"tile_id": "L01"}]})
    assert matches(move, {"placements": [{"tile_id": "L01"}, {"x": 2}]})
    assert not matches(move, {"placements": [{"tile_id": "L02"}]})
    assert not matches(move, {"placements": [{}, {}, {}]})
    assert not matches(move, {"missing": 1})
    assert not matches({"n": 1}, {"n": True}) and not matches({"n": 1}, {"n": 1.0})


def test_a_long_list_is_outlined_to_distinct_first_steps_and_a_short_one_is_whole():
    moves = [{"type": "p", "placements": [{"t": a}, {"t": b}]} for a in range(40) for b in range(40) if a != b]
    answer = narrow(moves, None)
    assert answer["outline"] and answer["count"] == len(moves) > OUTLINE_ABOVE
    assert answer["moves"] == [{"type": "p", "placements": [{"t": a}]} for a in range(40)]
    through = narrow(moves, {"placements": [{"t": 3}]})
    assert not through["outline"] and through["count"] == 39
    assert all(m["placements"][0] == {"t": 3} and len(m["placements"]) == 2 for m in through["moves"])
    assert outline([{"a": 1}, {"a": 1}]) == [{"a": 1}]


def _get(client, table, token, match=None):
    query = {"match": json.dumps(match)} if match is not None else {}
    r = client.get(f"/api/tables/{table}/seats/0/legal-moves", query_string=query,
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.json
    return r.json


def test_the_route_outlines_a_keep_two_spring_and_match_lists_the_whole_moves_through_a_first_step(client):
    r = client.post("/api/tables", json={"game": "walnut_grove", "seats": 2, "options": {}})
    table = r.json["table_id"]
    token = client.post(f"/api/tables/{table}/seats", json={"name": "ann"}).json["token"]
    assert client.post(f"/api/tables/{table}/seats", json={"name": "bot", "bot": True}).status_code == 201
    assert client.post(f"/api/tables/{table}/start", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    carried = None  # the last move's answer's list (?legal_moves=true): GET's document, outline and all
    for _ in range(60):
        view = client.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}).json["view"]
        answer = _get(client, table, token)
        assert carried is None or carried == answer
        if view["phase"] == "spring" and view["year_disc"]["keep"] == 2:
            break
        move = answer["moves"][0]
        if answer["outline"]:
            move = _get(client, table, token, match=move)["moves"][0]
        played = client.post(f"/api/tables/{table}/seats/0/moves", json={"move": move},
                             query_string={"legal_moves": "true"}, headers={"Authorization": f"Bearer {token}"})
        assert played.status_code == 200, played.json
        carried = played.json["legal_moves"]
    else:
        raise AssertionError("no keep-2 spring reached")
    assert answer["outline"] and answer["count"] > 5000 and carried == answer  # the answer outlines it too
    firsts = [m for m in answer["moves"] if m["type"] == "place_landscape_tiles"]
    assert 0 < len(firsts) < 400 and all(len(m["placements"]) == 1 for m in firsts)
    through = _get(client, table, token, match=firsts[0])
    assert not through["outline"] and 0 < through["count"] <= OUTLINE_ABOVE
    assert all(m["placements"][0] == firsts[0]["placements"][0] and len(m["placements"]) == 2
               for m in through["moves"])
    bad = client.get(f"/api/tables/{table}/seats/0/legal-moves", query_string={"match": "[1, 2"},
                     headers={"Authorization": f"Bearer {token}"})
    assert bad.status_code == 422 and "match" in json.dumps(bad.json)


def test_an_outline_through_a_step_goes_one_item_deeper_so_asking_again_always_ends_in_whole_moves():
    moves = [{"type": "p", "path": [a, b, c]} for a in range(3) for b in range(40) for c in range(40)]
    first = narrow(moves, None)
    assert first["outline"] and first["moves"] == [{"type": "p", "path": [a]} for a in range(3)]
    second = narrow(moves, first["moves"][1])
    assert second["outline"] and second["count"] == 1600
    assert second["moves"] == [{"type": "p", "path": [1, b]} for b in range(40)]
    third = narrow(moves, second["moves"][4])
    assert not third["outline"] and third["moves"] == [{"type": "p", "path": [1, 4, c]} for c in range(40)]
