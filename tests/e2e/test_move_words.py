"""A move in words (api/web/render.js ``moveWords``), as the action bar says it before Confirm.

The moves are every game's own legal moves, met while a seeded player plays the opening of a
four-seat table against bots; node runs the browser module itself (no browser needed) over each
game's catalog. What a person reads there holds no machine token (snake_case, ``name#1``,
``a:1:2``, JSON) and names every component by its catalog name, never by its id alone.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from api import create_app
from api.config import Settings
from tests.e2e.test_page_invariants import MACHINE

NODE = shutil.which("node")
WEB = Path(__file__).resolve().parents[2] / "api" / "web"
GAMES = ["bunny_kingdom", "homesteaders", "walnut_grove", "fantasy_ranch"]

SCRIPT = """
import {moveWords} from %s;
let input = '';
for await (const chunk of process.stdin) input += chunk;
const {catalogs, moves} = JSON.parse(input);
process.stdout.write(JSON.stringify(moves.map(([game, move]) => moveWords(catalogs[game], move))));
"""


def opening_moves(client, game: str, seed: str, plies: int = 24) -> list[dict]:
    """Seat 0's legal moves along a seeded opening against three random bots (whole moves only)."""

    def post(path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = client.post(path, json={**body, "command_id": str(uuid.uuid4())}, headers=headers)
        assert answer.status_code < 300, answer.get_json()
        return answer.get_json()

    table = post("/api/tables", {"game": game, "seats": 4})["table_id"]
    token = post(f"/api/tables/{table}/seats", {"name": "Ann", "seat": 0, "bot": False})["token"]
    for seat in (1, 2, 3):
        post(f"/api/tables/{table}/seats", {"name": f"Bot {seat + 1}", "seat": seat, "bot": True, "level": "random"})
    post(f"/api/tables/{table}/start", {}, token)
    pick = random.Random(seed)
    seen: list[dict] = []
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(plies):
        answer = client.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).get_json()
        if not answer.get("moves"):
            break
        move = pick.choice(answer["moves"])
        while answer.get("outline"):  # a long list's outline: the whole moves through one first step
            query = json.dumps(move)
            answer = client.get(f"/api/tables/{table}/seats/0/legal-moves", query_string={"match": query},
                                headers=auth).get_json()
            move = pick.choice(answer["moves"])
        seen.extend(m for m in answer["moves"][:60] if not answer.get("outline"))
        post(f"/api/tables/{table}/seats/0/moves", {"move": move, "expected_version": answer["version"]}, token)
    return seen


@pytest.mark.skipif(NODE is None, reason="node runs the browser's render.js outside the browser")
def test_every_games_moves_read_in_catalog_names_without_machine_tokens():
    app = create_app(Settings(store="memory", testing=True, secret="d3bd114bfcca9f63bf49a405622e456eeff98d7673fe30ad0ef0bf23927e61c7"))
    client = app.test_client()
    catalogs = {game: client.get(f"/api/games/{game}/components").get_json() for game in GAMES}
    moves = [(game, move) for game in GAMES for move in opening_moves(client, game, f"words-{game}")]
    app.extensions["tabletop.tables"].close()
    assert {game for game, _ in moves} == set(GAMES)
    words = json.loads(subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT % json.dumps((WEB / "render.js").as_uri())],
        input=json.dumps({"catalogs": catalogs, "moves": moves}), capture_output=True, text=True, check=True,
        timeout=60).stdout)
    assert len(words) == len(moves)
    for (game, move), said in zip(moves, words):
        for kind, pattern in MACHINE.items():
            assert not pattern.search(said), f"{game}: {move} reads {said!r} ({kind})"
        components = catalogs[game]["components"]
        for value in _strings(move):
            if value in components:
                assert components[value]["name"] in said, f"{game}: {move} reads {said!r}, not naming {value}"
                if value not in components[value]["name"] and not re.fullmatch(r"[a-z]+", value):
                    assert not re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", said), f"{game}: {said!r} shows {value}"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
