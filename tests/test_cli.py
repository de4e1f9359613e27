"""The tabletop command: a bot game end to end, and one clear line (never a traceback) on bad input."""

from __future__ import annotations

import pytest

from api.cli import main


def test_demo_plays_a_bot_game_and_prints_scoreboard_and_audit(capsys):
    assert main(["demo", "--game", "tiny_duel", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and "audit: PASS" in out
    assert out.count("bot-") == 3 and "hash_chain    pass" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--game", "chess"], "unknown game 'chess'"),
        (["demo", "--game", "tiny_duel", "--players", "9"], "seats 2 to 4 players"),
        (["demo", "--game", "tiny_duel", "--options", "[1]"], "--options must be a JSON object"),
        (["demo", "--game", "tiny_duel", "--options", "{bad"], "error"),
        (["audit", "00000000-0000-0000-0000-000000000000", "--store", "memory"], "no table"),
    ],
)
def test_bad_input_is_one_clear_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_unparseable_arguments_exit_with_usage(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["audit", "not-a-uuid"])
    assert exited.value.code == 2
    assert "not a table id" in capsys.readouterr().err


def test_replay_log_prints_each_moves_facts_under_it(tmp_path, capsys):
    """docs/log.md: ``tabletop replay --log`` shows a finished game's facts, indented under their move."""
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
