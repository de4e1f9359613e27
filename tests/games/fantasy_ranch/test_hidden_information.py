"""Hidden information (§7): walk whole games and look for secrets in every view and log line.

At every step and for every viewer (each seat and the spectator) the public part of
``player_view`` (everything but ``private``) and the ``action_view``/``describe`` of the step
must not name a secret card: the horse and fate deck orders' cards, cards in draft hands or
picks not yet public, the removed tournament cards, Tessa's cards. ``private`` holds only the
viewer's own secrets.
"""

from __future__ import annotations

import json

import pytest

from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.state import State, Work
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import CASES, case_id, run
from tests.games.fantasy_ranch.helpers import RED, YELLOW, table


def secrets(state: State, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must not find in the public part of anything it is shown (FR-R301..R303)."""
    hidden = set(state.horse_deck) | set(state.fate_deck) | set(state.removed_cards)
    for seat in range(state.players):
        hidden |= set(state.hands[seat]) | {c for c in state.step_picks if c}
        if state.level == 3 and state.phase == "draft":  # level-3 picks wait for DraftPicksRevealed
            hidden |= set(state.picks[seat])
    if state.phase == "tessa_choice" and viewer != Work(state).active:
        hidden |= set(state.tessa)
    return hidden


def found(text: str, cards: set[str]) -> set[str]:
    return {c for c in cards if f'"{c}"' in text or f"({c})" in text or f" {c}." in text}


def check_private(state: State, viewer: int | None, private: dict | None) -> None:
    if viewer is None:
        assert private is None
        return
    assert set(private) == {"hand", "picks", "pending_pick", "seen_in_draft", "tessa_cards"}  # nothing else
    assert private["pending_pick"] == state.step_picks[viewer]  # the own pick of this step, no other seat's
    assert private["hand"] == list(state.hands[viewer])  # FR-R102: the pending pick has left the hand
    assert private["picks"] == list(state.picks[viewer])
    assert set(private["seen_in_draft"]) == set(state.seen[viewer])
    active = state.phase == "tessa_choice" and Work(state).active == viewer
    assert private["tessa_cards"] == (list(state.tessa) if active else [])


@pytest.mark.parametrize("case", [c for c in CASES if c[2] == 0], ids=case_id)
def test_fr_r300_r305_no_secret_reaches_another_viewer(case):
    """FR-R300 / FR-R301 / FR-R302 / FR-R303 / FR-R304 / FR-R305: views and logs carry public facts only."""
    players = case[0]
    game = run(case)
    state = GAME.setup(players, game.options)
    viewers = [None, *range(players)]
    for actor, action in game.steps:
        for viewer in viewers:
            view = GAME.player_view(state, viewer)
            private = view.pop("private")
            check_private(state, viewer, private)
            hidden = secrets(state, viewer)
            assert not found(json.dumps(view), hidden), (state.phase, viewer)
            shown = json.dumps(GAME.action_view(state, actor, action, viewer))
            said = GAME.describe(state, actor, action, viewer)
            own_pick = actor == viewer and action.get("type") == "draft_pick"
            bought = action.get("type") == "tessa_choose"  # the bought card becomes public (FR-R303)
            leak = found(shown + " " + said, hidden - ({action["card_id"]} if own_pick or bought else set()))
            if actor == CHANCE and action["request"]["kind"] == "roll":
                leak = set()
            assert not leak, (action, viewer, leak)
        after = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        # Facts (takeovers, sweeps, start player, scores) are public (FR-R300): alike for every
        # viewer, and naming no secret card.
        facts = [GAME.facts(state, actor, action, after, viewer) for viewer in viewers]
        assert all(f == facts[0] for f in facts), (action, facts)
        assert not found(json.dumps(facts[0]), secrets(state, None) & secrets(after, None)), (action, facts[0])
        state = after
    # public facts stay public: the spectator sees every horse, goods and owners (FR-R300)
    spectator = GAME.player_view(state, None)
    assert sum(len(h) for h in spectator["horses"]) == len(state.horses)
    assert spectator["goods"] == [{"carrots": c, "boots": b} for c, b in state.goods]


def test_fr_r301_secret_shuffles_are_redacted_and_removed_tournament_cards_never_shown():
    """FR-R301 / FR-R305: deck shuffles show no order; the tournament-card shuffle shows T1..T8 only."""
    state = GAME.setup(2, {"level": 3, "community_side": "B"})
    state = GAME.resolve_chance(state, [0])
    request = GAME.chance(state)
    action = {"type": "chance", "request": request.to_dict(), "outcome": list(request.items)}
    for viewer in (None, 0, 1):
        assert GAME.action_view(state, CHANCE, action, viewer)["outcome"] is None
    cards = [f"TC{i:02d}" for i in range(1, 17)]
    tc_state = State(
        **{**GAME.setup(2, {"level": 3, "community_side": "B"}).__dict__, "phase": "shuffle_tournament_cards"}
    )
    shown = GAME.action_view(tc_state, CHANCE, {"type": "chance", "request": {}, "outcome": cards}, 0)
    assert shown["outcome"] == cards[:8]
    assert "TC09" not in GAME.describe(tc_state, CHANCE, {"type": "chance", "outcome": cards}, None)


def test_fr_r300_r304_public_piles_are_shown_alike_to_every_viewer():
    """FR-R300 / FR-R304: discard contents, deck sizes, pending and kept fate cards are public to all."""
    state = table(
        2,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        deck=("H01", "H02"),
        discard=("H05", "H06"),
        fate_deck=("TF10",),
        pending_fate=(("TF03",), ()),
        kept_fate=((), ("TF04",)),
    )
    for viewer in (None, YELLOW, RED):
        view = GAME.player_view(state, viewer)
        assert view["discard"] == ["H05", "H06"] and view["horse_deck_size"] == 2
        assert view["fate_deck_size"] == 1 and "TF10" not in json.dumps(view)
        assert view["pending_fate"] == [["TF03"], []] and view["kept_fate"] == [[], ["TF04"]]
