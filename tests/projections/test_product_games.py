"""Every product game through the read models: a whole game of people (each seat is read as,
which a bot's is not), and each viewer's read models
equal what the application answers (so the game's own ``player_view``/``describe`` decide); its
log names the players ("You" only for the reader's own seat) and its score history is right.

One game per product game, its moves the random rule's, played once for the whole module (the
games are the slow part)."""

from __future__ import annotations

import re

import pytest

from domain.application import Tables
from domain.games import _PRODUCT, get_game
from domain.log import render_seats, seat_names, table_log
from domain.table import Table
from projections.queries import ReadModels
from projections.runner import Projector
from projections.stores import MemoryStore
from tests.domain.test_tables import play_randomly_to_end

GAMES = [g.name for g in _PRODUCT] or [pytest.param("none", marks=pytest.mark.skip)]
NAMES = ["Alice", "Bob", "Cleo", "Dan", "Eve"]
YOU = re.compile(r"\b(you|your)\b", re.IGNORECASE)


class Played:
    """A finished game of one product game, its events and its read models."""

    def __init__(self, game: str) -> None:
        self.game = get_game(game)
        self.tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        self.seats = self.game.min_players
        self.id = self.tables.open_table(game, self.seats).table_id
        for seat in range(self.seats):
            self.tables.take_seat(self.id, NAMES[seat])
        self.tables.start(self.id)
        play_randomly_to_end(self.tables, self.id)
        self.events = list(self.tables.events.get(self.id))
        self.reads = ReadModels(MemoryStore())
        Projector(self.tables, self.reads.store).catch_up()


@pytest.fixture(scope="module")
def played():
    games: dict[str, Played] = {}

    def get(game: str) -> Played:
        if game not in games:
            games[game] = Played(game)
        return games[game]

    yield get
    for one in games.values():
        one.tables.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_projects_like_the_application_answers(game, played):
    p = played(game)
    tables, reads, table_id = p.tables, p.reads, p.id
    assert reads.table(table_id)["status"] == tables.summary(table_id)["status"] == "finished"
    for viewer in (None, *range(p.seats)):
        assert reads.view(table_id, viewer)["view"] == tables.view(table_id, viewer)["view"]
        assert reads.log(table_id, viewer, limit=100_000) == [e.to_dict() for e in tables.log(table_id, viewer, limit=100_000)]
    assert reads.scores(table_id)["scores"] == tables.scores(table_id)


def _check_names(entries: list[dict], viewer: int | None) -> int:
    """Every move's sentence starts with its actor: "You" for the reader's own, else the name."""
    moves = 0
    for entry in entries:
        if entry["event"] == "MovePlayed":
            moves += 1
            actor = "You" if entry["seat"] == viewer else NAMES[entry["seat"]]
            assert entry["text"].startswith(actor + " "), (viewer, entry["text"])
        if viewer is None:
            assert not YOU.search(entry["text"]), entry["text"]  # a spectator is never "you"
            for fact in entry["facts"]:
                assert not YOU.search(fact["text"]), fact["text"]
        elif entry["seat"] != viewer and entry["event"] == "MovePlayed":
            assert not entry["text"].startswith("You"), entry["text"]
    return moves


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_log_names_each_player_and_says_you_only_to_that_player(game, played):
    p = played(game)
    for viewer in (None, *range(p.seats)):
        entries = p.reads.log(p.id, viewer, limit=100_000)
        assert _check_names(entries, viewer) > 0
        taken = [e["text"] for e in entries if e["event"] == "SeatTaken"]
        assert taken == [("You" if s == viewer else NAMES[s]) + f" took seat {s + 1}." for s in range(p.seats)]
    spectator = [e["text"] for e in p.reads.log(p.id, None, limit=100_000)]
    assert not any("{seat:" in text or "{their:" in text for text in spectator)  # every reference rendered
    assert all(any(text.startswith(NAMES[s] + " ") for text in spectator) for s in range(p.seats))


@pytest.mark.parametrize("game", GAMES)
def test_a_running_log_names_each_player_and_says_you_for_the_readers_own_moves(game, played):
    p = played(game)
    running = [e for e in p.events if not isinstance(e, Table.GameFinished)]  # the log as it read before the end
    for viewer in (None, *range(p.seats)):
        entries = [e.to_dict() for e in table_log(running, viewer, limit=100_000)]
        assert _check_names(entries, viewer) > 0


