"""The paired figures the bot comparisons print (``scripts.bench_bots.paired``): a policy that wins
the games the other lost shows in the discordant games and McNemar's z, and the margin difference
is taken game by game on the same seeds."""

from __future__ import annotations

import math

import pytest

from scripts.bench_bots import paired, paired_line


def test_only_the_games_one_policy_won_count_towards_mcnemar():
    a = [(True, 2), (False, -1), (False, -3), (True, 1), (False, -2)]
    b = [(True, 3), (True, 1), (True, 2), (False, -1), (False, -2)]
    only_a, only_b, z, mean_diff, half = paired(a, b)
    assert (only_a, only_b) == (1, 2)
    assert z == pytest.approx((2 - 1) / math.sqrt(3))
    assert mean_diff == pytest.approx((1 + 2 + 5 - 2 + 0) / 5)
    diffs = [1, 2, 5, -2, 0]
    mean = sum(diffs) / 5
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 4)
    assert half == pytest.approx(1.96 * sd / math.sqrt(5))


def test_the_same_games_give_no_difference_and_no_z():
    games = [(True, 4), (False, -2), (True, 1)]
    assert paired(games, games) == (0, 0, 0.0, 0.0, 0.0)


def test_seeds_played_by_one_policy_only_are_refused():
    with pytest.raises(ValueError):
        paired([(True, 1), (False, 0)], [(True, 1)])


def test_the_comparison_line_names_both_policies_and_the_margins_unit():
    # Policy b alone won the second game and b's margins are 2 and 4 points above a's.
    a, b = [(True, 5), (False, 1)], [(True, 7), (True, 5)]
    assert paired_line(a, b, "one ply", "search", "trophies") == (
        "  only the one ply won 0, only the search 1 (McNemar z 1.00); "
        "margin, search less one ply: +3.00 ± 1.96 trophies")  # sd 1.41 over 2 games: 1.96 x 1.41 / 1.41
