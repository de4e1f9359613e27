"""Spec §7: walk whole bot games and check no viewer ever sees a card it may not know.

At every step, for every seat and the spectator, the card ids appearing in ``player_view``,
``action_view`` and ``describe`` must be public (board, discard piles, unplaced building cards,
parchments once revealed) or the viewer's own (hand, cards it has held, parchments, discards).
Nothing secret may show: the deck order, reserves, other hands, others' picks before the reveal,
others' parchments, two-player discards, hidden trading post and copy choices.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import CARD_SET
from domain.games.game import CHANCE
from tests.games.playout import playout, replay

SEEDS = int(os.environ.get("BK_SEEDS", "1"))
TOKEN = re.compile(r"[A-Z][A-Z0-9-]*")


def card_ids(payload) -> set[str]:
    return set(TOKEN.findall(json.dumps(payload))) & CARD_SET


def public_cards(state) -> set[str]:
    cards = {c for pile in state.discards + state.fronts for c in pile}
    cards |= {b for b in state.buildings if b and b != "CI"}
    if state.phase in ("copy", "over"):  # BK-R141
        cards |= {c for p in state.parchments for c in p}
    return cards


def own_cards(state, viewer) -> set[str]:
    if viewer is None:
        return set()
    selection = state.selections[viewer]
    return (
        set(state.hands[viewer])
        | set(state.seen[viewer])
        | set(state.parchments[viewer])
        | set(state.removed[viewer])
        | set(selection[0] if selection else ())
    )


def walk(players: int, seed: int):
    run = playout(GAME, players, {}, seed=seed, check=False)
    state = GAME.setup(players, {})
    for actor, action in run.steps:
        after = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        yield state, actor, action, after
        state = after


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_bk_r25_r130_r131_r134_no_view_or_log_line_shows_another_seats_secret(players, seed):
    """BK-R25, BK-R130, BK-R131, BK-R134: per-seat views, log lines and facts carry only that seat's
    private fields."""
    checked = 0
    for before, actor, action, after in walk(players, seed):
        if after.phase == "over":
            break  # BK-R155: everything is public once the game has ended
        for viewer in [None, *range(players)]:
            allowed = public_cards(after) | own_cards(before, viewer) | own_cards(after, viewer)
            shown = card_ids(GAME.player_view(after, viewer))
            shown |= card_ids(GAME.action_view(before, actor, action, viewer))
            shown |= card_ids(GAME.describe(before, actor, action, viewer))
            shown |= card_ids(GAME.facts(before, actor, action, after, viewer))  # BK-R105 discards
            leaked = shown - allowed
            assert not leaked, f"viewer {viewer} sees {sorted(leaked)} after {action.get('type')}"
            checked += 1
    assert checked > 100


def test_bk_r132_the_spectator_log_never_holds_the_deck_or_a_parchment_id():
    """BK-R132: a replay rendered for a spectator before the end holds no secret field."""
    for before, actor, action, after in walk(4, 3):
        if after.phase == "over":
            break
        line = [GAME.action_view(before, actor, action, None), GAME.describe(before, actor, action, None)]
        assert not {c for c in card_ids(line) if c.startswith("P-")} - public_cards(after)
        if actor == CHANCE:
            assert card_ids(line) == set()


def test_bk_r133_a_rewound_view_is_recomputed_from_the_truncated_stream():
    """BK-R133: the view at an earlier point is the view of the state replayed to that point."""
    run = playout(GAME, 3, {}, seed=4, check=False)
    live = []
    state = GAME.setup(3, {})
    for actor, action in run.steps:
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        live.append(GAME.player_view(state, 1))
    for k in (1, len(run.steps) // 3, len(run.steps) // 2):
        rewound = replay(GAME, 3, {}, run.steps[:k])
        assert GAME.player_view(rewound, 1) == live[k - 1]
        later = card_ids(live[-2]) - card_ids(live[k - 1])
        assert not later & card_ids(GAME.player_view(rewound, 1))


def test_bk_r155_everything_is_public_once_the_game_is_over():
    """BK-R155: after the end, hands, removed cards, parchments and the deck are shown to all."""
    run = playout(GAME, 2, {}, seed=2, check=False)
    view = GAME.player_view(run.final, None)
    assert all("parchments" in s and "removed" in s for s in view["seats"])
    assert view["deck"] == list(run.final.deck)


@pytest.mark.parametrize("odd", [True, 1.0, "1", -1, 7])
def test_bk_r131_a_viewer_that_is_not_a_seat_sees_only_what_a_spectator_sees(odd):
    """BK-R131: only a real seat number unlocks private fields; anything else is a spectator."""
    before, actor, action, after = next(
        step for step in walk(3, 2) if step[2].get("type") == "submit_pick" and step[1] == 1
    )
    spectator = GAME.player_view(after, None)
    assert GAME.player_view(after, odd) == spectator
    assert GAME.action_view(before, actor, action, odd) == GAME.action_view(before, actor, action, None)
    assert GAME.describe(before, actor, action, odd) == GAME.describe(before, actor, action, None)


def test_a_reveal_says_two_parchments_for_two_hidden_ones():
    """The table review read "Bot 4 played a parchment and a parchment": two hidden parchments."""
    from domain.games.bunny_kingdom.components import ALL_CARDS
    from domain.games.game import seat_ref
    from tests.games.bunny_kingdom.builders import exploring, first_pick

    territories = [c for c in ALL_CARDS if not c.startswith(("P-", "B-"))][:4]
    state = exploring(3, 1, 1, {0: territories})  # seats 1 and 2 hold parchments only
    for seat in (1, 2):
        state = GAME.play(state, seat, first_pick(state, seat))
    last = first_pick(state, 0)
    said = GAME.describe(state, 0, last, 0)
    assert f"{seat_ref(1)} played two parchments" in said and "a parchment and a parchment" not in said, said


def test_a_parchments_count_reads_one_in_the_singular():
    """The table review's parchment panel read "1 cities × 1" and "1 treasures × 3"."""
    from domain.games.bunny_kingdom.scoring import progress
    from tests.games.bunny_kingdom.builders import own, scrolls, table

    state = scrolls(own(table(), 0, "G5"), 0, "P-BURGOMASTER")  # G5 is a printed city
    assert [line["basis"] for line in progress(state, 0)] == ["1 city × 1"]
    state = scrolls(own(table(), 0, "G5", "A4"), 0, "P-BURGOMASTER")  # and so is A4
    assert [line["basis"] for line in progress(state, 0)] == ["2 cities × 1"]
