"""No seat's secret ever reaches another seat or a spectator (spec §7, HS-H01–HS-H08).

Walks whole bot games. At every state, each viewer's ``player_view`` must not change when
another seat's secrets change (screened holdings, an unconfirmed placement) or when the order
of the face-down stacks changes; unrevealed tiles never appear in any view, action view or log
sentence; private transactions reach other viewers only as ``private_action_taken``.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from domain.games.game import CHANCE, seat_ref
from domain.games.homesteaders import GAME
from domain.games.homesteaders.components import tile_groups
from domain.games.homesteaders.moves import PRIVATE
from domain.games.homesteaders.state import SCREENED, State

from .walk import SEEDS, walk

SCREENED_GAMES = [
    (players, {"resource_visibility": "screened", "worker_assignment_mode": mode})
    for players in (2, 3, 4)
    for mode in ("simultaneous", "sequential")
]


def with_other_secrets(state: State, seat: int) -> State:
    """The same public situation, but ``seat`` holds different screened totals and placement."""
    player = state.seat(seat)
    changed = replace(player, **{k: getattr(player, k) + 7 + i for i, k in enumerate(SCREENED)})
    if state.mode == "simultaneous":
        changed = replace(changed, placement=(("w9-9", "secret#1", 1),))
    return state.with_seat(seat, changed)


def with_other_stack_order(state: State) -> State:
    """The same revealed tiles, the later tiles of stacks 2 and 3 in reverse order."""
    r = state.round
    return replace(state, stack2=state.stack2[:r] + state.stack2[r:][::-1], stack3=state.stack3[:r] + state.stack3[r:][::-1])


def unrevealed(state: State) -> set[str]:
    r = min(state.round, 10)
    return set(state.stack2[r:]) | set(state.stack3[r:])


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize(("players", "options"), SCREENED_GAMES, ids=lambda v: str(v))
def test_no_secret_reaches_another_viewer(players, options, seed):
    """HS-H02–HS-H05, HS-H07, HS-H08: views and the per-viewer event log (action views, sentences,
    facts)."""
    viewers = [None, *range(players)]
    private_seen = 0
    for before, actor, action, after in walk(players, options, seed):
        for state in (before, after):
            if state.phase in ("chance", "over"):
                continue
            hidden = unrevealed(state)
            shuffled = with_other_stack_order(state)
            for viewer in viewers:
                view = GAME.player_view(state, viewer)
                # the era groups' tile sets are public (HS-H01); their order is not, nor any later tile
                groups = {k: stack["tiles"] for k, stack in view["random_stacks"].items()}
                assert groups == {str(k): dict(zip(("settlement", "town", "city"), map(sorted, tile_groups(k)))) for k in map(int, groups)}
                text = json.dumps({**view, "random_stacks": {k: {**v, "tiles": None} for k, v in view["random_stacks"].items()}})
                assert not any(f'"{tile}"' in text for tile in hidden), "HS-H03: a later tile leaked"
                assert GAME.player_view(shuffled, viewer) == view
                for seat in range(players):
                    if seat != viewer:
                        assert GAME.player_view(with_other_secrets(state, seat), viewer) == view, (
                            f"viewer {viewer} sees a secret of seat {seat}"
                        )
        hidden = unrevealed(after) if after.phase != "chance" else set(after.stack2) | set(after.stack3)
        for viewer in viewers:
            seen = GAME.action_view(before, actor, action, viewer)
            sentence = GAME.describe(before, actor, action, viewer)
            facts = GAME.facts(before, actor, action, after, viewer)
            text = json.dumps(seen) + sentence
            assert not any(tile in text for tile in hidden), "HS-H03: a later tile leaked in the log"
            told = json.dumps(facts)  # whole ids only: a fact's rule id ("HS-A17") is no tile
            assert not any(re.search(rf"(?<![\w-]){tile}(?![\w-])", told) for tile in hidden), "HS-H03: in a fact"
            for fact in facts:  # HS-H04: a debt taken for a shortfall is its owner's private transaction
                if fact["kind"] == "debt taken":
                    assert fact["seats"] == [viewer], f"seat {fact['seats']}'s debt reached viewer {viewer}"
            if actor == CHANCE:
                if action["request"]["kind"] == "shuffle":
                    assert "outcome" not in seen
                continue
            if viewer == actor:
                assert seen == action
                continue
            if action["type"] in PRIVATE:  # HS-H04
                private_seen += 1
                assert seen == {"type": "private_action_taken", "seat": actor}
                assert sentence == f"{seat_ref(actor)} made a private market or debt transaction."
            elif action["type"] in ("assign_worker", "unassign_worker") and options["worker_assignment_mode"] == "simultaneous":
                assert seen is None  # HS-H05
                assert action["worker"] not in sentence
            elif action["type"] in ("pay_wages", "pay_auction"):
                assert "take_debt_for_shortfall" not in seen
    assert private_seen > 0, "the walk never exercised a private transaction"


def test_open_mode_shows_holdings_to_everyone():
    """HS-H02, HS-H06: with resource_visibility=open every seat's totals and score are public."""
    from .helpers import new_game

    state = new_game(3, resource_visibility="open")
    seats = GAME.player_view(state, None)["seats"]
    assert all(s["holdings"]["silver"] == 6 for s in seats)
    assert GAME.scores(state).breakdown[0]["vp_tokens"] == 0
    sell = {"type": "sell_resource", "resource": "wood"}
    assert GAME.action_view(state, 0, sell, 1) == sell


