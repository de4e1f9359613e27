"""Setup (§3.3, §5.1): every random step is a chance step, every choice a move, in the spec's order."""

from __future__ import annotations

import pytest

from domain.errors import NotYourTurn
from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.components import HORSES
from domain.games.fantasy_ranch.places import tokens_in_supply
from domain.games.fantasy_ranch.state import HOLDING, Work
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.helpers import play, refused

DECK = sorted(HORSES)  # chance hands the deck over in id order: H01 on top


def start(level: int, players: int = 3, start_player: int = 1, side: str = "B"):
    state = GAME.setup(players, {"level": level, "community_side": side})
    return GAME.resolve_chance(state, [start_player])


def test_fr_r001_seats_take_distinct_colours_in_order():
    """FR-R001: seats 0..n-1 are Yellow, Red, Blue (, Purple)."""
    assert GAME.player_view(GAME.setup(3, {"level": 1, "community_side": "B"}), None)["colours"] == [
        "yellow",
        "red",
        "blue",
    ]
    assert GAME.player_view(GAME.setup(4, {"level": 1, "community_side": "B"}), 2)["colours"][3] == "purple"


def test_fr_r002_the_start_player_is_drawn_by_chance():
    """FR-R002: the first step is a chance draw of one seat; a seat outside the table is refused."""
    state = GAME.setup(3, {"level": 1, "community_side": "B"})
    assert GAME.to_act(state) == {CHANCE}
    request = GAME.chance(state)
    assert (request.kind, request.items, request.count) == ("sample", (0, 1, 2), 1)
    with pytest.raises(Exception) as caught:
        GAME.resolve_chance(state, [3])
    assert getattr(caught.value, "rule", None) == "FR-R002"
    assert GAME.resolve_chance(state, [2]).start == 2


def test_fr_r003_r004_r009_r011_level_1_deal_and_market():
    """FR-R003 shuffle of 57; FR-R004 4 carrots + 4 boots; FR-R009 4 round-robin rounds; FR-R011 market of 8."""
    state = start(1, 3, start_player=1)
    request = GAME.chance(state)
    assert request.kind == "shuffle" and len(request.items) == 57
    state = GAME.resolve_chance(state, DECK)
    assert state.goods == ((4, 4),) * 3
    w = Work(state)
    # turn order 1, 2, 0: seat 1 gets cards 1, 4, 7, 10 of the deck
    assert w.horses_of(1) == ["H01", "H04", "H07", "H10"]
    assert w.horses_of(0) == ["H03", "H06", "H09", "H12"]
    assert all(p == HOLDING for _, _, p in state.horses)
    assert state.market == tuple(DECK[12:20])
    assert len(state.horse_deck) == 57 - 12 - 8
    assert state.phase == "choose_ranch"


def test_fr_r013_r100_ranch_boards_are_chosen_in_turn_order():
    """FR-R013 / FR-R100: start player first; a taken board is refused; the home is owned, the rest for sale."""
    state = GAME.resolve_chance(start(1, 3, start_player=1), DECK)
    assert GAME.to_act(state) == {1}
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, 0, {"type": "choose_ranch_board", "board": 1, "side": "A"})
    assert caught.value.rule == "FR-R100a"
    state = play(state, 1, {"type": "choose_ranch_board", "board": 4, "side": "B"})
    assert dict(state.owners) == {"4B-H": 1}
    refused(state, 2, {"type": "choose_ranch_board", "board": 4, "side": "A"}, "FR-R100b")
    refused(state, 2, {"type": "choose_ranch_board", "board": 7, "side": "A"}, "FR-R100b")
    state = play(state, 2, {"type": "choose_ranch_board", "board": 1, "side": "A"})
    state = play(state, 0, {"type": "choose_ranch_board", "board": 2, "side": "A"})
    # FR-R016: setup is complete, round 1 starts with the start player's turn
    assert (state.phase, state.round, GAME.to_act(state)) == ("turn", 1, {1})
    buys = {m["location_id"] for m in GAME.legal_moves(state, 1) if m["type"] == "buy_location"}
    assert buys == {"4B-1", "4B-2", "4B-3", "4B-5"}  # 4B-4 is a 5-boot corral, Seat 1 has 4 boots


def test_fr_r016_setup_completes_before_round_1():
    """FR-R016: no turn command is accepted during setup (phase choose_ranch)."""
    state = GAME.resolve_chance(start(1, 2, start_player=0), DECK)
    refused(state, 0, {"type": "produce_goods", "carrots": 1, "boots": 0}, "FR-R110")


