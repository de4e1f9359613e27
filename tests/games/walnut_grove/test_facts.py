"""Facts of Walnut Grove (docs/log.md): tolls paid with coins (WG-R33), neighbour-help tiles taken,
flipped (WG-A08) and returned (WG-R61), and the final scores (WG-E03), each under the step that
set it off. A toll coin's id and value reach only its payer until the end (WG-H01, WG-H03)."""

from __future__ import annotations

import re
from dataclasses import replace

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.components import COIN_VALUES
from tests.games.playout import playout, replay
from tests.games.walnut_grove.builders import P1, P2, P3, f3_players, fall_turn, farmer, table


def facts(before, actor, move, viewer, reveal=False):
    return GAME.facts(before, actor, move, GAME.play(before, actor, move), viewer, reveal=reveal)


def test_WG_R33_toll_paid_fact_shows_the_coin_to_its_payer_and_a_count_to_the_others():
    state = table(cursor=1)
    move = fall_turn("post_office", ["coin:c05"], goods=["fish", "fish"])
    mine = facts(state, P3, move, P3)
    value = COIN_VALUES["c05"]
    assert [(f["kind"], f["rule"], f["amounts"], f["components"]) for f in mine] == [
        ("toll paid", "WG-R33", {"2": {"coins": 1, "value": value}}, ["taxes", "c05"])]
    assert mine[0]["text"] == "{seat:2} paid the taxes toll with a {coin:c05}."
    assert GAME.name_component("coin", "c05") == "copper coin" and value == 0
    for viewer in (P1, P2, None):
        theirs = facts(state, P3, move, viewer)
        assert [(f["amounts"], f["components"], f["text"]) for f in theirs] == [
            ({"2": {"coins": 1}}, ["taxes"], "{seat:2} paid the taxes toll with a coin.")]
    assert facts(state, P3, move, P1, reveal=True) == mine  # after the end every coin is public (WG-H08)


def test_WG_A08_help_tile_taken_and_flipped_facts_and_WG_R61_returned():
    """WG-S04: help for the taxes; a winter shortfall flips it and takes a new one; 3 goods return it."""
    p2 = farmer("PB2", barn=("c03", "c04", "", ""), active=("y4",), storage={"board:4:1": "wood", "board:4:2": "wood"})
    players = tuple(replace(p2, place="soebucks") if s == P2 else p for s, p in enumerate(f3_players()))
    state = table(players, year=3, disc="A3", order=(P1, P3, P2), cursor=2)
    move = fall_turn("post_office", tolls=["help"], goods=["fish", "stone"])
    for viewer in (None, P1, P2):  # public (WG-H07)
        assert [(f["kind"], f["rule"], f["amounts"], f["components"], f["text"]) for f in facts(state, P2, move, viewer)] == [
            ("help tile taken", "WG-A08", {"1": {"tiles": 1, "flipped": 0}}, ["toll"],
             "{seat:1} took 1 neighbour-help tile for a toll.")]
    state = GAME.play(state, P2, move)
    winter = {"type": "resolve_winter"}
    # One fact for the tile taken and the one flipped taking it (they were two lines: table
    # review, finding 15).
    assert [(f["kind"], f["amounts"], f["components"]) for f in facts(state, P2, winter, None)] == [
        ("help tile taken", {"1": {"tiles": 1, "flipped": 1}}, ["winter"])]
    assert facts(state, P2, winter, None)[0]["text"] == (
        "{seat:1} took 1 neighbour-help tile for a winter shortfall, flipping {their:1} returnable one to the"
        " permanent side.")
    state = GAME.play(state, P2, winter)
    state = state.with_player(P2, replace(state.player(P2), barn=("grain", "fish", "stone", "")))
    back = {"type": "return_neighbour_help_tile",
            "goods": [{"good": g, "source": "barn", "count": 1} for g in ("grain", "fish", "stone")]}
    assert [(f["kind"], f["rule"], f["text"]) for f in facts(state, P2, back, P3)] == [
        ("help tile returned", "WG-R61", "{seat:1} returned {their:1} returnable neighbour-help tile.")]


def test_WG_E03_scores_fact_at_the_end_of_a_whole_game():
    run = playout(GAME, 2, {}, seed=3, check=False)
    before = replay(GAME, 2, {}, run.steps[:-1])
    actor, action = run.steps[-1]
    last = GAME.facts(before, actor, action, run.final, None)
    scores = GAME.scores(run.final)
    assert [(f["kind"], f["rule"], f["amounts"]) for f in last if f["kind"] == "scores"] == [
        ("scores", "WG-E03", {str(s): {"total": scores.totals[s]} for s in scores.ranking})]
    assert before.phase != "ended" == run.final.phase