def test_sequential_placements_are_public_immediately():
    """HS-H05: in sequential mode WorkersAssigned is public at once."""
    from .helpers import assign, new_game

    state = new_game(3, start=0, worker_assignment_mode="sequential")
    move = assign("w1-1", "homestead#1", 1)
    after = GAME.play(state, 0, move)
    assert GAME.action_view(state, 0, move, 1) == move
    assert GAME.player_view(after, None)["seats"][0]["placement"] == [["w1-1", "homestead#1", 1]]


def test_simultaneous_placements_show_the_previous_reveal():
    """HS-H05: until every seat confirms, others see the last revealed placement."""
    from .helpers import assign, new_game

    state = new_game(3)
    after = GAME.play(state, 0, assign("w1-1", "homestead#1", 1))
    assert GAME.player_view(after, 1)["seats"][0]["placement"] == []
    assert GAME.player_view(after, 0)["seats"][0]["placement"] == [["w1-1", "homestead#1", 1]]
    for seat in (0, 1, 2):
        after = GAME.play(after, seat, {"type": "confirm_workers"})
    assert GAME.player_view(after, 1)["seats"][0]["placement"] == [["w1-1", "homestead#1", 1]]


PROBES = [
    {"type": "pay_auction", "gold_used": 99, "take_debt_for_shortfall": False},
    {"type": "place_bid", "slot": 1, "value": 8},
    {"type": "build_building", "building": "church#1", "gold_as_copper": 0, "gold_as_livestock": 0},
    {"type": "take_auction_bonus", "use_river_port_gold": True},
    {"type": "pay_wages", "gold_used": 0, "take_debt_for_shortfall": False},
    {"type": "sell_resource", "resource": "gold"},
    {"type": "choose_rail_reward", "reward": "vp3"},
]


@pytest.mark.parametrize("players", [2, 4])
def test_hs_h09_refusals_cite_only_the_issuers_or_public_values(players):
    """HS-H09: a refusal never depends on another seat's secrets nor names a face-down tile."""
    from domain.errors import IllegalMove

    def message(state, seat, move):
        try:
            GAME.play(state, seat, move)
        except IllegalMove as refusal:
            return str(refusal)
        return None

    for index, (state, actor, _, _) in enumerate(walk(players, {}, seed=7)):
        if actor == CHANCE or index % 3:
            continue
        hidden = unrevealed(state)
        for seat in range(players):
            for move in PROBES:
                text = message(state, seat, move)
                assert text is None or not any(tile in text for tile in hidden)
                for other in range(players):
                    if other != seat:
                        assert message(with_other_secrets(state, other), seat, move) == text
