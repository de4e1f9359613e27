"""The Bunny Kingdom catalog: the one dictionary the browser board draws from.

It must validate against the API's ``CatalogSchema``, name every id a view or legal move of a
real game uses, give a readable term to every score-breakdown key, move type and phase, and hold
no secret (the deck order of a real table is never in it).
"""

from __future__ import annotations

import json
import re

import pytest

from api.schemas.views import CatalogSchema
from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import (
    ALL_CARDS,
    COORDS,
    LAVA_EDGES,
    LUXURY_RESOURCES,
    PARCHMENTS,
    TERRAIN,
)
from domain.games.game import CHANCE
from tests.games.playout import playout

ID = re.compile(r"\b(?:T-[A-J]\d+|B-[A-Z0-9-]+|PROV-\d|P-[A-Z-]+|CI|PARCHMENT)\b")


def ids_in(payload) -> set[str]:
    return set(ID.findall(json.dumps(payload)))


@pytest.fixture(scope="module")
def catalog():
    return GAME.catalog()


@pytest.fixture(scope="module")
def walk():
    """Every (state, legal moves) of a seeded 2- and a 3-player bot game, with its views."""
    seen = []
    for players, seed in ((2, 11), (3, 12)):
        run = playout(GAME, players, {}, seed=seed, check=False)
        state = GAME.setup(players, {})
        for actor, action in run.steps:
            state = (
                GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
            )
            seen.append(state)
    return seen


def test_catalog_validates_against_the_catalog_schema(catalog):
    assert CatalogSchema().validate({"game": GAME.name, "rules_version": GAME.rules_version, **catalog}) == {}


def test_catalog_has_a_named_explained_entry_for_every_card(catalog):
    components = catalog["components"]
    for card in ALL_CARDS:
        entry = components[card]
        assert entry["name"] and entry["kind"] and entry["effect"], card
    assert components["T-B6"]["terrain"] == "mountain" and components["T-B6"]["coord"] == "B6"
    assert components["B-CITY3-1"]["strength"] == 3 and components["B-CITY3-1"]["terrain"] == "mountain"
    assert components["B-CAMP-4"]["priority"] == 4
    assert components["P-ROYAL-CARROT"]["points"] == 6 and components["P-ROYAL-CARROT"]["kind"] == "treasure"


def test_every_kind_of_card_is_named_in_words(catalog):
    """A card tile prints what the card is ("Luxury farm"), never the kind's key (luxury_farm)."""
    kinds = {entry["kind"] for entry in catalog["components"].values()}
    assert kinds <= set(catalog["terms"]), kinds - set(catalog["terms"])
    assert all(catalog["terms"][kind][0].isupper() and "_" not in catalog["terms"][kind] for kind in kinds)
    assert catalog["terms"]["luxury_farm"] == "Luxury farm"


def test_catalog_board_is_the_printed_map_with_its_lava(catalog):
    board = catalog["board"]
    assert [board["squares"][c]["terrain"] for c in COORDS] == list(TERRAIN)
    assert board["lava_edges"] == [list(e) for e in LAVA_EDGES]
    assert board["squares"]["A1"]["resource"] == "wood" and board["squares"]["A4"]["printed_city"]
    assert len(catalog["seat_colours"]) == GAME.max_players


def test_every_id_in_views_and_legal_moves_of_seeded_games_has_an_entry(catalog, walk):
    components, terms = catalog["components"], catalog["terms"]
    for state in walk:
        for viewer in (None, *range(state.players)):
            view = GAME.player_view(state, viewer)
            assert ids_in(view) <= set(components)
            assert {view["phase"], view["pass_direction"] or "left"} <= set(terms)
            for fief in (f for seat in view["fiefs"] for f in seat):
                assert set(fief["resources"]) <= set(terms)
        for seat in range(state.players):
            for move in GAME.legal_moves(state, seat):
                assert move["type"] in terms
                assert ids_in(move) <= set(components)
                assert set(move.get("choices", {}).values()) <= set(terms)
    assert set(LUXURY_RESOURCES) <= set(terms)


def test_every_score_breakdown_key_has_a_term(catalog, walk):
    finals = [s for s in walk if GAME.is_over(s)]
    assert len(finals) == 2
    for state in finals:
        for lines in GAME.scores(state).breakdown.values():
            assert set(lines) <= set(catalog["terms"]), set(lines) - set(catalog["terms"])
    # Copies are scored under labels naming both cards; every possible one has a term.
    assert catalog["terms"]["P-LIBERAL copying P-FISHER"] == "Liberal copying Fisher"
    assert "P-SOCIALIST (no target)" in catalog["terms"]
    assert set(PARCHMENTS) <= set(catalog["terms"])


def test_catalog_holds_no_secret_of_a_real_table(catalog, walk):
    text = json.dumps(catalog)
    deck = walk[0].deck  # the shuffled deck order of a real table
    assert json.dumps(list(deck[:6]))[1:-1] not in text
    hands = next(s.hands for s in walk if any(s.hands))
    assert all(json.dumps(list(h))[1:-1] not in text for h in hands if h)
    assert "deck" not in catalog["board"]
    assert json.dumps(GAME.catalog()) == text  # built from constants: the same for every table


def test_the_api_answer_keeps_each_component_s_own_fields(catalog):
    dumped = CatalogSchema().dump({"game": GAME.name, "rules_version": GAME.rules_version, **catalog})
    assert dumped["components"]["T-A1"]["coord"] == "A1" and dumped["components"]["T-A1"]["terrain"] == "forest"
    assert dumped["components"]["B-CITY2-1"]["strength"] == 2
    assert dumped["components"]["B-LUX-GOLD"]["produces"] == "gold"