@pytest.mark.parametrize("game", GAMES)
def test_the_score_history_holds_each_change_of_the_public_totals(game, played):
    p = played(game)
    doc = p.reads.score_history(p.id)
    points = p.tables.score_history(p.id)
    assert points[0]["version"] == p.tables.table(p.id).start_version
    assert points[-1]["version"] == p.tables.table(p.id).version
    assert all(a["version"] < b["version"] and a["totals"] != b["totals"] for a, b in zip(points[:-2], points[1:-1]))
    # The read model holds the same points (the last version closes the line when read).
    assert doc["points"] == (points if doc["points"][-1] == points[-1] else points[:-1])
    assert doc["version"] == points[-1]["version"]
    # At every version the line's value is the game's public total then (what /scores showed).
    table, i = None, 0
    for event in p.events:
        table = event.mutate(table)
        if table.state is None:
            continue
        while i + 1 < len(points) and points[i + 1]["version"] <= event.originator_version:
            i += 1
        totals = {str(s): v for s, v in p.game.scores(table.state).totals.items()}
        assert points[i]["totals"] == totals, event.originator_version
    assert points[-1]["totals"] == {str(s): v for s, v in p.tables.scores(p.id)["totals"].items()}


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_games_log_for_a_spectator_reads_in_the_third_person_facts_included(game, played):
    """issue 20: after the end a spectator's log names every seat; no "You"/"your" anywhere, in
    the sentences or the facts under them, read from the read model or the application."""
    p = played(game)
    for entries in (p.reads.log(p.id, None, limit=100_000),
                    [e.to_dict() for e in p.tables.log(p.id, None, limit=100_000)]):
        texts = [e["text"] for e in entries] + [f["text"] for e in entries for f in e["facts"]]
        assert not [t for t in texts if YOU.search(t)]
        assert not [t for t in texts if "{seat:" in t or "{their:" in t]
        facts = [f for e in entries for f in e["facts"]]
        assert facts and facts[-1]["kind"] == "scores"  # the last move reports the final scores
        winner = NAMES[facts[-1]["seats"][0]]
        assert facts[-1]["text"].startswith(f"Final scores: {winner} ")


@pytest.mark.parametrize("game", GAMES)
def test_each_move_carries_the_facts_its_game_tells_that_reader(game, played):
    """The log's facts are the game's ``facts`` for that reader (its ``views.py`` redaction): while
    the game runs each seat and the spectator read their own, named for them ("You" for their own
    seat); after the end everyone reads them in full."""
    p = played(game)
    running = [e for e in p.events if not isinstance(e, Table.GameFinished)]
    for viewer in (None, *range(p.seats)):
        entries = table_log(running, viewer, limit=100_000)
        table, told = None, 0
        for event, entry in zip(running, entries):
            before, players = (table.state, list(table.players)) if table is not None else (None, [])
            table = event.mutate(table)
            if not isinstance(event, Table.MovePlayed) or before is None:
                continue
            expected = p.game.facts(before, event.seat, event.move, table.state, viewer)
            names = seat_names(list(table.players), players)
            assert [f["kind"] for f in entry.facts] == [f["kind"] for f in expected]
            assert [f["text"] for f in entry.facts] == [render_seats(f["text"], names, viewer, p.game.name_component)
                                                        for f in expected]
            told += len(entry.facts)
            for fact in entry.facts:  # "you" only for a fact about the reader's own seat
                assert not YOU.search(fact["text"]) or viewer in fact["seats"], (viewer, fact)
        assert told > 0


def test_the_log_model_keeps_each_readers_facts_while_the_game_runs():
    """BK-R105 through the projection's live path (one event at a time, game running): the log read
    model serves each reader the facts ``Tables.log`` gives them, a two-player discard named only
    to its owner."""
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = tables.open_table("bunny_kingdom", 2).table_id
        for seat in range(2):
            tables.take_seat(table_id, NAMES[seat])
        tables.start(table_id)
        reads = ReadModels(MemoryStore())
        projector = Projector(tables, reads.store)
        picks = {}
        for seat in range(2):
            projector.catch_up()  # event by event, as a live worker does
            picks[seat] = next(m for m in tables.legal_moves(table_id, seat) if m["discard"])
            tables.play_move(table_id, seat, picks[seat])
        projector.catch_up()
        assert tables.table(table_id).status == "running"
        for viewer in (None, 0, 1):
            entries = reads.log(table_id, viewer, limit=1000)
            assert entries == [e.to_dict() for e in tables.log(table_id, viewer, limit=1000)]
            discards = [f for f in entries[-1]["facts"] if f["kind"] == "card discarded"]
            assert [f["components"] for f in discards] == [
                [picks[s]["discard"]] if s == viewer else [] for s in range(2)]
    finally:
        tables.close()
