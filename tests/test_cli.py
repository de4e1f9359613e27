"""The tabletop command: a bot game end to end, and one clear line (never a traceback) on bad input."""

from __future__ import annotations

import re

import pytest

from api.cli import main
from domain.games import get_game
from tests.log_words import catalog_ids_in, machine_tokens_in


def test_demo_plays_a_bot_game_and_prints_scoreboard_and_audit(capsys):
    assert main(["demo", "--game", "tiny_duel", "--players", "3", "--store", "memory"]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and "audit: PASS" in out
    assert "hash_chain    pass" in out
    board = out[out.index("rank  seat"):out.index("audit:")].splitlines()[1:]
    # seats read from 1, as the web page numbers them, each bot named after its seat
    assert sorted(int(line.split()[1]) for line in board) == [1, 2, 3], board
    assert all(f"Bot {line.split()[1]} (" in line for line in board), board


def test_the_demo_states_the_tables_options_in_words_not_keys_or_json(capsys):
    assert main(["demo", "--game", "homesteaders", "--players", "2", "--levels", "random", "--store", "memory"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "Holdings: screened" in first, first
    assert machine_tokens_in(first) == [] and "{" not in first, first


def test_the_demo_leaves_out_an_option_the_tables_level_does_not_play(capsys):
    # Fantasy Ranch's community board is a level 3 component: a level 1 table does not name its side.
    assert main(["demo", "--game", "fantasy_ranch", "--players", "2", "--levels", "random", "--store", "memory"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "Rules level: 1" in first and "Community" not in first, first


def test_the_demo_scoreboard_names_scoring_sources_in_the_catalogs_words(capsys):
    assert main(["demo", "--game", "homesteaders", "--players", "2", "--levels", "random", "--store", "memory"]) == 0
    out = capsys.readouterr().out
    board = out[out.index("rank  seat"):out.index("audit:")].splitlines()[1:]
    assert len(board) == 2 and all(machine_tokens_in(line) == [] for line in board), board
    words = set(get_game("homesteaders").catalog()["terms"].values())
    for line in board:  # "VP tokens 6; Buildings (printed VP) 12", never "vp_tokens 6"
        shown = re.split(r"\s{3}", line.strip())[-1]
        assert shown == "-" or all(part.rsplit(" ", 1)[0] in words for part in shown.split("; ")), line


def test_a_demo_game_is_kept_in_the_embedded_store_for_replay_and_export(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("TABLETOP_STORE", raising=False)
    data = str(tmp_path / "data")
    assert main(["demo", "--game", "tiny_duel", "--players", "2", "--data-dir", data]) == 0
    out = capsys.readouterr().out
    table_id = out.split("table ", 1)[1].split(":", 1)[0]
    assert f"tabletop replay {table_id} --log" in out
    assert main(["replay", table_id, "--data-dir", data, "--log"]) == 0
    assert "The game ended" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--game", "chess"], "unknown game 'chess'"),
        (["demo", "--game", "tiny_duel", "--players", "9", "--store", "memory"], "seats 2 to 4 players"),
        (["demo", "--game", "tiny_duel", "--options", "[1]", "--store", "memory"], "--options must be a JSON object"),
        (["demo", "--game", "tiny_duel", "--options", "{bad", "--store", "memory"], "error"),
        (["audit", "00000000-0000-0000-0000-000000000000", "--store", "memory"], "no table"),
        (["replay", "00000000-0000-0000-0000-000000000000", "--viewer", "0", "--store", "memory"],
         "seats are numbered from 1"),
        (["bots", "run", "--threads", "0", "--store", "memory"], "--threads must be at least 1"),
    ],
)
def test_bad_input_is_one_clear_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_bots_worker_refuses_to_run_without_its_queue(monkeypatch, capsys):
    monkeypatch.delenv("TABLETOP_REDIS_URL", raising=False)
    monkeypatch.delenv("TABLETOP_BOTS", raising=False)
    assert main(["bots", "run", "--store", "postgres"]) == 2
    err = capsys.readouterr().err
    assert "needs TABLETOP_REDIS_URL" in err and len(err.strip().splitlines()) == 1


def test_unparseable_arguments_exit_with_usage(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["audit", "not-a-uuid"])
    assert exited.value.code == 2
    assert "not a table id" in capsys.readouterr().err


def test_replay_log_prints_each_moves_facts_under_it_in_the_words_of_the_log(tmp_path, capsys):
    """docs/log.md: ``tabletop replay --log`` shows a finished game's facts, indented under their
    move, and reads the same words as ``Tables.log``."""
    from api.config import Settings
    from api.wiring import build_tables

    tables = build_tables(Settings(store="sqlite", data_dir=tmp_path).with_(create_tables=True))
    try:
        table_id = tables.open_table("homesteaders", 2).table_id
        for name in ("ann", "bob"):
            tables.take_seat(table_id, name, bot=True)
        tables.start(table_id)
    finally:
        tables.close()
    assert main(["replay", str(table_id), "--log", "--store", "sqlite", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    income = next(i for i, line in enumerate(lines) if " collected income" in line)
    assert lines[income].startswith("         - ") and not lines[income - 1].startswith("         - ")
    assert lines[-2].startswith("         - Final scores: ")
    # The same words as the log the API serves, buildings and tiles by their names (issue 37).
    tables = build_tables(Settings(store="sqlite", data_dir=tmp_path))
    try:
        log = tables.log(table_id, None, limit=100_000)
    finally:
        tables.close()
    printed = [re.sub(r"^ *\d+  ", "", line).removesuffix(" [undone]") for line in lines
               if not line.startswith("         - ")]
    assert printed == [entry.text for entry in log]
    assert any("the Homestead" in text for text in printed)
    assert not [t for t in printed if catalog_ids_in("homesteaders", t) or machine_tokens_in(t)]


def test_audit_with_kept_receipts_reports_a_history_cut_short(tmp_path, monkeypatch, capsys):
    """``tabletop audit TABLE --receipts FILE``: the last events deleted from the store are found
    against a receipt signed before; a receipt this server did not sign is one clear line."""
    import json
    import sqlite3

    from api.config import Settings
    from api.receipts import Signer
    from api.wiring import build_tables

    monkeypatch.setenv("TABLETOP_SECRET", "d084a6c0a06d5f286e0e387462db8a5fa5e04f9cd5139d9a1a7bb8500244b1d9")
    settings = Settings.from_env().with_(store="sqlite", data_dir=tmp_path)
    tables = build_tables(settings)
    table_id = tables.open_table("tiny_duel", 2).table_id
    for name in ("a", "b"):
        tables.take_seat(table_id, name, bot=True)
    tables.start(table_id)
    table = tables.table(table_id)
    tables.close()
    receipt = Signer(settings.signing_seed()).receipt(table_id, table.version, table.head_hash)
    kept = tmp_path / "receipts.json"
    kept.write_text(json.dumps([receipt]))
    argv = ["audit", str(table_id), "--store", "sqlite", "--data-dir", str(tmp_path), "--receipts", str(kept)]
    assert main(argv) == 0
    with sqlite3.connect(tmp_path / "tables.db") as db:
        db.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version > ?",
                   (table_id.hex, table.version - 2))
        db.execute("DELETE FROM stored_snapshots WHERE originator_id = ?", (table_id.hex,))
    capsys.readouterr()
    assert main(argv) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["first_bad_version"] == table.version - 1
    kept.write_text(json.dumps({**receipt, "head": "0" * 64}))
    assert main(argv) == 2
    assert "signature does not verify" in capsys.readouterr().err
