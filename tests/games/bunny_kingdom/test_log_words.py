"""Bunny Kingdom's log in a player's words (table review, sixteenth session's second look): a
harvest's numbers carry their unit ("you 6 points", it read "you 6, Bot 2 19"), and a city is
named by its towers, as its card is ("City (2 towers)"; it read "built a strength-2 city")."""

from __future__ import annotations

import re

from domain.games.bunny_kingdom import GAME
from domain.games.game import CHANCE
from tests.games.playout import playout, replay


def test_a_harvest_counts_points_and_a_city_is_named_by_its_towers_in_a_seeded_whole_game():
    run = playout(GAME, 3, {}, seed=5, check=False)
    state = replay(GAME, 3, {}, [])
    harvests, cities = [], []
    for actor, move in run.steps:
        after = GAME.play(state, actor, move) if actor != CHANCE else GAME.resolve_chance(state, move["outcome"])
        if actor != CHANCE:
            line = GAME.describe(state, actor, move, None)
            if "city" in line:
                cities.append(line)
        harvests += [f["text"] for f in GAME.facts(state, actor, move, after, None) if f["text"].startswith("Harvest")]
        state = after
    assert len(harvests) == 4 and len(cities) >= 3
    for line in harvests:
        assert re.fullmatch(r"Harvest of round \d scored: \{seat:\d\} \d+ points?"
                            r"(, \{seat:\d\} \d+ points?)+\.", line), line
        assert not re.search(r"\b1 points\b", line), line
    for line in cities:
        assert "strength" not in line, line
        assert re.search(r"(placed|kept|built) a [123]-tower city", line), line
    assert GAME.catalog()["components"]["B-CITY2-1"]["effect"].startswith("Build a 2-tower city")


def test_the_seat_whose_pick_reveals_them_all_reads_its_own_cards_once():
    """"You chose to play A9 and F6; the picks were revealed: you played A9 and F6, Bot 2 played …"
    (table review, second look): the picker reads its cards once; the others read every pick."""
    run = playout(GAME, 3, {}, seed=5, check=False)
    state = replay(GAME, 3, {}, [])
    reveals = 0
    for actor, move in run.steps:
        after = GAME.play(state, actor, move) if actor != CHANCE else GAME.resolve_chance(state, move["outcome"])
        if actor != CHANCE and move.get("type") == "submit_pick":
            mine = GAME.describe(state, actor, move, actor)
            if "the picks were revealed" in mine:
                reveals += 1
                head, tail = mine.split("; the picks were revealed: ")
                others = [s for s in range(3) if s != actor]
                assert [f"{{seat:{s}}} played" in tail for s in others] == [True, True], mine
                if "{card:PROV-" not in head:  # Provisions still say what they drew
                    assert f"{{seat:{actor}}} played" not in tail, mine
                for viewer in [*others, None]:  # everyone else reads every pick, the picker's too
                    theirs = GAME.describe(state, actor, move, viewer)
                    assert all(f"{{seat:{s}}} played" in theirs for s in range(3)), theirs
        state = after
    assert reveals >= 8
