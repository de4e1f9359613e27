"""Facts of Homesteaders (docs/log.md): each automatic consequence appears under the step that set
it off, named after its rule, and reaches exactly the viewers its rule allows (HS-H01, HS-H04)."""

from __future__ import annotations

from domain.games.homesteaders import GAME
from domain.games.homesteaders.components import n_slots

from .helpers import (
    CONFIRM,
    DECLINE_BONUS,
    DECLINE_BUILD,
    PASS,
    A,
    B,
    C,
    assign,
    bid,
    bonus_worker,
    dummy,
    holding,
    new_game,
    pay,
    play,
    resolving,
    reward,
    wages,
)
from .walk import walk

VIEWERS = (None, A, B, C)


def facts(before, actor, move, viewer, reveal=False):
    return GAME.facts(before, actor, move, play(before, actor, move), viewer, reveal=reveal)


def kinds(found):
    return [f["kind"] for f in found]


def test_HS_A06_income_paid_fact_lists_each_seats_income_for_everyone():
    state = new_game(3)
    state = play(state, A, assign("w1-1", "homestead#1", 1))
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    for viewer in VIEWERS:
        income = [f for f in facts(state, C, CONFIRM, viewer) if f["kind"] == "income paid"]
        assert [f["seats"] for f in income] == [[A], [B], [C]]  # public (HS-H01), seat by seat
        assert all(f["rule"] == "HS-A06" for f in income)
        after = play(state, C, CONFIRM)
        gained = {holding: n for _, lines in after.seat(A).income for holding, n in lines}
        assert income[0]["amounts"] == {"0": gained} and "homestead#1" in income[0]["components"]
        assert income[0]["text"].startswith("{seat:0} collected income: ")


def test_HS_A07_wages_paid_fact_for_each_seat_paid_automatically_only():
    state = new_game(3)
    state = holding(state, A, workers=2, silver=0, gold=1)  # gold means a choice: A pays by move (HS-D26)
    state = holding(state, B, workers=3, silver=9)
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    wages_facts = [f for f in facts(state, C, CONFIRM, None) if f["kind"] == "wages paid"]
    assert [(f["seats"], f["amounts"], f["rule"]) for f in wages_facts] == [
        ([B], {"1": {"silver": 3}}, "HS-A07"), ([C], {"2": {"silver": 1}}, "HS-A07")]


def test_HS_R07_debt_taken_for_a_shortfall_fact_reaches_only_its_owner_while_screened():
    state = new_game(3)
    state = holding(state, A, workers=4, silver=0, gold=1)
    state = play(play(play(state, A, CONFIRM), B, CONFIRM), C, CONFIRM)
    move = wages(gold=0, debt=True)
    mine = facts(state, A, move, A)
    assert [(f["kind"], f["rule"], f["amounts"]) for f in mine] == [("debt taken", "HS-R07", {"0": {"debt": 1}})]  # 4 owed, 2 held
    assert mine[0]["text"] == "{seat:0} took 1 debt to cover {their:0} shortfall."
    for viewer in (None, B, C):  # HS-H04: a private transaction; the others learn nothing of it
        assert facts(state, A, move, viewer) == []
    assert kinds(facts(state, A, move, B, reveal=True)) == ["debt taken"]  # the game is over: all public


def test_HS_R07_debt_taken_fact_is_public_in_open_mode():
    state = new_game(3, resource_visibility="open")
    state = holding(state, A, workers=4, silver=0, gold=1)
    state = play(play(play(state, A, CONFIRM), B, CONFIRM), C, CONFIRM)
    assert kinds(facts(state, A, wages(gold=0, debt=True), B)) == ["debt taken"]


def test_HS_A37_tile_discarded_fact_when_its_slot_is_resolved():
    state = holding(resolving(new_game(3), 1, A, 0, tile="A05"), A, silver=9)
    found = []
    while state.cur_slot == 1:
        move = {"auction_payment": pay(), "build_choice": DECLINE_BUILD, "auction_bonus": DECLINE_BONUS,
                "bonus_worker": bonus_worker(False), "rail_reward": reward("trade")}[state.phase]
        after = play(state, A, move)
        found += [(move["type"], f) for f in GAME.facts(state, A, move, after, B) if f["kind"] == "tile discarded"]
        state = after
    assert len(found) == 1  # once, by the step that ended the slot, for every viewer (HS-H01)
    last, fact = found[0]
    assert (fact["rule"], fact["components"]) == ("HS-A37", ["A05", "slot:1", "resolved"])
    assert fact["text"] == "The tile of auction slot 1 ({tile:A05}) was discarded after its slot was resolved."


def test_HS_A30_HS_A25_tile_discarded_fact_for_a_slot_the_dummy_kept():
    """HS-S36: slot 2, held by the dummy, has no winner; its tile is discarded unused once slot 1
    is resolved (slots are resolved in order, HS-A30)."""
    state = new_game(2, start=A)
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    state = play(state, A, dummy(2))
    state = play(state, A, bid(1, 3))
    tiles, found = state.slots, []
    state = play(state, B, PASS)
    while state.round == 1:
        actor = state.actor
        move = {"auction_payment": pay(debt=True), "build_choice": DECLINE_BUILD, "auction_bonus": DECLINE_BONUS,
                "bonus_worker": bonus_worker(False), "rail_reward": reward("trade")}[state.phase]
        after = play(state, actor, move)
        found += [f for f in GAME.facts(state, actor, move, after, None) if f["kind"] == "tile discarded"]
        state = after
    assert [(f["rule"], f["components"]) for f in found] == [
        ("HS-A37", [tiles[0], "slot:1", "resolved"]), ("HS-A30", [tiles[1], "slot:2", "no_winner"])]
    assert found[1]["text"] == f"The tile of auction slot 2 ({{tile:{tiles[1]}}}) was discarded unused: nobody won it."


def test_HS_A16_HS_A17_start_player_changed_fact():
    """HS-S36: both seats hold a slot at the end of bidding; slot 1's winner B becomes start player."""
    state = new_game(2, start=A)
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    state = play(state, A, dummy(1))
    state = play(state, A, bid(2, 3))
    changed = [f for f in facts(state, B, bid(1, 6), None) if f["kind"] == "start player changed"]
    assert [(f["seats"], f["rule"], f["text"]) for f in changed] == [
        ([B], "HS-A17", "The start player is now {seat:1}.")]


def test_HS_A37_HS_E02_whole_games_carry_tile_discards_and_the_final_scores():
    """Every step of seeded bot games: each slot's tile is discarded once, and the last step
    reports the final scores (HS-E02) equal to the game's own scores."""
    for players in (2, 3, 4):
        discarded, last = [], None
        for before, actor, action, after in walk(players, {}, 0):
            found = GAME.facts(before, actor, action, after, None)
            discarded += [f for f in found if f["kind"] == "tile discarded"]
            if GAME.is_over(after):
                last = found
        slots = n_slots(players)
        assert len(discarded) == 10 * slots
        assert {f["rule"] for f in discarded} <= {"HS-A30", "HS-A37"}
        scores = GAME.scores(after)
        final = [f for f in last if f["kind"] == "scores"]
        assert final[0]["rule"] == "HS-E02"
        assert final[0]["amounts"] == {str(s): {"total": t} for s, t in scores.totals.items()}
