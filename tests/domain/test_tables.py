"""The Tables application, told as table-side stories with the test-only Tiny Duel.

Every story runs on the in-memory store, a SQLite file and the real PostgreSQL server.
"""

from __future__ import annotations

import random
import threading
from uuid import uuid4

import pytest

from domain.application import Tables
from domain.errors import (
    IllegalMove,
    InvalidOptions,
    NotYourTurn,
    SeatNotTaken,
    SeatTaken,
    StaleVersion,
    TableFull,
    TableNotFound,
    UndoRefused,
    UnknownGame,
    UnknownVersion,
    WrongPhase,
)
from domain.table import Table


def seated(tables: Tables, names=("ann", "bob", "cy"), bots=(), undo_policy="consent", hand_size=3):
    """Open a Tiny Duel table and fill it: people by name, then bots."""
    receipt = tables.open_table("tiny_duel", len(names) + len(bots), {"hand_size": hand_size}, undo_policy)
    for name in names:
        tables.take_seat(receipt.table_id, name)
    for name in bots:
        tables.take_seat(receipt.table_id, name, bot=True)
    return receipt.table_id


def play_first_legal(tables: Tables, table_id, seat=None):
    table = tables.table(table_id)
    seat = min(table.to_act()) if seat is None else seat
    move = tables.legal_moves(table_id, seat)[0]
    return seat, move, tables.play_move(table_id, seat, move)


def play_to_end(tables: Tables, table_id):
    while tables.table(table_id).status == "running":
        play_first_legal(tables, table_id)


def play_randomly_to_end(tables: Tables, table_id, seed: int = 7):
    """People who play the game's ``random`` rule (``bot_move``), one command a move, to the end."""
    rng = random.Random(seed)
    while (table := tables.table(table_id)).status == "running":
        seat = min(table.to_act())
        tables.play_move(table_id, seat, table.game.bot_move(table.state, seat, rng))


def event_count(tables: Tables, table_id) -> int:
    return len(list(tables.events.get(table_id)))


def test_a_whole_game_from_open_to_finish_with_hidden_hands(tables):
    table_id = seated(tables)
    assert tables.summary(table_id)["status"] == "open"
    tables.start(table_id, seat=0)
    table = tables.table(table_id)
    assert table.status == "running" and table.chance_count == 1  # the deal was drawn in the same save
    ann = tables.view(table_id, 0)["view"]
    spectator = tables.view(table_id, None)["view"]
    assert len(ann["hand"]) == 3 and spectator["hand"] is None
    play_to_end(tables, table_id)
    summary = tables.summary(table_id)
    assert summary["status"] == "finished"
    assert summary["result"]["winners"] == tables.scores(table_id)["winners"]
    assert summary["seed"] is not None  # revealed only now
    assert tables.audit(table_id).ok


def test_the_seed_stays_secret_until_the_end(tables):
    table_id = seated(tables)
    tables.start(table_id)
    summary = tables.summary(table_id)
    assert summary["seed"] is None
    seed = tables.table(table_id).seed
    for viewer in (None, 0, 1, 2):
        text = repr(tables.view(table_id, viewer)) + repr([e.to_dict() for e in tables.log(table_id, viewer)])
        assert seed not in text
    assert seed not in repr(tables.audit(table_id).to_dict())


def test_an_illegal_move_records_nothing_and_names_the_rule(tables):
    table_id = seated(tables)
    tables.start(table_id)
    before = tables.table(table_id)
    with pytest.raises(IllegalMove) as refused:
        tables.play_move(table_id, 0, {"type": "bid", "card": 99})
    assert refused.value.rule == "TD-R2"
    with pytest.raises(IllegalMove):
        tables.play_move(table_id, 0, {"type": "bid"})
    with pytest.raises(IllegalMove):
        tables.play_move(table_id, 0, "not a move")
    after = tables.table(table_id)
    assert after.version == before.version and after.state == before.state


def test_moving_out_of_turn_is_refused(tables):
    table_id = seated(tables)
    tables.start(table_id)
    for seat in range(3):
        play_first_legal(tables, table_id, seat)  # every bid is in: turns begin with seat 0
    version = tables.table(table_id).version
    with pytest.raises(NotYourTurn):
        tables.play_move(table_id, 1, {"type": "roll"})
    assert tables.table(table_id).version == version


