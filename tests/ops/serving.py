"""A ``tabletop serve`` subprocess on a free loopback port, and a small HTTP player for it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
GAME = "bunny_kingdom"
SECRET = "aee3e4a1c8ba9f4f0e1e3b4fd2c51c4e5b1a09f8d7c6b5a4938271605f4e3d2c"  # a key api.config accepts; tests only  # the subprocess knows only the product games (Tiny Duel is registered by the tests)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """``python -m api.cli serve`` with its output kept in files (read them after ``stop``)."""

    def __init__(self, tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.out, self.err = tmp_path / "serve.out", tmp_path / "serve.err"
        full_env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PROMETHEUS_"))}
        full_env.update({"TABLETOP_SECRET": SECRET, "PYTHONUNBUFFERED": "1"}, **(env or {}))
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--data-dir", str(tmp_path / "data"), *args], cwd=ROOT, env=full_env, stdout=out, stderr=err)
        deadline = time.monotonic() + 90  # imports are slow on a busy 2-core box
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"tabletop serve exited with {self.proc.returncode}: {self.err.read_text()}")
            try:
                if requests.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("tabletop serve did not answer /healthz")

    def interrupt(self, timeout: float = 15) -> tuple[int, float]:
        """Ctrl-C: the exit status and how many seconds the server took to exit."""
        started = time.monotonic()
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(timeout)
        return code, time.monotonic() - started

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Gunicorn:
    """gunicorn with ``deploy/gunicorn.conf.py`` (its gevent worker), one worker on the embedded SQLite
    store unless ``env`` says otherwise; its stderr (JSON log lines) kept in ``self.log``."""

    def __init__(self, tmp_path: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp_path / "gunicorn.err"
        full_env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PROMETHEUS_"))}
        full_env.update(PYTHONPATH=str(ROOT), BIND=f"127.0.0.1:{self.port}", WEB_CONCURRENCY="1",
                        TABLETOP_STORE="sqlite", TABLETOP_DATA_DIR=str(tmp_path / "data"), TABLETOP_SECRET=SECRET,
                        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"), **(env or {}))
        (tmp_path / "metrics").mkdir(exist_ok=True)
        with self.log.open("wb") as err:  # a pipe nobody reads would fill and block the worker
            self.proc = subprocess.Popen([str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py"],
                                         cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 90  # imports are slow on a busy 2-core box
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}: {self.log.read_text()}")
            try:
                if requests.get(self.base + "/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError("gunicorn did not answer /healthz")
            time.sleep(0.2)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Player:
    """A two-seat table over HTTP: seat 0 a person (token kept), seat 1 a bot; started."""

    def __init__(self, base: str, session: requests.Session | None = None) -> None:
        self.base, self.http = base, session or requests.Session()
        r = self.http.post(f"{base}/api/tables", json={"game": GAME, "seats": 2}, timeout=30)
        assert r.status_code == 201, r.text
        self.id = r.json()["table_id"]
        taken = self.http.post(self.url("/seats"), json={"name": "ann"}, timeout=30)
        assert taken.status_code == 201, taken.text
        self.token = taken.json()["token"]
        assert self.http.post(self.url("/seats"), json={"name": "bot", "bot": True}, timeout=30).status_code == 201
        assert self.http.post(self.url("/start"), headers=self.auth, timeout=30).status_code == 200

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def url(self, path: str = "") -> str:
        return f"{self.base}/api/tables/{self.id}{path}"

    def version(self) -> int:
        return self.http.get(self.url(), timeout=30).json()["version"]

    def play(self) -> requests.Response:
        """Seat 0's first legal move."""
        moves = self.http.get(self.url("/seats/0/legal-moves"), headers=self.auth, timeout=30).json()["moves"]
        assert moves, "seat 0 has no legal move"
        return self.http.post(self.url("/seats/0/moves"), headers=self.auth, timeout=30,
                              json={"move": moves[0], "expected_version": self.version()})