def test_fr_r005_level_2_fate_deck_has_25_cards():
    """FR-R005: the level-3 cards TF26-TF35 are removed before the shuffle."""
    state = GAME.resolve_chance(start(2), DECK)
    request = GAME.chance(state)
    assert request.kind == "shuffle" and request.items == tuple(f"TF{i:02d}" for i in range(1, 26))


def level_3_after_fate(players: int = 3, start_player: int = 1, deck: list[str] = DECK):
    state = GAME.resolve_chance(start(3, players, start_player), deck)
    items = GAME.chance(state).items
    assert len(items) == 35
    return GAME.resolve_chance(state, list(items))


def test_fr_r006_r007_r008_level_3_display_tokens_and_employees():
    """FR-R006 display of 4; FR-R007 6 upgrade tokens each; FR-R008 / FR-R101 employees from the start player."""
    state = level_3_after_fate(3, start_player=1)
    assert state.display == ("TF01", "TF02", "TF03", "TF04") and len(state.fate_deck) == 31
    assert all(tokens_in_supply(Work(state), s) == 6 for s in range(3))
    assert GAME.to_act(state) == {1}
    state = play(state, 1, {"type": "choose_starting_employee", "employee": "tessa"})
    refused(state, 2, {"type": "choose_starting_employee", "employee": "tessa"}, "FR-R101b")
    state = play(state, 2, {"type": "choose_starting_employee", "employee": "gail"})
    state = play(state, 0, {"type": "choose_starting_employee", "employee": "ryan"})
    assert state.employees == ("ryan", "tessa", "gail") and state.phase == "draft"


def test_fr_r010_r102_level_2_draft_picks_pass_left_and_the_last_card_is_automatic():
    """FR-R010 / FR-R102: hands of 4, simultaneous picks, hands pass to the next seat, step 4 auto-picked."""
    state = GAME.resolve_chance(
        GAME.resolve_chance(start(2, 2, start_player=0), DECK), [f"TF{i:02d}" for i in range(1, 26)]
    )
    assert state.hands == (("H01", "H03", "H05", "H07"), ("H02", "H04", "H06", "H08"))
    assert GAME.to_act(state) == {0, 1}
    state = play(state, 0, {"type": "draft_pick", "card_id": "H05"})
    refused(state, 0, {"type": "draft_pick", "card_id": "H07"}, "FR-R102a")  # already picked this step
    refused(state, 1, {"type": "draft_pick", "card_id": "H01"}, "FR-R102b")  # not in Red's hand
    assert state.hands[0] == ("H01", "H03", "H07")  # the picked card left the hand at once (FR-R102)
    state = play(state, 1, {"type": "draft_pick", "card_id": "H02"})
    assert state.hands == (("H04", "H06", "H08"), ("H01", "H03", "H07"))  # passed to the left
    assert GAME.player_view(state, None)["draft"]["picks"] == [["H05"], ["H02"]]  # public in level 2
    state = play(state, 0, {"type": "draft_pick", "card_id": "H04"})
    state = play(state, 1, {"type": "draft_pick", "card_id": "H01"})
    state = play(state, 0, {"type": "draft_pick", "card_id": "H03"})
    state = play(state, 1, {"type": "draft_pick", "card_id": "H06"})
    # step 4 offers one card each: picked automatically, no command expected
    assert state.phase == "choose_ranch"
    assert Work(state).horses_of(0) == ["H03", "H04", "H05", "H08"]
    assert Work(state).horses_of(1) == ["H01", "H02", "H06", "H07"]


def level_3_draft(players: int = 3, start_player: int = 1, deck: list[str] = DECK):
    state = level_3_after_fate(players, start_player, deck)
    for i, seat in enumerate(Work(state).order):
        state = GAME.play(
            state, seat, {"type": "choose_starting_employee", "employee": ("tom", "alex", "gail", "ryan")[i]}
        )
    return state


def test_fr_r010_level_3_leftovers_go_under_the_deck_in_turn_order():
    """FR-R010: after 4 picks from hands of 6, each hand's 2 cards go under the deck, ascending, in turn order."""
    state = level_3_draft(2, start_player=1)
    for _ in range(4):
        for seat in (0, 1):
            state = GAME.play(state, seat, {"type": "draft_pick", "card_id": max(state.hands[seat])})
    assert state.phase == "shuffle_tournament_cards"
    left = state.horse_deck[-4:]
    # the last hands are not passed on: seat 1 (start player) returns H02 H04, then seat 0 H01 H03
    assert left == ("H02", "H04", "H01", "H03")
    assert state.market == tuple(f"H{i}" for i in range(13, 21))