def test_a_replayed_table_equals_the_live_one(tables):
    table_id = seated(tables, bots=("robo",))
    tables.start(table_id)
    for _ in range(4):
        play_first_legal(tables, table_id)
    live = tables.table(table_id)
    replayed = None
    for event in tables.events.get(table_id):
        replayed = event.mutate(replayed)
    assert replayed.state == live.state
    assert replayed.head_hash == live.head_hash and replayed.version == live.version
    fresh = Tables(env=tables.env)  # a second process reading the same store (memory: same recorder)
    if tables.env.get("PERSISTENCE_MODULE", "").endswith("popo"):
        fresh.close()
        return
    assert fresh.table(table_id).state == live.state
    fresh.close()


def test_a_retried_command_id_records_nothing_new(tables):
    table_id = seated(tables)
    tables.start(table_id)
    move = tables.legal_moves(table_id, 0)[0]
    first = tables.play_move(table_id, 0, move, command_id="c-1")
    count = event_count(tables, table_id)
    again = tables.play_move(table_id, 0, move, command_id="c-1")
    assert again.duplicate and again.version == first.version
    assert event_count(tables, table_id) == count
    seat_again = tables.take_seat  # opening and seating are idempotent too
    opened = tables.open_table("tiny_duel", 2, command_id="open-1")
    assert tables.open_table("tiny_duel", 2, command_id="open-1").table_id == opened.table_id
    taken = seat_again(opened.table_id, "ann", command_id="seat-1")
    assert seat_again(opened.table_id, "ann", command_id="seat-1").seat == taken.seat
    assert [s["free"] for s in tables.summary(opened.table_id)["seats"]] == [False, True]


def test_a_stale_expected_version_is_refused_with_the_current_version(tables):
    table_id = seated(tables)
    version = tables.table(table_id).version
    tables.start(table_id, expected_version=version)
    with pytest.raises(StaleVersion) as stale:
        tables.play_move(table_id, 0, tables.legal_moves(table_id, 0)[0], expected_version=version)
    assert stale.value.current == tables.table(table_id).version


def test_bad_table_commands_are_refused_and_record_nothing(tables):
    with pytest.raises(UnknownGame):
        tables.open_table("chess", 2)
    with pytest.raises(InvalidOptions):
        tables.open_table("tiny_duel", 7)
    with pytest.raises(InvalidOptions):
        tables.open_table("tiny_duel", 2, {"hand_size": 9})
    with pytest.raises(InvalidOptions):
        tables.open_table("tiny_duel", 2, {"colour": "red"})
    with pytest.raises(InvalidOptions):
        tables.open_table("tiny_duel", 2, undo_policy="sometimes")
    with pytest.raises(TableNotFound):
        tables.take_seat(uuid4(), "ann")
    table_id = tables.open_table("tiny_duel", 2).table_id
    tables.take_seat(table_id, "ann", seat=1)
    with pytest.raises(WrongPhase):
        tables.play_move(table_id, 1, {"type": "roll"})
    with pytest.raises(SeatNotTaken):
        tables.play_move(table_id, 0, {"type": "roll"})
    with pytest.raises(SeatTaken):
        tables.take_seat(table_id, "bob", seat=1)
    with pytest.raises(WrongPhase):
        tables.start(table_id)
    tables.take_seat(table_id, "bob")
    with pytest.raises(TableFull):
        tables.take_seat(table_id, "cy")
    with pytest.raises(InvalidOptions):
        tables.take_seat(table_id, "   ")
    assert event_count(tables, table_id) == 3


