"""Bot levels at a table: chosen per bot seat, stored with the seat, checked, shown in the log."""

from __future__ import annotations

import pytest

from domain.errors import InvalidOptions
from domain.games import GAMES
from domain.games.game import BOT_LEVELS
from domain.table import Table


def test_bunny_kingdom_and_homesteaders_have_a_policy_at_every_level():
    for name in ("bunny_kingdom", "homesteaders"):
        assert set(GAMES[name].bots) == set(BOT_LEVELS)


def test_a_bot_seat_keeps_its_level_in_the_event_the_seat_list_and_the_log(memory_tables):
    tables = memory_tables
    table_id = tables.open_table("homesteaders", 2).table_id
    tables.take_seat(table_id, "ann", bot=True, level="strong")
    tables.take_seat(table_id, "bob")
    events = [e for e in tables.events.get(table_id) if isinstance(e, Table.SeatTaken)]
    assert [(e.bot, e.level) for e in events] == [(True, "strong"), (False, None)]
    seats = tables.summary(table_id)["seats"]
    assert [(s["bot"], s["level"]) for s in seats] == [(True, "strong"), (False, None)]
    texts = [entry.text for entry in tables.log(table_id, None)]
    assert "ann took seat 1 as a strong bot." in texts
    assert "bob took seat 2." in texts
    assert tables.audit(table_id).ok


def test_an_unknown_level_or_a_level_for_a_person_is_refused_naming_the_levels(memory_tables):
    tables = memory_tables
    table_id = tables.open_table("homesteaders", 2).table_id
    with pytest.raises(InvalidOptions, match="random, basic, strong"):
        tables.take_seat(table_id, "ann", bot=True, level="grandmaster")
    with pytest.raises(InvalidOptions, match="only for a bot"):
        tables.take_seat(table_id, "ann", level="strong")


def test_a_retry_must_repeat_the_level(memory_tables):
    from domain.errors import Conflict

    tables = memory_tables
    table_id = tables.open_table("homesteaders", 2).table_id
    first = tables.take_seat(table_id, "ann", bot=True, level="strong", command_id="c1")
    again = tables.take_seat(table_id, "ann", bot=True, level="strong", command_id="c1")
    assert again.duplicate and again.seat == first.seat
    with pytest.raises(Conflict):
        tables.take_seat(table_id, "ann", bot=True, level="random", command_id="c1")


def test_a_bot_seated_before_levels_existed_plays_the_default_level():
    """An old ``SeatTaken`` has no ``level`` field (stored events are forever): its bot plays basic."""
    event = object.__new__(Table.SeatTaken)
    object.__setattr__(event, "__dict__", {"seat": 0, "name": "old", "bot": True, "command_id": None, "originator_version": 2})
    table = object.__new__(Table)
    table.players = [None]
    table.seated_since = [None]
    event.apply(table)
    assert table.players[0]["level"] == "basic"
