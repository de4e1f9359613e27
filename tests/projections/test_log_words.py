"""issue 37: a table's log reads like the game. Every sentence and fact a reader reads names the
components by the game's names for them, never by a catalog id, a snake_case key, ``name#1``,
``a:1:2`` or JSON, and "You" takes its verb ("You start"); for the spectator and for every seat,
while the game runs (hidden things stay hidden: the placeholders are only written where the reader
may know the id) and after the end; the same words from the application and the read model.

One seeded four-player table per game (Fantasy Ranch at levels 1 and 3), played to the end by
``random`` bots through the application, in memory; played once for the module.
"""

from __future__ import annotations

import dataclasses
from unittest import mock

import pytest

import domain.application as application
from domain.application import Tables
from domain.games import GAMES
from domain.log import table_log
from domain.table import Table
from projections.queries import ReadModels
from projections.runner import Projector
from projections.stores import MemoryStore
from tests.log_words import catalog_ids_in, machine_tokens_in, sentences

SEED = "5eed" * 16
NAMES = ("Ann", "Bob", "Cleo", "Dan")
TABLES = [
    pytest.param("bunny_kingdom", None, id="bunny_kingdom"),
    pytest.param("homesteaders", None, id="homesteaders"),
    pytest.param("walnut_grove", None, id="walnut_grove"),
    pytest.param("fantasy_ranch", {"level": 1}, id="fantasy_ranch-level1"),
    pytest.param("fantasy_ranch", {"level": 3}, id="fantasy_ranch-level3"),
]
READERS = (None, 0, 1, 2, 3)


class Finished:
    """A four-player table of bots played to the end, its events and its projected read models."""

    def __init__(self, game: str, options: dict | None) -> None:
        self.game = game
        self.tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        with mock.patch.object(application, "new_seed", lambda: SEED):  # the same deal every run
            self.id = self.tables.open_table(game, 4, options).table_id
            for name in NAMES:
                self.tables.take_seat(self.id, name, bot=True, level="random")
            self.tables.start(self.id)
        assert self.tables.table(self.id).status == "finished"
        self.events = list(self.tables.events.get(self.id))
        self.reads = ReadModels(MemoryStore())
        Projector(self.tables, self.reads.store).catch_up()

    def log(self, viewer: int | None) -> list[dict]:
        return [e.to_dict() for e in self.tables.log(self.id, viewer, limit=100_000)]

    def running_log(self, viewer: int | None) -> list[dict]:
        """The log as ``viewer`` read it before the end (moves and facts redacted for them)."""
        running = [e for e in self.events if not isinstance(e, Table.GameFinished)]
        return [e.to_dict() for e in table_log(running, viewer, limit=100_000)]


@pytest.fixture(scope="module")
def finished():
    played: dict[tuple, Finished] = {}

    def get(game: str, options: dict | None) -> Finished:
        key = (game, tuple(sorted((options or {}).items())))
        if key not in played:
            played[key] = Finished(game, options)
        return played[key]

    yield get
    for one in played.values():
        one.tables.close()


def _unreadable(game: str, texts: list[str]) -> list[tuple[str, list[str]]]:
    return [(t, found) for t in texts if (found := catalog_ids_in(game, t) + machine_tokens_in(t))]


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_every_sentence_and_fact_names_components_in_words_for_every_reader(game, options, finished):
    table = finished(game, options)
    for viewer in READERS:
        for log in (table.running_log(viewer), table.log(viewer)):
            texts = sentences(log)
            assert len(texts) > 50
            assert _unreadable(game, texts) == [], viewer


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_you_take_the_verb_a_person_says_and_seats_count_from_one(game, options, finished):
    table = finished(game, options)
    for viewer in READERS:
        log = table.log(viewer)
        taken = [e["text"] for e in log if e["event"] == "SeatTaken"]
        assert taken == [("You" if s == viewer else NAMES[s]) + f" took seat {s + 1} as a random bot." for s in range(4)]
        own = [e["text"] for e in log if e["event"] == "MovePlayed" and e["seat"] == viewer]
        assert all(t.startswith("You ") for t in own)


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_the_read_model_and_the_application_read_the_same_words(game, options, finished):
    """The spectator's log (the read model keeps no log for a bot seat: nobody reads as a bot;
    tests/projections/test_product_games.py compares the seats of people)."""
    table = finished(game, options)
    assert table.reads.log(table.id, None, limit=100_000) == table.log(None)


def test_stored_sentences_keep_component_references_and_a_new_name_needs_no_new_data(finished, monkeypatch):
    """The log read model stores ``{card:P-...}``; reading renders the game's names of the moment,
    so renaming a card changes what is read without touching a stored row."""
    table = finished("bunny_kingdom", None)
    rows = [row for _, row in table.reads.store.group("log", str(table.id), limit=100_000)]
    stored = [entry["text"] for row in rows for entry in row["entries"].values()]
    assert any("{card:" in text for text in stored)
    before = table.reads.log(table.id, None, limit=100_000)
    game = GAMES["bunny_kingdom"]
    names = game.component_names()
    renamed = {"card": {card: f"Card «{card.lower()}»" for card in names["card"]}}
    monkeypatch.setitem(GAMES, "bunny_kingdom", dataclasses.replace(game, component_names=lambda: renamed))
    after = table.reads.log(table.id, None, limit=100_000)
    assert [row for _, row in table.reads.store.group("log", str(table.id), limit=100_000)] == rows
    changed = [(b["text"], a["text"]) for b, a in zip(before, after) if b["text"] != a["text"]]
    assert changed and all("Card «" in a for _, a in changed)
    assert all(b["version"] == a["version"] for b, a in zip(before, after))