def test_a_winter_shortfall_reads_as_the_winter_and_one_line_for_the_tiles():
    """The table review read three lines for one winter ("faced a winter … taking 4 help tiles",
    "flipped 4 … to the permanent side", "took 4 … for a winter shortfall"): now the move says what
    was missing and one fact the tiles taken for it, those flipped on the way included. A seeded
    whole game, every winter of it; the tiles taken are as many as the goods missing (WG-A07)."""
    run = playout(GAME, 4, {}, seed=7, check=False)
    winters = []
    state = replay(GAME, 4, {}, [])
    for actor, move in run.steps:
        after = GAME.play(state, actor, move) if actor != CHANCE else GAME.resolve_chance(state, move["outcome"])
        if actor != CHANCE and move.get("type") == "resolve_winter":
            found = GAME.facts(state, actor, move, after, None)
            winters.append((GAME.describe(state, actor, move, None), [f["text"] for f in found]))
        state = after
    short = [(line, found) for line, found in winters if "short" in line]
    assert len(short) >= 3 and len(winters) > len(short)
    for line, found in winters:
        assert "help tile" not in line, line  # the tiles are the fact's
        missing = re.search(r" and came up (\d+) (?:food|wood)(?: and (\d+) wood)? short\.$", line)
        if missing is None:
            assert found == [], (line, found)
            continue
        n = int(missing.group(1)) + int(missing.group(2) or 0)
        assert len(found) == 1, (line, found)  # one line under the move, not two
        tiles = f"{n} neighbour-help tile{'s' if n > 1 else ''}"
        assert re.fullmatch(rf"\{{seat:\d\}} took {tiles} for a winter shortfall"
                            r"(\.|, flipping \{their:\d\} returnable one to the permanent side\."
                            r"|, flipping \d+ to the permanent side; the newest stays returnable\.)", found[0]), found[0]
    assert any("the newest stays returnable" in found[0] for _, found in short)


def _lines(state, actor, move, viewer):
    """The log's lines of one move as ``viewer`` reads them: its sentence, then its facts'."""
    shown = GAME.action_view(state, actor, move, viewer)
    return [GAME.describe(state, actor, shown, viewer)] + [f["text"] for f in facts(state, actor, move, viewer)]


def test_a_toll_and_a_help_tile_are_each_said_once_under_a_fall_move_and_a_return_names_the_goods_paid():
    """Table review, sixteenth session's second look: a fall move said its tolls in brackets and
    again in the facts under it; a return said the tile twice ("returned a neighbour-help tile
    with 3 goods." above "returned their returnable neighbour-help tile.")."""
    state = table(cursor=1)
    coin = fall_turn("post_office", ["coin:c05"], goods=["fish", "fish"])
    for viewer in (P3, P1, None):
        lines = _lines(state, P3, coin, viewer)
        assert len(lines) == 2 and sum(line.count("toll") for line in lines) == 1, lines
        assert "toll" in lines[1] and "(" not in lines[0], lines
    help_state = table(cursor=1)
    helped = fall_turn("post_office", ["help"], goods=["fish", "fish"])
    for viewer in (P3, P1, None):
        lines = _lines(help_state, P3, helped, viewer)
        assert len(lines) == 2 and sum(line.count("help tile") for line in lines) == 1, lines
        assert "toll" not in lines[0] and "(" not in lines[0], lines
    state = GAME.play(help_state, P3, helped)
    state = state.with_player(P3, replace(state.player(P3), barn=("grain", "fish", "grain", "")))
    back = {"type": "return_neighbour_help_tile",
            "goods": [{"good": "grain", "source": "barn", "count": 1}, {"good": "fish", "source": "barn", "count": 1},
                      {"good": "grain", "source": "barn", "count": 1}]}
    lines = _lines(state, P3, back, P1)
    assert lines == ["{seat:2} paid 2 {good:grain} and 1 {good:fish} to the supply.",
                     "{seat:2} returned {their:2} returnable neighbour-help tile."]
    assert GAME.name_component("good", "grain") == "grain"


def test_alike_goods_and_coins_in_one_sentence_are_counted_not_repeated():
    """The table review's second look read "took dairy and dairy into the barn" and "drew 2 coins
    from the bag: a gold coin and a gold coin": a player says "2 dairy", "2 gold coins". Every
    sentence of a seeded whole game, as the seat it concerns and as a spectator reads it."""
    run = playout(GAME, 4, {}, seed=7, check=False)
    state = replay(GAME, 4, {}, [])
    lines = []
    for actor, move in run.steps:
        after = GAME.play(state, actor, move) if actor != CHANCE else GAME.resolve_chance(state, move["outcome"])
        for viewer in range(4):
            lines.append(GAME.describe(state, actor, move, viewer))
        state = after
    repeated = re.compile(r"(?:a )?(\{(?:good|coin):[a-z0-9_]+\})(?:, | and )(?:a )?\1")
    assert not [line for line in lines if repeated.search(line)]
    counted = [line for line in lines if re.search(r"(took|sold|bag:) .*\b[2-9] \{(good|coin):", line)]
    assert counted, "no sentence of this game counts alike goods or coins: nothing was tested"
    # coins are alike by their value, each with its own id: "a copper coin and a copper coin" read twice
    draws = [line for line in lines if "from the bag: " in line and "{coin:" in line]
    assert draws
    for line in draws:
        named = re.findall(r"\{coin:([a-z0-9]+)\}", line.split("from the bag: ")[1])
        values = [COIN_VALUES[c] for c in named]
        assert len(values) == len(set(values)), line
    state = table(cursor=1)
    line = GAME.describe(state, P3, fall_turn("post_office", ["coin:c05"], goods=["fish", "fish"]), P3)
    assert line.endswith("took 2 {good:fish} into the barn."), line
