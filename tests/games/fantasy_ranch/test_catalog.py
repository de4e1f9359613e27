"""The component catalog the browser draws Fantasy Ranch from: complete, readable, and secret-free.

Seeded bot playouts at every level walk every state; every id any view or legal move names
(horses, fate and tournament cards, locations, employees, skills) must have a catalog entry,
every move type, phase and score source a readable term. A real table's deck orders must not
appear anywhere in the catalog.
"""

from __future__ import annotations

import json

import pytest

from api.schemas.views import CatalogSchema
from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.catalog import catalog
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import game as playout_game

ID_FIELDS = ("card_id", "destination", "location_id", "territory_id", "employee", "new_employee",
             "give_card_id", "take_card_id", "skill")
LEVEL_GAMES = [(2, 1, "B", 0), (3, 2, "B", 0), (4, 3, "B", 1), (3, 3, "A", 0)]


def states(players: int, level: int, side: str, seed: int):
    """Every state of one seeded bot game, from setup to the end."""
    run = playout_game(players, level, side, seed)
    state = GAME.setup(players, GAME.resolve_options(players, run.options))
    yield state
    for actor, action in run.steps:
        if actor == CHANCE:
            state = GAME.resolve_chance(state, action["outcome"])
        else:
            state = GAME.play(state, actor, action)
        yield state


def named_ids(value, out: set[str]) -> None:
    """Ids the client would look up: values of id-like fields anywhere in a move or view."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key in ID_FIELDS and isinstance(v, str):
                out.add(v)
            named_ids(v, out)
    elif isinstance(value, list):
        for v in value:
            named_ids(v, out)


def view_ids(view: dict) -> set[str]:
    """Every component id a view shows: cards in market, places, display, employees, hands, tournaments."""
    out: set[str] = set()
    for seat_horses in view["horses"]:
        for h in seat_horses:
            out.add(h["card_id"])
            if h["place"] != "holding":
                out.add(h["place"])
    out |= {c for c in view["market"] if c}
    out |= set(view["discard"]) | set(view["owners"]) | set(view["upgrades"])
    out |= {c for c in view["display"] if c} | {e for e in view["employees"] if e}
    out |= set(view["employee_pool"]) | set(view["tournament_cards"])
    for group in view["pending_fate"] + view["kept_fate"]:
        out |= set(group)
    if view["tournament"] and view["tournament"]["skill"]:
        out.add(view["tournament"]["skill"])
    if view["private"]:
        p = view["private"]
        out |= set(p["hand"]) | set(p["picks"]) | set(p["seen_in_draft"]) | set(p["tessa_cards"])
    named_ids(view["tournament"] or {}, out)
    return out


@pytest.fixture(scope="module")
def data() -> dict:
    return catalog()


def test_catalog_validates_against_the_catalog_schema(data):
    body = {"game": GAME.name, "rules_version": GAME.rules_version, **data}
    assert CatalogSchema().validate(body) == {}
    assert GAME.catalog() == data


def test_seat_colours_are_yellow_red_blue_purple_with_hex_values(data):
    assert [c["name"] for c in data["seat_colours"]] == ["Yellow", "Red", "Blue", "Purple"]
    assert all(c["hex"].startswith("#") and len(c["hex"]) == 7 for c in data["seat_colours"])


def test_horse_entries_carry_colour_skills_friend_and_value_from_the_card_data(data):
    acorn = data["components"]["H01"]
    assert acorn["name"] == "Acorn" and acorn["cost"] == {"carrots": 2} and acorn["value"] == 2
    assert acorn["colour"] == "green" and acorn["skills"] == {"cattle_drive": 2} and acorn["friend"] == "horseshoe"
    assert data["components"]["H55"]["kind"] == "world-class horse"
    assert data["components"]["1A-4"]["type"] == "mountain" and data["components"]["1A-4"]["cost"] == {"boots": 3}
    assert data["components"]["TF01"]["effect"] == "If your home has 1 free place, draw the top horse into your home."


def test_a_fate_card_that_asks_for_a_payment_reads_as_an_order_in_one_sentence(data):
    assert data["components"]["TF34"]["effect"] == "Pay 2 goods (any mix) to place 2 upgrade tokens."
    assert data["components"]["TF24"]["effect"] == "Pay 3 carrots to take a market horse free."
    assert data["components"]["TF08"]["effect"] == "If 3 of your horses share a colour, keep this card: 1 trophy at the end."


@pytest.mark.parametrize("case", LEVEL_GAMES, ids=lambda c: f"{c[0]}p-L{c[1]}{c[2]}-s{c[3]}")
def test_every_id_move_type_phase_and_score_source_of_a_playout_has_an_entry(data, case):
    players = case[0]
    ids: set[str] = set()
    types: set[str] = set()
    phases: set[str] = set()
    sources: set[str] = set()
    for i, state in enumerate(states(*case)):
        phases.add(state.phase)
        for viewer in [None, *range(players)]:
            if i % 7 == 0 or viewer is None:
                ids |= view_ids(GAME.player_view(state, viewer))
        for seat in range(players):
            moves = GAME.legal_moves(state, seat)
            types |= {m["type"] for m in moves}
            named_ids(moves, ids)
        for part in GAME.scores(state).breakdown.values():
            sources |= set(part)
    assert ids - set(data["components"]) == set()
    assert (types | phases | sources) - set(data["terms"]) == set()


def test_the_catalog_holds_no_deck_order_of_a_real_table(data):
    run = playout_game(3, 3, "B", 0)
    text = json.dumps(data)
    secrets = [action["outcome"] for actor, action in run.steps if actor == CHANCE and len(action["outcome"]) > 8]
    assert secrets, "the playout shuffled decks"
    for order in secrets:
        assert json.dumps(order) not in text
        assert json.dumps(order[:5])[1:-1] not in text  # not even the top of a deck
