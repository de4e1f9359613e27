"""The game record over HTTP and on the command line (docs/record.md): the whole history after the
end, each reader's own redacted view before it; ``tabletop export`` writes it and ``tabletop import``
replays it into a new table, refusing one that does not verify."""

from __future__ import annotations

import json
import re
from uuid import UUID

import pytest

from api.cli import main
from api.routes.record import SIGNER
from domain.record import check_record
from tests.api.conftest import Table
from tests.verifier.helpers import Signer, forge_outcome, forge_removed, load_verifier

verifier = load_verifier()


def _finish(duel: Table) -> None:
    while duel.summary()["status"] == "running":
        duel.play_first_legal()


def test_a_finished_tables_record_holds_every_event_the_seed_and_verifies(duel, tables):
    _finish(duel)
    r = duel.get("/record")
    assert r.status_code == 200, r.json
    record = r.json
    summary = duel.summary()
    assert record["format"] == "tabletop-record" and record["format_version"] == 1
    assert record["table"] == duel.id and record["game"] == "tiny_duel" and record["finished"] is True
    assert record["seats"] == [{"seat": 0, "name": "ann", "bot": False}, {"seat": 1, "name": "bob", "bot": False}]
    assert record["seed"] == summary["seed"] and record["seed_commitment"] == summary["seed_commitment"]
    assert record["head"] == {"version": summary["version"], "digest": summary["head_hash"]}
    assert [e["version"] for e in record["events"]] == list(range(1, summary["version"] + 1))
    assert all(not e["redacted"] and "payload" in e for e in record["events"])
    assert record["events"][0]["payload"]["seed"] == summary["seed"]
    entries = duel.get("/events?limit=1000").json
    assert [e["timestamp"] for e in record["events"]] == [e["timestamp"] for e in entries]
    assert check_record(record).ok
    for seat in (0, 1):  # after the end every reader gets the same whole record
        assert duel.get("/record", seat=seat).json["events"] == record["events"]


def test_before_the_end_a_record_is_its_readers_view_and_redacts_what_is_hidden_from_them(duel, tables):
    """TD-R1/TD-R2: the deal and the other seat's bid stay hidden; the seed and Opened never show."""
    assert duel.play(0, duel.legal(0)[0]).status_code == 200  # ann bids; bob has not yet
    mine = duel.get("/record", seat=0).json
    theirs = duel.get("/record", seat=1).json
    watching = duel.get("/record").json
    seed = tables.table(UUID(duel.id)).seed
    for record, viewer in ((mine, 0), (theirs, 1), (watching, None)):
        assert record["finished"] is False and record["seed"] is None and record["viewer"] == viewer
        by_name = {e["event"]: e for e in record["events"]}
        assert by_name["Opened"]["redacted"] and "payload" not in by_name["Opened"]
        assert by_name["ChanceResolved"]["redacted"]  # the shuffled deck is nobody's to read
        assert not by_name["SeatTaken"]["redacted"] and not by_name["GameStarted"]["redacted"]
        assert all(len(e["digest"]) == 64 and len(e["prev_hash"]) == 64 for e in record["events"])
        assert seed not in json.dumps(record)
    bid = [e for e in mine["events"] if e["event"] == "MovePlayed"][0]
    assert not bid["redacted"] and bid["payload"]["move"]["type"] == "bid"  # ann reads her own bid
    assert [e for e in theirs["events"] if e["event"] == "MovePlayed"][0]["redacted"]
    assert [e for e in watching["events"] if e["event"] == "MovePlayed"][0]["redacted"]
    card = bid["payload"]["move"]["card"]
    assert not re.search(rf'"card": ?{card}\b', json.dumps(theirs))
    # The redacted record still links: a player keeps it and checks it against a later receipt.
    assert verifier.verify(theirs, [], None, True, out=open("/dev/null", "w")) is None


def test_a_record_carries_the_servers_signed_receipt_when_the_server_signs(app, duel):
    signer = Signer()
    app.extensions[SIGNER] = lambda table_id, version, head: signer.receipt(str(table_id), version, head)
    _finish(duel)
    record = duel.get("/record").json
    assert record["receipt"]["version"] == record["head"]["version"]
    assert record["receipt"]["head"] == record["head"]["digest"]
    assert verifier.verify(record, [], signer.public_hex, False, out=open("/dev/null", "w")) is None
    del app.extensions[SIGNER]
    assert duel.get("/record").json["receipt"] is None


def test_record_refusals_are_clear(client, duel):
    assert client.get("/api/tables/00000000-0000-0000-0000-000000000000/record").status_code == 404
    r = client.get(duel.url("/record"), headers={"Authorization": "Bearer not-a-token"})
    assert r.status_code == 401 and r.json["error"]


def test_the_record_route_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").json
    route = spec["paths"]["/api/tables/{table_id}/record"]["get"]
    assert "200" in route["responses"]
    assert "Record" in spec["components"]["schemas"]


# -- the command line -------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path):
    return ["--store", "sqlite", "--data-dir", str(tmp_path / "data")]


def _demo(store, capsys) -> str:
    assert main(["demo", "--game", "walnut_grove", "--players", "3", *store]) == 0
    return re.search(r"table ([0-9a-f-]{36})", capsys.readouterr().out).group(1)