def test_concurrent_writers_never_both_win_and_nothing_is_lost(tables):
    """Eight threads race for four seats, then everyone bids at once without a version."""
    table_id = tables.open_table("tiny_duel", 4).table_id
    won, refused = [], []

    def take(name):
        try:
            won.append(tables.take_seat(table_id, name).seat)
        except TableFull:
            refused.append(name)

    threads = [threading.Thread(target=take, args=(f"p{i}",)) for i in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(won) == [0, 1, 2, 3] and len(refused) == 4
    tables.start(table_id)
    state = tables.table(table_id).state
    errors = []

    def bid(seat):
        try:
            tables.play_move(table_id, seat, {"type": "bid", "card": state.hands[seat][0]})
        except Exception as error:  # noqa: BLE001 - collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=bid, args=(seat,)) for seat in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert errors == []
    moves = [e for e in tables.events.get(table_id) if isinstance(e, Table.MovePlayed)]
    assert sorted(m.seat for m in moves) == [0, 1, 2, 3]
    assert tables.table(table_id).state.phase == "turns"


def test_two_writers_with_the_same_expected_version_exactly_one_wins(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    version = tables.table(table_id).version
    state = tables.table(table_id).state
    outcomes = []

    def bid(seat):
        try:
            tables.play_move(table_id, seat, {"type": "bid", "card": state.hands[seat][0]}, expected_version=version)
            outcomes.append("won")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=bid, args=(seat,)) for seat in (0, 1)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(outcomes) == ["stale", "won"]
    assert tables.table(table_id).version == version + 1


def test_bots_fill_seats_and_finish_the_game_by_themselves(tables):
    table_id = seated(tables, names=(), bots=("r1", "r2", "r3", "r4"))
    receipt = tables.start(table_id)
    table = tables.table(table_id)
    assert table.status == "finished" and receipt.version == table.version
    bot_moves = [e for e in tables.events.get(table_id) if isinstance(e, Table.MovePlayed)]
    assert {m.seat for m in bot_moves} == {0, 1, 2, 3}
    assert tables.audit(table_id).ok


def test_undo_of_my_own_move_is_immediate_and_restores_the_exact_state(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    for seat in (0, 1):
        play_first_legal(tables, table_id, seat)
    mark = tables.table(table_id)
    seat, _move, receipt = play_first_legal(tables, table_id)  # seat 0's turn: a card, no chance
    assert seat == 0
    undo = tables.request_undo(table_id, 0, mark.version)
    table = tables.table(table_id)
    assert table.state == mark.state and table.chance_count == mark.chance_count
    log = tables.log(table_id, None, limit=1000)
    assert [e.version for e in log if e.undone] == [receipt.version]
    assert log[-1].event == "Undone" and undo.version == table.version


def test_undo_across_another_seats_move_needs_consent_and_the_same_dice_come_up(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    for seat in (0, 1):
        play_first_legal(tables, table_id, seat)
    mark = tables.table(table_id).version
    tables.play_move(table_id, 0, {"type": "roll"})
    first_roll = [e for e in tables.events.get(table_id, gt=mark) if isinstance(e, Table.ChanceResolved)]
    tables.request_undo(table_id, 0, mark)  # crosses a chance step: bob must approve
    assert tables.summary(table_id)["undo_request"]["needs"] == [1]
    with pytest.raises(WrongPhase):
        tables.play_move(table_id, 1, {"type": "roll"})
    tables.vote_undo(table_id, 1, approve=True)
    assert tables.table(table_id).version > mark and tables.summary(table_id)["undo_request"] is None
    before_reroll = tables.table(table_id).version
    tables.play_move(table_id, 0, {"type": "roll"})
    second_roll = [e for e in tables.events.get(table_id, gt=before_reroll) if isinstance(e, Table.ChanceResolved)]
    assert second_roll[0].outcome == first_roll[0].outcome and second_roll[0].n == first_roll[0].n
    assert tables.audit(table_id).ok


def test_a_rejected_undo_changes_nothing_but_the_log(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id, 0)
    play_first_legal(tables, table_id, 1)
    state = tables.table(table_id).state
    tables.request_undo(table_id, 0, mark)
    tables.vote_undo(table_id, 1, approve=False)
    table = tables.table(table_id)
    assert table.state == state and table.undo_request is None and table.undone == []


def test_undo_bad_requests_are_refused(tables):
    table_id = seated(tables, names=("ann", "bob"), undo_policy="off")
    tables.start(table_id)
    with pytest.raises(UndoRefused):
        tables.request_undo(table_id, 0, 4)
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    version = tables.table(table_id).version
    for to_version in (0, 2, version, version + 10, "x"):
        with pytest.raises(UnknownVersion):
            tables.request_undo(table_id, 0, to_version)
    assert tables.table(table_id).version == version


def test_bots_refuse_an_undo_across_the_bid_reveal_and_free_policy_needs_nobody(tables):
    table_id = seated(tables, names=("ann",), bots=("robo",))
    tables.start(table_id)
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id, 0)  # the bot bids right after: every bid is shown
    with pytest.raises(UndoRefused):
        tables.request_undo(table_id, 0, mark)
    free = seated(tables, names=("ann", "bob"), undo_policy="free")
    tables.start(free)
    mark = tables.table(free).version
    play_first_legal(tables, free, 1)
    play_first_legal(tables, free, 0)
    tables.request_undo(free, 0, mark)
    assert tables.table(free).undone


def test_fork_a_finished_table_at_a_version(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    play_to_end(tables, table_id)
    source = tables.table(table_id)
    with pytest.raises(WrongPhase):
        tables.fork(seated(tables), 3)
    with pytest.raises(UnknownVersion):
        tables.fork(table_id, source.version + 5)
    at = source.start_version + 2
    fork = tables.fork(table_id, at).table_id
    summary = tables.summary(fork)
    assert summary["forked_from"] == {"table": str(table_id), "version": at}
    assert summary["status"] == "open" and all(s["free"] for s in summary["seats"])
    tables.take_seat(fork, "dee")
    tables.take_seat(fork, "eve")
    tables.start(fork)
    assert tables.table(fork).state == tables.table(table_id, at).state
    assert tables.audit(fork).ok


def test_state_and_views_at_any_version(tables):
    table_id = seated(tables)
    tables.start(table_id)
    play_first_legal(tables, table_id, 0)
    start = tables.table(table_id).start_version
    assert tables.view(table_id, None, version=start - 1)["view"] is None
    assert tables.view(table_id, 0, version=start)["view"]["phase"] == "deal"
    with pytest.raises(UnknownVersion):
        tables.view(table_id, 0, version=999)


def test_the_event_log_hides_other_seats_bids(tables):
    table_id = seated(tables)
    tables.start(table_id)
    _seat, move, _ = play_first_legal(tables, table_id, 0)
    bob_log = tables.log(table_id, 1)
    ann_log = tables.log(table_id, 0)
    assert bob_log[-1].action == {"type": "bid"} and str(move["card"]) not in bob_log[-1].text
    assert ann_log[-1].action == move
    shuffle = [e for e in bob_log if e.event == "ChanceResolved"][0]
    assert "outcome" not in shuffle.action


def test_audit_passes_on_a_clean_table(tables):
    table_id = seated(tables, bots=("robo",))
    tables.start(table_id)
    play_to_end(tables, table_id)
    report = tables.audit(table_id)
    assert report.ok and report.first_bad_version is None
    assert {c.name: c.ok for c in report.checks.values()} == {
        "hash_chain": True, "seed": True, "chance": True, "moves": True, "undo": True, "final_scores": True,
        "snapshots": True, "receipts": None,
    }


def test_snapshots_keep_long_tables_loadable(tables):
    table_id = seated(tables, names=("ann", "bob"))
    for _ in range(60):  # leave and sit again: a long history before the start
        tables.leave(table_id, 1)
        tables.take_seat(table_id, "bob")
    tables.start(table_id)
    play_to_end(tables, table_id)
    table = tables.table(table_id)
    assert table.version > 100
    snapshots = list(tables.snapshots.get(table_id))
    assert snapshots and snapshots[-1].originator_version % 100 == 0
    assert tables.table(table_id, version=110).version == 110
    replayed = None
    for event in tables.events.get(table_id, lte=110):
        replayed = event.mutate(replayed)
    assert tables.table(table_id, version=110).players == replayed.players


def test_every_save_is_announced_once_and_a_failing_listener_fails_nothing(tables):
    heard = []
    tables.on_saved.append(lambda table_id, version: heard.append((table_id, version)))
    tables.on_saved.append(lambda table_id, version: 1 / 0)
    table_id = seated(tables, names=("ann", "bob"))
    receipt = tables.start(table_id)
    assert heard[-1] == (table_id, receipt.version)
    assert [v for t, v in heard if t == table_id] == [1, 2, 3, receipt.version]
    with pytest.raises(IllegalMove):
        tables.play_move(table_id, 0, {"type": "bid", "card": 99})
    assert heard[-1] == (table_id, receipt.version)


def test_after_the_end_the_whole_log_is_public(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    _seat, bid, _ = play_first_legal(tables, table_id, 0)
    assert tables.log(table_id, 1)[-1].action == {"type": "bid"}  # secret while the game runs
    play_to_end(tables, table_id)
    log = tables.log(table_id, 1, limit=1000)
    first_bid = next(e for e in log if e.event == "MovePlayed" and e.seat == 0)
    assert first_bid.action == bid and str(bid["card"]) in first_bid.text
    shuffle = next(e for e in log if e.event == "ChanceResolved")
    assert sorted(shuffle.action["outcome"]) == list(range(1, 13))


def test_only_a_real_seat_number_is_a_viewer(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    for viewer in (True, 1.0, "1", -1, 2):
        with pytest.raises(SeatNotTaken):
            tables.view(table_id, viewer)
        with pytest.raises(SeatNotTaken):
            tables.log(table_id, viewer)
