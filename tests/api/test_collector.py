"""A server process tunes its cycle collector once it has started (``api.collector``): what start-up
built is frozen, the young generation is collected every ``TABLETOP_GC_THRESHOLD`` net allocations.
Each story runs in a fresh interpreter: the test process keeps CPython's defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from api.config import Settings
from tests.api.conftest import SECRET

ROOT = Path(__file__).resolve().parents[2]


def in_fresh_interpreter(code: str, **env: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


REPORT = "import gc, json; print(json.dumps({'threshold': gc.get_threshold(), 'frozen': gc.get_freeze_count()}))"


def test_a_gunicorn_worker_freezes_its_built_app_and_collects_at_the_threshold(tmp_path):
    found = in_fresh_interpreter(
        "from api.wsgi import app; app.get(); " + REPORT,
        TABLETOP_GC_THRESHOLD="12345", TABLETOP_STORE="memory", TABLETOP_SECRET=SECRET,
        TABLETOP_PROJECTIONS="off", TABLETOP_DATA_DIR=str(tmp_path))
    assert found["threshold"] == [12345, 20, 20]
    assert found["frozen"] > 10_000  # the imports and the app


def test_a_threshold_of_zero_keeps_cpythons_collector():
    cpythons = in_fresh_interpreter(REPORT)
    assert in_fresh_interpreter("from api import collector; collector.apply(0); " + REPORT) == cpythons
    assert cpythons["frozen"] == 0


def test_the_threshold_is_read_from_the_environment():
    assert Settings.from_env({}).gc_threshold == 50_000
    assert Settings.from_env({"TABLETOP_GC_THRESHOLD": "0"}).gc_threshold == 0
