"""Facts of Bunny Kingdom (docs/log.md): two-player discards (BK-R105), harvests (BK-R128) and the
final scores (BK-R153) appear under the step that set them off, and a discarded card's identity
reaches only its owner until the game is over."""

from __future__ import annotations

from domain.games.bunny_kingdom import GAME
from domain.games.game import CHANCE
from tests.games.playout import playout


def steps(players: int, seed: int):
    run = playout(GAME, players, {}, seed=seed, check=False)
    state = GAME.setup(players, {})
    for actor, action in run.steps:
        after = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
        yield state, actor, action, after
        state = after


def test_BK_R105_card_discarded_fact_names_the_card_to_its_owner_only():
    discarded = {0: [], 1: []}
    for before, actor, action, after in steps(2, 0):
        for viewer in (None, 0, 1):
            for f in GAME.facts(before, actor, action, after, viewer):
                if f["kind"] != "card discarded":
                    continue
                (owner,) = f["seats"]
                assert f["rule"] == "BK-R105" and f["amounts"] == {str(owner): {"cards": 1}}
                if viewer == owner:
                    assert f["components"] == [after.removed[owner][-1]]
                    assert f["text"] == f"{{seat:{owner}}} discarded {{card:{after.removed[owner][-1]}}} face down, out of the game."
                    discarded[owner].append(f["components"][0])
                else:  # the others learn that a card went, not which
                    assert f["components"] == [] and f["text"] == f"{{seat:{owner}}} discarded a card face down, out of the game."
        for f in GAME.facts(before, actor, action, after, None, reveal=True):  # once the game is over
            if f["kind"] == "card discarded":
                assert f["components"] == [after.removed[f["seats"][0]][-1]]
    assert discarded == {0: list(after.removed[0]), 1: list(after.removed[1])}  # every discard, once, in order


def test_BK_R105_no_discard_facts_with_more_than_two_players():
    for before, actor, action, after in steps(3, 0):
        assert not [f for f in GAME.facts(before, actor, action, after, 0) if f["kind"] == "card discarded"]


def test_BK_R128_harvest_scored_fact_and_BK_R153_final_scores():
    harvests, final = [], None
    for before, actor, action, after in steps(3, 1):
        found = GAME.facts(before, actor, action, after, None)
        assert all(f == g for f, g in zip(found, GAME.facts(before, actor, action, after, 2)))  # public
        harvests += [f for f in found if f["kind"] == "harvest scored"]
        final = [f for f in found if f["kind"] == "scores"] or final
    assert [f["components"] for f in harvests] == [[f"round:{r}"] for r in (1, 2, 3, 4)]
    assert all(f["rule"] == "BK-R128" and f["seats"] == [0, 1, 2] for f in harvests)
    for r, f in enumerate(harvests):
        assert f["amounts"] == {str(s): {"points": after.harvests[s][r], "total": sum(after.harvests[s][:r + 1])}
                                for s in range(3)}
    scores = GAME.scores(after)
    assert final[0]["rule"] == "BK-R153"
    assert final[0]["amounts"] == {str(s): {"total": scores.totals[s]} for s in scores.ranking}
