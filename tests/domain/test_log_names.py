"""Names in the table log: seats are rendered in one place (``domain.log``) as their players' names,
"You"/"your" for the reader's own seat, never "you" for a spectator, a present-tense verb agreeing
with either; components by the game's names for them, never their ids; the same in the log read
model, ``Tables.log`` and the live stream (which all render through ``domain.log``)."""

from __future__ import annotations

import re

from domain.games import get_game
from domain.games.game import component_ref, seat_ref, seat_verb, their_ref
from domain.log import render_seats, seat_names
from tests.domain.test_tables import play_first_legal

NAMES = ["ann", "bob", "cy"]


def test_the_readers_own_seat_is_you_capitalised_only_where_a_sentence_starts():
    text = f"{seat_ref(1)} took back {their_ref(1)} choice; {seat_ref(0)} outbid {seat_ref(1)}. {seat_ref(1)} won."
    assert render_seats(text, NAMES, 1) == "You took back your choice; ann outbid you. You won."
    assert render_seats(text, NAMES, 0) == "bob took back their choice; you outbid bob. bob won."
    assert render_seats(text, NAMES, None) == "bob took back their choice; ann outbid bob. bob won."


def test_a_present_tense_verb_agrees_with_you_and_with_a_name():
    text = f"{seat_ref(2)} {seat_verb(2, 'starts')} at the church; {seat_ref(0)} {seat_verb(0, 'carries')} wood."
    assert render_seats(text, NAMES, 2) == "You start at the church; ann carries wood."
    assert render_seats(text, NAMES, 0) == "cy starts at the church; you carry wood."
    assert render_seats(text, NAMES, None) == "cy starts at the church; ann carries wood."
    plain = {verb: render_seats(f"{seat_ref(1)} {seat_verb(1, verb)}", NAMES, 1)
             for verb in ("has", "is", "passes", "reaches", "resolves", "goes")}
    assert plain == {"has": "You have", "is": "You are", "passes": "You pass", "reaches": "You reach",
                     "resolves": "You resolve", "goes": "You go"}


def test_a_component_reads_by_the_games_name_for_it_capitalised_where_a_sentence_starts():
    names = get_game("bunny_kingdom").name_component
    text = f"{seat_ref(0)} chose {component_ref('card', 'P-LIBERAL')} to copy {component_ref('card', 'P-CARPENTER')}."
    assert render_seats(text, NAMES, None, names) == "ann chose the Liberal parchment to copy the Carpenter parchment."
    assert render_seats(f"{component_ref('card', 'P-LIBERAL')} was kept.", NAMES, None, names) == (
        "The Liberal parchment was kept.")
    assert render_seats(f"{seat_ref(0)} played {component_ref('card', 'T-F8')}.", NAMES, 0, names) == "You played F8."


def test_a_component_the_game_does_not_know_stays_a_reference_rather_than_failing_the_read():
    names = get_game("bunny_kingdom").name_component
    text = f"{seat_ref(0)} played {component_ref('card', 'NO-SUCH-CARD')} and {component_ref('horse', 'H01')}."
    assert render_seats(text, NAMES, None, names) == "ann played {card:NO-SUCH-CARD} and {horse:H01}."
    assert render_seats(text, NAMES, None) == "ann played {card:NO-SUCH-CARD} and {horse:H01}."  # no namer given


def test_a_seat_without_a_player_and_a_shared_name_stay_told_apart():
    before = [{"name": "ann", "bot": False}, None, None]
    after = [{"name": "ann", "bot": False}, {"name": "ann", "bot": False}, None]
    assert seat_names(after, before) == ["ann (seat 1)", "ann (seat 2)", "Seat 3"]  # seats counted from 1
    assert seat_names([None], [{"name": "cy", "bot": False}]) == ["cy"]  # one who just left keeps the name


def _duel(tables, names=("ann", "bob")):
    table_id = tables.open_table("tiny_duel", 2).table_id
    for name in names:
        tables.take_seat(table_id, name)
    tables.start(table_id)
    return table_id


