"""Bad input never escapes as anything but ``IllegalMove`` naming a rule, the state unchanged."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove, NotYourTurn
from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import ALL_CARDS, COORDS
from domain.games.bunny_kingdom.moves import SHAPES
from tests.games.bunny_kingdom.builders import PIA, build, deck_with, hold, own, refused, scrolls, table
from tests.games.playout import playout

RULE_ID = re.compile(r"^BK-R\d+$")


def dealt(players=4):
    return GAME.resolve_chance(GAME.setup(players, {}), deck_with([]))


def construction():
    state = own(table(), PIA, "H6", "B2", "G1", "J4")
    return hold(state, PIA, "B-CITY1-1", "B-CITY3-1", "B-FARM-FISH", "B-SKY-1", "B-CAMP-1")


def harvest():
    return build(own(table(2, "harvest", 2), PIA, "F10"), "F10", "B-TRADING-POST-1")


def copy_step():
    from domain.games.bunny_kingdom.rules import advance

    state = table(2, "round_end", 4).set(harvests=((0,) * 4,) * 2)
    return advance(scrolls(scrolls(state, 0, "P-LIBERAL"), 1, "P-FISHER", "P-FARMER"))


STATES = {"exploration": dealt, "construction": construction, "harvest": harvest, "copy": copy_step}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=False),
    st.sampled_from([*ALL_CARDS[:20], *ALL_CARDS[-20:], *COORDS[:10], "K11", "", "wood", "gold"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
moves = st.one_of(
    values,
    st.fixed_dictionaries({"type": st.sampled_from(sorted(SHAPES))}, optional={
        "round": values, "pick": values, "play": values, "discard": values, "card": values, "coord": values,
        "coord_a": values, "coord_b": values, "choices": values, "target": values, "extra": values,
    }),
)  # fmt: skip


@pytest.mark.parametrize("phase", sorted(STATES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(move=moves, seat=st.one_of(st.integers(-2, 5), st.none(), st.text(max_size=2)))
def test_random_json_moves_are_refused_cleanly_in_every_phase(phase, move, seat):
    """BK-R24: any malformed command is refused with a rule id and produces nothing."""
    state = STATES[phase]()
    if isinstance(seat, int) and 0 <= seat < state.players and move in GAME.legal_moves(state, seat):
        return
    before = GAME.to_dict(state)
    try:
        GAME.play(state, seat, move)
    except IllegalMove as error:
        assert RULE_ID.match(error.rule)
    else:
        raise AssertionError(f"seat {seat!r} move {move!r} was accepted but is not a legal move")
    assert GAME.to_dict(state) == before


def test_bk_r24_unknown_missing_extra_and_mistyped_fields_are_refused():
    state = dealt()
    base = {"type": "submit_pick", "round": 1, "pick": 1, "play": list(state.hands[0][:2]), "discard": None}
    refused(state, 0, {**base, "type": "draw_card"}, "BK-R24")
    refused(state, 0, {k: v for k, v in base.items() if k != "play"}, "BK-R27")
    refused(state, 0, {**base, "bonus": 1}, "BK-R27")
    refused(state, 0, {**base, "round": "1"}, "BK-R27")
    refused(state, 0, {**base, "round": True}, "BK-R27")
    refused(state, 0, {**base, "play": [1, 2]}, "BK-R27")
    refused(state, 0, {**base, "play": "T-A1"}, "BK-R27")


def test_bk_r29_cards_not_held_are_refused():
    state = dealt()
    refused(
        state,
        0,
        {"type": "submit_pick", "round": 1, "pick": 1, "play": list(state.hands[1][:2]), "discard": None},
        "BK-R29",
    )
    refused(construction(), PIA, {"type": "build_city", "card": "B-CITY2-1", "coord": "H6"}, "BK-R37")
    refused(construction(), PIA, {"type": "build_farm", "card": "B-CITY1-1", "coord": "H6"}, "BK-R41")
    refused(
        construction(),
        PIA,
        {"type": "build_sky_tower", "card": "B-SKY-2", "coord_a": "G1", "coord_b": "J4"},
        "BK-R43",
    )


def test_bk_r13_moves_in_the_wrong_phase_or_out_of_turn_are_refused():
    state = dealt()
    refused(state, 0, {"type": "finish_construction"}, "BK-R47")
    refused(state, 0, {"type": "build_city", "card": "B-CITY1-1", "coord": "H6"}, "BK-R36")
    refused(state, 0, {"type": "keep_camp", "card": "B-CAMP-1"}, "BK-R35")
    refused(state, 0, {"type": "choose_trading_posts", "round": 1, "choices": {}}, "BK-R49")
    refused(state, 0, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"}, "BK-R53")
    refused(
        construction(),
        PIA,
        {"type": "submit_pick", "round": 2, "pick": 1, "play": ["T-A1", "T-A2"], "discard": None},
        "BK-R26",
    )
    shuffle = GAME.setup(3, {})
    with pytest.raises(NotYourTurn):
        GAME.play(shuffle, 0, {"type": "finish_construction"})
    over = playout(GAME, 2, {}, seed=1, check=False).final
    with pytest.raises(NotYourTurn):
        GAME.play(over, 0, {"type": "finish_construction"})
    assert GAME.legal_moves(over, 0) == [] and GAME.legal_moves(state, 9) == []