def test_fr_r010_level_3_each_hands_leftovers_go_under_in_ascending_id_order():
    """FR-R010: a hand dealt from a reversed deck still returns its two cards in ascending card-id order."""
    state = level_3_draft(2, start_player=0, deck=DECK[::-1])  # H57 on top
    assert state.hands == (
        ("H57", "H55", "H53", "H51", "H49", "H47"),
        ("H56", "H54", "H52", "H50", "H48", "H46"),
    )
    for _ in range(4):
        for seat in (0, 1):
            state = GAME.play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    # after 3 passes seat 0 (start player) ends with H48 H46, seat 1 with H49 H47: each pair ascending
    assert state.horse_deck[-4:] == ("H46", "H48", "H47", "H49")


def test_fr_r012_r014_r015_r103_level_3_tournament_cards_community_and_homes():
    """FR-R012 8 of 16 cards; FR-R014 row-major 2x2 grid; FR-R015 / FR-R103 homes from the start player's right."""
    state = level_3_draft(3, start_player=1)
    for _ in range(4):
        for seat in range(3):
            state = GAME.play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    cards = [f"TC{i:02d}" for i in range(16, 0, -1)]
    state = GAME.resolve_chance(state, cards)
    assert state.tournament_cards == tuple(cards[:8]) and state.removed_cards == tuple(cards[8:])
    assert GAME.chance(state).items == (1, 2, 3, 4, 5, 6)
    state = GAME.resolve_chance(state, [2, 5, 1, 4, 6, 3])
    assert state.grid == ((2, 5), (1, 4))  # EX1
    assert GAME.to_act(state) == {0}  # right of the start player (seat 1), then counter-clockwise
    refused(
        state, 0, {"type": "choose_home_territory", "territory_id": "6B-H"}, "FR-R103b"
    )  # not in the community
    refused(state, 0, {"type": "choose_home_territory", "territory_id": "2B-1"}, "FR-R103b")  # not a home
    state = play(state, 0, {"type": "choose_home_territory", "territory_id": "2B-H"})
    refused(state, 2, {"type": "choose_home_territory", "territory_id": "2B-H"}, "FR-R103b")
    state = play(state, 2, {"type": "choose_home_territory", "territory_id": "1B-H"})
    state = play(state, 1, {"type": "choose_home_territory", "territory_id": "4B-H"})
    assert (state.phase, state.round, GAME.to_act(state)) == ("turn", 1, {1})
    # 5B-H was chosen by nobody: out of play, never a destination or a purchase (FR-D12)
    assert "5B-H" not in dict(state.owners)
    assert not [m for m in GAME.legal_moves(state, 1) if "5B-H" in str(m)]


def test_fr_r014_four_players_use_six_boards():
    """FR-R014: a 4-player community is 2 rows of 3 boards."""
    state = level_3_draft(4, start_player=0)
    for _ in range(4):
        for seat in range(4):
            state = GAME.play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    state = GAME.resolve_chance(state, [f"TC{i:02d}" for i in range(1, 17)])
    state = GAME.resolve_chance(state, [3, 6, 2, 1, 5, 4])
    assert state.grid == ((3, 6, 2), (1, 5, 4))  # EX2


def test_fr_r017_no_horse_ever_moves_into_holding():
    """FR-R017 / FR-R019: holding is only left, never entered; holding horses cannot enter tournaments."""
    from tests.games.fantasy_ranch.helpers import table

    state = table(1, ranches={0: (1, "A"), 1: (2, "A")}, horses={"H01": (0, "1A-H"), "H31": (0, HOLDING)})
    refused(state, 0, {"type": "move_horse", "card_id": "H01", "destination": HOLDING}, "FR-R120c")
    entries = table(
        1,
        phase="tournament_entries",
        slot=0,
        ranches={0: (1, "A"), 1: (2, "A")},
        horses={"H01": (0, HOLDING), "H05": (1, "2A-H")},
    )
    # Yellow's only cattle-drive horse waits in holding: Yellow is skipped, Red is asked
    from domain.games.fantasy_ranch import flow, tournaments

    w = Work(entries)
    tournaments.next_entry(w)
    flow.settle(w)
    assert w.entries[0] == (0, None, 0, "skipped") and tournaments.awaited(w) == 1
