"""Fantasy Ranch's level-3 ``strong`` searches rounds 4 and 5 (``lookahead``): its rollouts play a
quick ``basic``, the search can overrule the one-ply ranking, and it reads nothing the seat
cannot see, deterministically from the generator it is given."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from domain.application import bot_decision
from domain.fairness import bot_rng, draw
from domain.games import GAMES
from domain.games.fantasy_ranch import bots, legal, lookahead
from domain.games.fantasy_ranch.state import Work
from domain.games.game import BotInput, walk
from tests.bots.helpers import seed_of

GAME = GAMES["fantasy_ranch"]
LEVEL_3 = {"level": 3, "community_side": "B"}


def _late_positions(kind: str, seed: str = "fr-lookahead", secret: str | None = None, options: dict = LEVEL_3):
    """Decisions of a seeded ``basic`` game (level 3 unless ``options`` say) from round 4 on, of one phase."""
    secret = secret or seed_of(seed)
    decisions = itertools.count(1)  # these games' bots draw from the count of seat moves, not of all steps

    def basic(_version, state, seat):
        return bot_decision(GAME, state, seat, "basic", bot_rng(secret, next(decisions), seat))

    for _version, state, seat in walk(GAME, GAME.setup(4, GAME.resolve_options(4, options)),
                                      lambda request, n: draw(request, secret, n), basic):
        if state.round >= lookahead.FROM_ROUND and state.phase == kind:
            yield state, seat


def _calls(monkeypatch, module, name: str) -> list:
    """Record each call of ``module.name`` (it still runs)."""
    calls, real = [], getattr(module, name)

    def recorded(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, recorded)
    return calls


def _input(state, seat: int, rng_seed: int = 3) -> BotInput:
    return BotInput(seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(rng_seed))


def test_the_rollouts_quick_basic_judges_no_megan_or_gail(monkeypatch):
    """Megan and Gail were judged thousands of times a few games and never chosen: the quick
    form the rollouts play skips them (each judged move costs a ``play``)."""
    asked: dict[str, set[str]] = {"quick": set(), "basic": set()}
    current = ["basic"]
    real = legal.employee_uses

    def uses(w, seat, employee):
        asked[current[0]].add(employee)
        return real(w, seat, employee)

    monkeypatch.setattr(legal, "employee_uses", uses)
    for n, (state, seat) in enumerate(_late_positions("turn")):
        for name, taste in (("quick", bots.QUICK), ("basic", bots.BASIC)):
            current[0] = name
            bots.ranked_moves(state, seat, random.Random(n), taste)
        if n == 20:
            break
    assert {"megan", "gail"} <= asked["basic"]
    assert not {"megan", "gail"} & asked["quick"]
    assert asked["quick"] <= set(bots.QUICK_EMPLOYEES)


def test_the_search_overrules_a_one_ply_ranking_that_declines_a_horse():
    """Rollouts to the end find the horse prize worth a trophy: ranked after a refusal by a
    (wrong) one ply, the claim is still chosen."""
    for state, seat in _late_positions("tournament_prizes"):
        w = Work(state)
        claims = [m for m in legal.prize_moves(w, seat) if m["type"] == "claim_prize"]
        if w.prizes[0][3] != "horse" or not claims:
            continue
        decline = next(m for m in legal.prize_moves(w, seat) if m["type"] == "decline_prize")
        view = GAME.player_view(state, seat)
        chosen = lookahead.choose(
            view, seat, random.Random(5), state, [decline, claims[0]], bots._quick_strong, bots._quick_basic
        )
        assert chosen == claims[0]
        return
    raise AssertionError("no horse prize with room in rounds 4 and 5")


def test_the_search_spends_nothing_when_the_budget_cannot_pay_two_worlds(monkeypatch):
    """Bounded by a count of simulated decisions, never the clock: with no budget the one-ply
    choice stands and no rollout is played beyond the first."""
    played = _calls(monkeypatch, lookahead, "rollout")
    monkeypatch.setattr(lookahead, "BUDGET", 1)
    state, seat = next(_late_positions("turn"))
    ranked = bots.strong_ranking(state, seat, random.Random(1))
    chosen = lookahead.choose(
        GAME.player_view(state, seat), seat, random.Random(1), state, ranked, bots._quick_strong, bots._quick_basic
    )
    assert chosen == ranked[0] and len(played) <= 1


def _hidden_twin(state, seat: int, rng: random.Random):
    """What the seat cannot see dealt otherwise: the horse and fate decks and the removed
    tournament cards reordered."""
    deck, fate, removed = list(state.horse_deck), list(state.fate_deck), list(state.removed_cards)
    rng.shuffle(deck)
    rng.shuffle(fate)
    rng.shuffle(removed)
    return replace(state, horse_deck=tuple(deck), fate_deck=tuple(fate), removed_cards=tuple(removed))


@pytest.mark.parametrize("options", [LEVEL_3, {"level": 1}], ids=["level 3", "level 1"])
def test_the_search_reads_only_the_view_and_its_rng(monkeypatch, options):
    """No peeking, rounds 4 and 5 included: the searching ``strong`` plays the same move when the
    decks it cannot see are reordered, and the same move again from the same generator."""
    searched = _calls(monkeypatch, lookahead, "choose")
    compared = 0
    for kind in ("turn", "tournament_prizes", "tournament_entries"):
        for state, seat in _late_positions(kind, seed="fr-lookahead-peek", options=options):
            twin = _hidden_twin(state, seat, random.Random(compared))
            if GAME.secrets(twin) == GAME.secrets(state):
                continue
            assert GAME.player_view(twin, seat) == GAME.player_view(state, seat)
            move = GAME.bots["strong"](_input(state, seat))
            assert GAME.bots["strong"](_input(twin, seat)) == move
            assert GAME.bots["strong"](_input(state, seat)) == move
            compared += 1
            break
    assert compared >= 2 and searched


def _late_state(level: int):
    """A level's round-4 turn, as a seeded ``basic`` game reaches it."""
    return next(_late_positions("turn", secret=seed_of("fr-lookahead-levels", level), options={"level": level}))


def test_every_level_searches_the_last_rounds():
    """Searched, every level won more often than its one ply (level 1 once its rollouts' finals
    plan counted the seat's own prize horses)."""
    assert [lookahead.searched(*_late_state(level)) for level in (1, 2, 3)] == [True, True, True]
    state, seat = _late_state(2)
    early = replace(state, round=lookahead.FROM_ROUND - 1)
    assert not lookahead.searched(early, seat)
