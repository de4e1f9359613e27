"""Names in the table log: seats are rendered in one place (``domain.log``) as their players' names,
"You"/"your" for the reader's own seat, never "you" for a spectator, a present-tense verb agreeing
with either; components by the game's names for them, never their ids; the same in the log read
model, ``Tables.log`` and the live stream (which all render through ``domain.log``)."""

from __future__ import annotations

import re
from unittest import mock

import domain.application as application
from domain.games import get_game
from domain.games.facts import final_scores, scores_text
from domain.games.game import Scores, component_ref, seat_ref, seat_verb, their_ref
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


def _bots_game(tables, game, options=None):
    """A seeded four-player table of ``random`` bots played to the end; its log as a spectator reads it."""
    with mock.patch.object(application, "new_seed", lambda: "7ab1e" * 12 + "abcd"):
        table_id = tables.open_table(game, 4, options).table_id
        for name in ("Ann", "Bob", "Cleo", "Dan"):
            tables.take_seat(table_id, name, bot=True, level="random")
        tables.start(table_id)
    assert tables.table(table_id).status == "finished"
    return [e.to_dict() for e in tables.log(table_id, None, limit=100_000)]


def test_the_first_line_says_a_level_as_a_level_and_the_rules_as_a_version(memory_tables):
    """A Fantasy Ranch level 3 table opened "under Fantasy Ranch rules 1": the rules *version* read
    beside the header's *level* 3 (table review, finding 14). Every game's first line, as read."""
    def first(game, options=None):
        table_id = memory_tables.open_table(game, 4, options).table_id
        return memory_tables.log(table_id, None, limit=1)[0].text

    tail = "; its seed is sealed until the end."
    assert first("fantasy_ranch", {"level": 3}) == f"A Fantasy Ranch table opened with 4 seats at level 3 (rules version 1){tail}"
    assert first("fantasy_ranch") == f"A Fantasy Ranch table opened with 4 seats at level 1 (rules version 1){tail}"
    assert first("bunny_kingdom") == f"A Bunny Kingdom table opened with 4 seats (rules version 1){tail}"
    assert first("homesteaders") == f"A Homesteaders table opened with 4 seats (rules version 1){tail}"
    assert first("walnut_grove") == ("A Walnut Grove table opened with 4 seats (rules version 2: only flipped help tiles"
                                     f" cost 2 points, as printed){tail}")


def test_the_final_scores_fact_counts_in_the_games_unit_and_one_in_the_singular(memory_tables):
    """The "Final scores: Bot 2 7, Bot 3 4, you 3." fact under the last move had no unit, beside the
    last line's "7 trophies" (table review, finding 12): Fantasy Ranch counts trophies (its catalog's
    ``score.unit``), the others points; one is "1 trophy"."""
    for game, options, unit in (("fantasy_ranch", {"level": 1}, "troph(?:y|ies)"), ("bunny_kingdom", None, "points?")):
        log = _bots_game(memory_tables, game, options)
        scores = [f["text"] for e in log for f in e["facts"] if f["kind"] == "scores"]
        total = rf"(?:Ann|Bob|Cleo|Dan) -?\d+ {unit}"
        assert len(scores) == 1 and re.fullmatch(rf"Final scores: {total}(?:, {total}){{3}}\.", scores[0]), scores
        assert not re.search(r"\b1 (?:trophies|points)\b|\b(?:[02-9]|\d\d+) (?:trophy|point)\b", scores[0]), scores
    one = final_scores(Scores({0: 1, 1: 7}, {0: {}, 1: {}}, (1, 0), (1,)), "FR-R350")
    assert scores_text(one, get_game("fantasy_ranch").catalog()["terms"]) == "Final scores: {seat:1} 7 trophies, {seat:0} 1 trophy."
    assert scores_text(one) == "Final scores: {seat:1} 7 points, {seat:0} 1 point."
