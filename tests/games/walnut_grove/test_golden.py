"""Golden playthroughs replay to the recorded final scores and step counts."""

from __future__ import annotations

import pytest

from tests.games.walnut_grove.golden import load, record

GOLDEN = load()


def test_golden_file_covers_every_player_count():
    assert {entry["players"] for entry in GOLDEN} == {1, 2, 3, 4}


@pytest.mark.parametrize("entry", GOLDEN, ids=lambda e: f"{e['players']}p-s{e['seed']}")
def test_golden_playthrough_is_unchanged(entry):
    assert record(entry["players"], entry["seed"], entry["options"]) == entry
