"""Facts of Fantasy Ranch (docs/log.md): takeovers, round-end sweeps, start player changes and the
final scores appear under the step that set them off, named after their rule, alike for every
viewer (FR-R300: owners, the start player and scores are public)."""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import CASES, run
from tests.games.fantasy_ranch.helpers import BLUE, EX1, EX2, PURPLE, RED, YELLOW, move, play, table
from tests.games.fantasy_ranch.test_scenarios_level_3 import EMPLOYEES2, PURPLE2


def facts(before, actor, action, viewer=None):
    return GAME.facts(before, actor, action, play(before, actor, action), viewer)


def test_FR_R145_territory_taken_over_fact():
    """FR-S03: 1 v 1 changes nothing; the second white horse takes the paddock from Purple."""
    state = table(3, 2, grid=EX1, employees=EMPLOYEES2,
                  owners={"2B-H": YELLOW, "1B-H": PURPLE2, "1B-4": PURPLE2, "2B-4": YELLOW, "1B-1": YELLOW},
                  horses={"H13": (PURPLE2, "1B-4"), "H01": (YELLOW, "1B-1"), "H03": (YELLOW, "2B-H"),
                          "H08": (YELLOW, "2B-H")})
    assert facts(state, YELLOW, move("H03", "1B-4")) == []  # equality is not enough
    state = play(state, YELLOW, move("H03", "1B-4"))
    for viewer in (None, YELLOW, PURPLE2):
        found = facts(state, YELLOW, move("H08", "1B-4"), viewer)
        assert [(f["kind"], f["rule"], f["seats"], f["components"], f["text"]) for f in found] == [
            ("territory taken over", "FR-R145", [YELLOW, PURPLE2], ["1B-4"],
             "{seat:0} took the {location:1B-4} over from {seat:1}.")]


def test_FR_R252_round_end_sweep_fact():
    """FR-S34: at the end of round 3, 1 v 1 challengers leave Purple owner; 2 v 1 hands 3B-2 to
    Blue. Nobody entered the round's second tournament, so the start player stays (FR-D07)."""
    owners = {"2B-H": YELLOW, "3B-H": RED, "1B-H": BLUE, "4B-H": PURPLE, "3B-2": PURPLE}
    emps = {YELLOW: "ryan", RED: "tom", BLUE: "alex", PURPLE: "gail"}

    def end_of_round_3(horses):
        return table(3, 4, grid=EX2, owners=owners, employees=emps, phase="tournament_entries", round=3, slot=5,
                     cursor=3, entries=tuple((s, None, 0, "declined") for s in range(3)), horses=horses)

    decline = {"type": "decline_tournament"}
    tied = end_of_round_3({"H03": (YELLOW, "3B-2"), "H08": (BLUE, "3B-2")})
    assert facts(tied, PURPLE, decline) == []
    blue = end_of_round_3({"H03": (YELLOW, "3B-2"), "H08": (BLUE, "3B-2"), "H13": (BLUE, "3B-2")})
    found = facts(blue, PURPLE, decline)
    assert [(f["kind"], f["rule"], f["seats"], f["components"]) for f in found] == [
        ("territory changed owner at round end", "FR-R252", [BLUE, PURPLE], ["3B-2"])]
    assert found[0]["text"] == "Round-end sweep: the {location:3B-2} passed from {seat:3} to {seat:2}."
    assert GAME.name_component("location", "3B-2") == "paddock on ranch board 3 (top middle)"


def test_FR_R059_FR_R060_start_player_changed_and_FR_R350_final_scores_in_whole_games():
    """Seeded bot games: each round end names the new start player (level 1: the next seat
    clockwise, FR-R059; level 3: the second tournament's winner, FR-R060), the last step the final
    scores."""
    for case in [c for c in CASES if c[1]["level"] == 3][:2]:
        players, game, seen = case[0], run(case), 0
        state = GAME.setup(players, game.options)
        for actor, action in game.steps:
            after = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
            for f in GAME.facts(state, actor, action, after, None):
                if f["kind"] == "start player changed":
                    assert f["rule"] == "FR-R060" and f["seats"] == [after.start] != [state.start]
                    seen += 1
            state = after
        assert seen
    for case in [c for c in CASES if c[1]["level"] == 1][:2]:
        players = case[0]
        game = run(case)
        state = GAME.setup(players, game.options)
        changes, last = [], []
        for actor, action in game.steps:
            after = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
            found = GAME.facts(state, actor, action, after, None)
            changes += [(f["rule"], f["seats"][0]) for f in found if f["kind"] == "start player changed"]
            last = found
            state = after
        first = next(a["outcome"][0] for s, a in game.steps if s == CHANCE and a["request"]["label"] == "draw the start player")
        assert changes == [("FR-R059", (first + r) % players) for r in range(1, 5)]
        scores = GAME.scores(state)
        assert [(f["kind"], f["rule"], f["amounts"]) for f in last if f["kind"] == "scores"] == [
            ("scores", "FR-R350", {str(s): {"total": scores.totals[s]} for s in scores.ranking})]
