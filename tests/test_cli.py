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