def test_each_reader_reads_you_for_their_own_moves_and_names_for_the_others(memory_tables):
    table_id = _duel(memory_tables)
    play_first_legal(memory_tables, table_id, 0)  # ann's secret bid
    for viewer, own in ((0, "You bid card "), (1, "ann placed a secret bid.")):
        log = memory_tables.log(table_id, viewer)
        assert log[-1].text.startswith(own)
        assert [e.text for e in log if e.event == "SeatTaken"] == [
            ("You" if s == viewer else NAMES[s]) + f" took seat {s + 1}." for s in (0, 1)]
    assert memory_tables.log(table_id, None)[-1].text == "ann placed a secret bid."


def test_a_finished_duel_reads_in_the_third_person_except_for_the_readers_own_lines(memory_tables):
    table_id = _duel(memory_tables)
    while memory_tables.table(table_id).status == "running":
        play_first_legal(memory_tables, table_id)
    spectator = [e.text for e in memory_tables.log(table_id, None, limit=1000)]
    assert not any(re.search(r"\b(you|your)\b", t, re.I) for t in spectator), spectator
    assert any(t.startswith("bob bid card ") for t in spectator)  # the bid is shown in full after the end
    bob = memory_tables.log(table_id, 1, limit=1000)
    moves = [e for e in bob if e.event == "MovePlayed"]
    assert all(e.text.startswith("You ") == (e.seat == 1) for e in moves)
    assert bob[-1].text.startswith("The game ended: ")


def test_a_seat_a_bot_took_over_keeps_its_players_name(memory_tables):
    table_id = _duel(memory_tables)
    memory_tables.leave(table_id, 1)  # bob leaves while the game runs: a bot plays on for seat 1
    log = memory_tables.log(table_id, 0, limit=1000)
    left = next(e for e in log if e.event == "SeatLeft")
    assert left.text == "bob left; a bot plays on in their place."
    bot_moves = [e.text for e in log if e.event == "MovePlayed" and e.seat == 1]
    assert bot_moves and all(t.startswith("bob ") for t in bot_moves)


def test_an_undo_request_names_who_asked_and_who_must_approve(memory_tables):
    table_id = _duel(memory_tables)
    play_first_legal(memory_tables, table_id, 0)
    play_first_legal(memory_tables, table_id, 1)
    memory_tables.request_undo(table_id, 0, memory_tables.table(table_id).version - 1)
    asked = {viewer: memory_tables.log(table_id, viewer)[-1].text for viewer in (None, 0, 1)}
    assert re.fullmatch(r"ann asked to undo back to version \d+; bob must approve\.", asked[None])
    assert asked[0].startswith("You asked") and asked[1].endswith("; you must approve.")


def test_an_undo_of_one_event_says_that_version_is_undone_in_the_singular(memory_tables):
    table_id = _duel(memory_tables)
    play_first_legal(memory_tables, table_id, 0)  # ann's own move: she may take it back alone
    version = memory_tables.table(table_id).version
    memory_tables.request_undo(table_id, 0, version - 1)
    undone = next(e for e in memory_tables.log(table_id, None, limit=1000) if e.event == "Undone")
    assert undone.text == f"The table went back to version {version - 1}; version {version} is undone."


def test_the_first_and_last_lines_say_words_and_units_not_the_seeds_hex_digits(memory_tables):
    """The table review read "seed commitment 64be…" (64 hex digits) on the first line and "(you 17,
    Bot 2 158, …). The seed was 1c2e…" on the last: the digits are the Fairness audit's; the totals
    are ranked and counted in points."""
    table_id = _duel(memory_tables)
    while memory_tables.table(table_id).status == "running":
        play_first_legal(memory_tables, table_id)
    log = [e.text for e in memory_tables.log(table_id, None, limit=1000)]
    assert not any(re.search(r"[0-9a-f]{16}", t) for t in log), [t for t in log if re.search(r"[0-9a-f]{16}", t)]
    assert log[0].endswith("; its seed is sealed until the end.")
    assert re.fullmatch(r"The game ended: .+ won \((ann|bob) \d+ points?, (ann|bob) \d+ points?\); its seed is now public\.", log[-1]), log[-1]