def test_export_writes_the_record_and_import_replays_it_into_a_new_table(store, tmp_path, capsys):
    table_id = _demo(store, capsys)
    out = tmp_path / "record.json"
    assert main(["export", table_id, "--out", str(out), *store]) == 0
    assert "written to" in capsys.readouterr().out
    record = json.loads(out.read_text())
    assert record["table"] == table_id and record["finished"] and check_record(record).ok
    assert main(["import", str(out), *store]) == 0
    printed = capsys.readouterr().out
    new_id = re.search(r"as table ([0-9a-f-]{36})", printed).group(1)
    assert new_id != table_id and "finished" in printed
    assert main(["export", new_id, *store]) == 0
    copy = json.loads(capsys.readouterr().out)
    assert [e["payload"] for e in copy["events"]] == [e["payload"] for e in record["events"]]
    assert copy["table"] == new_id and check_record(copy).ok
    assert main(["audit", new_id, *store]) == 0


@pytest.mark.parametrize("forgery", ["outcome", "removed", "illegal-move"])
def test_import_refuses_a_record_that_does_not_verify(store, tmp_path, capsys, forgery):
    table_id = _demo(store, capsys)
    out = tmp_path / "record.json"
    assert main(["export", table_id, "--out", str(out), *store]) == 0
    record = json.loads(out.read_text())
    if forgery == "outcome":
        record, at = forge_outcome(record, repair=True)
    elif forgery == "removed":
        record, at = forge_removed(record, renumber=False)
    else:  # a move the rules refuse, the chain re-computed so that only the replay can tell
        from tests.verifier.helpers import rechain

        move = next(e for e in record["events"] if e["event"] == "MovePlayed")
        move["payload"]["move"] = {"type": "no such move"}
        at = move["version"]
        rechain(record, at)
    out.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["import", str(out), *store]) == 2
    err = capsys.readouterr().err
    assert f"version {at}" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_import_refuses_a_redacted_record_and_what_is_not_a_record(duel, tmp_path, capsys, store):
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(duel.get("/record").json))
    assert main(["import", str(unfinished), *store]) == 2
    assert "redacted" in capsys.readouterr().err
    other = tmp_path / "other.json"
    other.write_text("[1, 2]")
    assert main(["import", str(other), *store]) == 2
    assert "not a tabletop-record" in capsys.readouterr().err


# -- hidden information: the walk of tests/api/test_hidden_information_games.py, on the record only ----

WALKED = ["bunny_kingdom-2p", "fantasy_ranch-4p-3", "homesteaders-2p-screened", "walnut_grove-4p"]


@pytest.mark.parametrize("index", [0, 9, 2, 6], ids=WALKED)
def test_before_the_end_a_seats_record_holds_nothing_hidden_from_it(index):
    """Every few moves of a real game, each seat's and the spectator's record is judged by the walk's
    referee (the ids the server's state hides from that reader, the per-game structural checks);
    the seat's own hidden moves stay in its own record (the negative control)."""
    import random

    from api import create_app
    from api.config import Settings
    from tests.api.conftest import SECRET
    from tests.api.test_hidden_information_games import GAMES, Referee

    app = create_app(Settings(store="memory", testing=True, secret=SECRET))
    try:
        game, seats, options, secrets = GAMES[index]
        referee = Referee(app, game, seats, options, secrets)
        assert referee.client.post(referee.url("/start"), headers=referee.auth(0)).status_code == 200
        referee.observe()
        rng = random.Random(index)
        redacted_for_others = own_kept = 0
        for moves in range(90):
            if referee.aggregate().status != "running":
                break
            if moves % 6 == 0:
                read = {}
                for viewer in referee.viewers:
                    text = referee.get("/record", viewer).get_data(as_text=True)
                    referee.check(viewer, text)
                    read[viewer] = json.loads(text)["events"]
                hidden = {e["version"] for e in read[None] if e["event"] == "MovePlayed" and e["redacted"]}
                redacted_for_others += len(hidden)
                own_kept += sum(1 for seat in referee.tokens for e in read[seat]
                                if e["version"] in hidden and not e["redacted"] and e["payload"]["seat"] == seat)
            seat = rng.choice(referee.client.get(referee.url()).json["to_act"])
            legal = referee.client.get(referee.url(f"/seats/{seat}/legal-moves"), headers=referee.auth(seat)).json
            move = rng.choice(legal["moves"])
            if legal.get("outline"):
                move = rng.choice(referee.client.get(referee.url(f"/seats/{seat}/legal-moves"), headers=referee.auth(seat),
                                                     query_string={"match": json.dumps(move)}).json["moves"])
            r = referee.client.post(referee.url(f"/seats/{seat}/moves"), headers=referee.auth(seat), json={"move": move})
            assert r.status_code == 200, r.json
            referee.observe()  # what became public or seen, move by move (as the walk does)
        assert referee.armed > 0 and redacted_for_others > 0 and own_kept > 0
    finally:
        app.extensions["tabletop.projections"].stop()
        app.extensions["tabletop.tables"].close()
