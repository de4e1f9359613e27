"""No usable default secret: the service refuses to start on a published example key or a short one,
with one line saying how to make a good one; the deploy files never carry a key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from api import create_app
from api.config import InsecureSecret, Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("key", ["change-me", "CHANGE-ME", "change-me" + "x" * 40, "x" * 31])
def test_an_example_or_short_key_refuses_to_start(key):
    with pytest.raises(InsecureSecret, match=r"token_hex\(32\)"):
        create_app(Settings(store="memory", secret=key))


def test_a_32_byte_key_from_a_secrets_file_is_accepted(tmp_path):
    path = tmp_path / "secret.key"
    path.write_text("k" * 32 + "\n")
    settings = Settings.from_env({"TABLETOP_STORE": "memory", "TABLETOP_SECRET_FILE": str(path)})
    assert settings.server_secret() == b"k" * 32
    with pytest.raises(InsecureSecret, match="cannot be read"):
        Settings.from_env({"TABLETOP_SECRET_FILE": str(tmp_path / "missing")})


def _env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    env.update(PYTHONPATH=str(ROOT), **changes)
    return env


def test_gunicorn_with_the_deploy_config_exits_at_once_with_one_line_on_the_example_key():
    gunicorn = Path(sys.executable).with_name("gunicorn")
    done = subprocess.run(
        [str(gunicorn), "-c", "deploy/gunicorn.conf.py"], cwd=ROOT, capture_output=True, text=True, timeout=30,
        env=_env(TABLETOP_STORE="memory", TABLETOP_SECRET="change-me", BIND="127.0.0.1:0", WORKER_CLASS="sync"),
    )
    assert done.returncode != 0
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert errors == ["tabletop: error: TABLETOP_SECRET is a published example value; generate one with: "
                      "python3 -c 'import secrets; print(secrets.token_hex(32))'"]


def test_tabletop_serve_refuses_a_short_key_in_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "serve", "--port", "0"], cwd=ROOT, capture_output=True, text=True,
        timeout=30, env=_env(TABLETOP_STORE="memory", TABLETOP_SECRET="short"),
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "at least 32 are needed" in done.stderr


def test_the_deploy_files_carry_no_key():
    example = (ROOT / "deploy/env.example").read_text()
    assert not [line for line in example.splitlines() if line.startswith("TABLETOP_SECRET")]
    compose = yaml.safe_load((ROOT / "deploy/compose.yaml").read_text())
    api = compose["services"]["api"]
    assert api["environment"]["TABLETOP_SECRET_FILE"] == "/run/secrets/tabletop_secret"
    assert api["secrets"] == ["tabletop_secret"] and "tabletop_secret" in compose["secrets"]
