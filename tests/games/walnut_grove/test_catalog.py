"""The component catalog a client draws Walnut Grove from: valid, complete for every id the game
names in views and legal moves, readable names for every term, and free of any table's secret."""

from __future__ import annotations

import json
import random
import re

from api.schemas.views import CatalogSchema
from domain.fairness import draw
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from tests.games.playout import seed_hex

ID = re.compile(r"^(L\d\d|U\d\d|c\d\d|[ybw]\d|cabin_\d|barn_\d|PB\d|[AB]\d|farmer|coin)$")
ID_FIELDS = {
    "board",
    "building",
    "destination",
    "labourer_id",
    "building_tile_id",
    "upgrade_id",
    "tile_id",
    "town_place",
    "good",
    "figure_id",
    "id",
}


def _states(players: int = 3, seed: int = 11):
    """Every state of a seeded bot game (one per step)."""
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    rng, secret, n = random.Random(seed), seed_hex(seed), 0
    while not GAME.is_over(state):
        yield state
        actors = GAME.to_act(state)
        if CHANCE in actors:
            state = GAME.resolve_chance(state, draw(GAME.chance(state), secret, n))
            n += 1
        else:
            seat = rng.choice(sorted(actors))
            state = GAME.play(state, seat, GAME.bot_move(state, seat, rng))
    yield state


def _ids(value, field=None, out=None):
    """Strings in id positions: known id fields, id-shaped strings, and id lists (barn, stock, ...)."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for key, item in value.items():
            _ids(item, key, out)
    elif isinstance(value, list):
        for item in value:
            _ids(item, field, out)
    elif isinstance(value, str) and value and (field in ID_FIELDS or ID.match(value)):
        out.add(value)
    return out


def test_catalog_validates_against_the_catalog_schema():
    body = {"game": GAME.name, "rules_version": GAME.rules_version, **GAME.catalog()}
    assert CatalogSchema().validate(body) == {}
    components = body["components"]
    assert len([c for c in components.values() if c["kind"] == "landscape_tile"]) == 50
    assert (
        components["svensons"]["cost"] == {"coins": 1, "stone": 2} and components["svensons"]["capacity"] == 2
    )
    assert components["U16"]["name"] == "Plough" and "largest field" in components["U16"]["effect"]


def test_every_id_in_views_and_legal_moves_of_a_playout_has_a_catalog_entry_and_every_term_a_name():
    catalog = GAME.catalog()
    components, terms = catalog["components"], catalog["terms"]
    seen, types, phases, sources = set(), set(), set(), set()
    for i, state in enumerate(_states()):
        phases.add(state.phase)
        for seat in range(state.n):
            moves = GAME.legal_moves(state, seat)
            types.update(m["type"] for m in moves)
            if i % 5 == 0:  # every view, sampled: the ids repeat from step to step
                seen |= _ids(GAME.player_view(state, seat))
                seen |= _ids(moves[:200])
        sources |= {key for parts in GAME.scores(state).breakdown.values() for key in parts}
    seen |= _ids(GAME.player_view(state, None))
    missing = {
        i
        for i in seen
        if i not in components
        and not i.startswith(("board:", "barn", "area:"))
        and ":" not in i.replace("town_hall:", "").replace("church:", "")
    }
    missing |= {
        i
        for i in seen
        if i.startswith(("town_hall:", "church:", "svensons:", "soebucks:")) and i not in components
    }
    assert not missing
    assert types <= terms.keys() and phases <= terms.keys() and sources <= terms.keys()
    assert {"coins", "labourers", "buildings", "enclosures", "upgrades", "help"} <= sources


def test_catalog_holds_no_secret_of_a_real_table():
    """The catalog is static (the same before and after a game) and never names the face-down disc
    order, the coin bag or the tile bag of a table."""
    states = list(_states(players=2, seed=5))
    middle = next(s for s in states if s.phase == "fall" and len(s.discs) >= 3)
    text = json.dumps(GAME.catalog())
    assert GAME.catalog() == GAME.catalog()
    assert json.dumps(list(middle.discs)) not in text
    assert json.dumps(list(middle.coin_bag)) not in text and json.dumps(list(middle.tile_bag)) not in text
    assert "seed" not in text and "bag" not in json.dumps(sorted(GAME.catalog()["components"]))
