"""Replays the pinned golden playthroughs (see ``golden.py``)."""

from __future__ import annotations

import json

import pytest

from tests.games.bunny_kingdom.golden import PATH, record

GOLDEN = json.loads(PATH.read_text())


@pytest.mark.parametrize("expected", GOLDEN, ids=lambda g: f"{g['players']}p-s{g['seed']}")
def test_golden_playthrough_is_unchanged(expected):
    assert record(expected["players"], expected["seed"]) == expected


def test_golden_file_covers_every_player_count():
    assert {g["players"] for g in GOLDEN} == {2, 3, 4}
