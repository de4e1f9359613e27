"""An app on the in-memory store per test, a client, and a small HTTP player for Tiny Duel stories."""

from __future__ import annotations

import pytest

from api import create_app
from api.config import Settings

SECRET = "bb4233d11a46728c22c05afd9f4cc5f5117a149d37a63515b6895f61362d64a0"


def pytest_ignore_collect(collection_path, config):
    """The contract test needs schemathesis' pytest plugin; runs with ``-p no:schemathesis`` skip it."""
    if collection_path.name == "test_contract.py" and not config.pluginmanager.hasplugin("schemathesis"):
        return True
    return None


def settings(**changes) -> Settings:
    return Settings(store="memory", testing=True, secret=SECRET).with_(**changes)


@pytest.fixture
def app():
    app = create_app(settings())
    yield app
    app.extensions["tabletop.tables"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def tables(app):
    """The app's own ``Tables``, for checking what the HTTP calls recorded."""
    return app.extensions["tabletop.tables"]


class Table:
    """One Tiny Duel table driven over HTTP: its id and each seat's token."""

    def __init__(self, client, seats: int = 2, names=("ann", "bob", "cy", "dee"), undo_policy="consent",
                 start=True, **options):
        self.client = client
        r = client.post("/api/tables", json={"game": "tiny_duel", "seats": seats, "undo_policy": undo_policy,
                                             "options": options})
        assert r.status_code == 201, r.json
        self.id = r.json["table_id"]
        self.tokens: dict[int, str] = {}
        for name in names[:seats]:
            taken = self.post("/seats", json={"name": name})
            assert taken.status_code == 201, taken.json
            self.tokens[taken.json["seat"]] = taken.json["token"]
        if start:
            assert self.post("/start", seat=0).status_code == 200

    def url(self, path: str = "") -> str:
        return f"/api/tables/{self.id}{path}"

    def auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def get(self, path: str = "", seat: int | None = None, **kwargs):
        return self.client.get(self.url(path), headers=self.auth(seat), **kwargs)

    def post(self, path: str, seat: int | None = None, **kwargs):
        return self.client.post(self.url(path), headers=self.auth(seat), **kwargs)

    def play(self, seat: int, move: dict, **envelope):
        return self.post(f"/seats/{seat}/moves", seat=seat, json={"move": move, **envelope})

    def legal(self, seat: int) -> list[dict]:
        r = self.get(f"/seats/{seat}/legal-moves", seat=seat)
        assert r.status_code == 200, r.json
        return r.json["moves"]

    def summary(self) -> dict:
        return self.get().json

    def to_act(self) -> list[int]:
        return self.summary()["to_act"]

    def play_first_legal(self, seat: int | None = None):
        seat = min(self.to_act()) if seat is None else seat
        r = self.play(seat, self.legal(seat)[0])
        assert r.status_code == 200, r.json
        return r


@pytest.fixture
def duel(client):
    """A running two-seat Tiny Duel (ann at seat 0, bob at seat 1), in the secret-bid step."""
    return Table(client)
