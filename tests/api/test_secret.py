"""No usable shipped key: the service refuses to start on any key the project has published (in
``deploy/``, ``docs/`` or the README, collected here so a placeholder added later is refused too),
on a key that is not hex, short or a typed pattern, whichever way the key arrives (``TABLETOP_SECRET``,
``TABLETOP_SECRET_FILE``, the data folder's ``secret.key``, ``TABLETOP_SIGNING_KEY``), with one line
naming where the key came from and how to make a good one; the deploy files never carry a key."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from api import create_app
from api.config import PUBLISHED_EXAMPLES, InsecureSecret, Settings

ROOT = Path(__file__).resolve().parents[2]
GENERATE = r"token_hex\(32\)"

#: A value given to a key in a doc or deploy file: ``TABLETOP_SECRET=x``, ``TABLETOP_SIGNING_KEY: x``,
#: ``secret.key: x`` (a Kubernetes Secret), ``--from-literal=secret.key=x``; a shell or compose
#: substitution (``$(...)``, ``${...}``) is a command that makes a key, not a value.
ASSIGNED = re.compile(r"""(?:\bTABLETOP_SECRET\b(?!_)|\bTABLETOP_SIGNING_KEY\b|\bsecret\.key\b)\s*[:=]\s*["']?([^\s"'`$|][^\s"'`|]*)""")


def shipped_key_values() -> set[str]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted(p for p in (ROOT / "deploy").rglob("*")
                                                                            if p.is_file())]
    found = {m.group(1).rstrip(",;.)") or m.group(1) for f in files for m in ASSIGNED.finditer(f.read_text())}
    return found | PUBLISHED_EXAMPLES


SHIPPED = sorted(shipped_key_values())
BAD = {
    "not hex": "k" * 64,
    "short": secrets.token_hex(31),
    "one digit repeated": "0" * 64,
    "a pattern repeated": "deadbeef" * 8,
    "counting": "0123456789abcdef" * 4,
}


def test_the_collector_finds_the_values_the_files_give_a_key():
    assert "..." in SHIPPED  # docs/operations.md: TABLETOP_STORE=postgres TABLETOP_SECRET=... tabletop serve
    assert "replace-with-64-random-hex-characters" in SHIPPED  # the Kubernetes Secret's old placeholder
    assert ASSIGNED.findall("secret.key: abc\n  TABLETOP_SECRET=def ghi\nTABLETOP_SECRET_FILE=/x\nsecret.key=\"$(openssl rand)\"") == [
        "abc", "def"]


def every_path(key: str, tmp_path: Path) -> dict[str, Settings]:
    """Settings that take ``key`` from each of the four places a key can come from."""
    file = tmp_path / "mounted.key"
    file.write_text(key + "\n")
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    (folder / "secret.key").write_text(key)
    good = secrets.token_hex(32)
    return {
        "TABLETOP_SECRET": Settings.from_env({"TABLETOP_STORE": "memory", "TABLETOP_SECRET": key}),
        f"TABLETOP_SECRET_FILE ({file})": Settings.from_env({"TABLETOP_STORE": "memory", "TABLETOP_SECRET_FILE": str(file)}),
        f"the data folder's key {folder / 'secret.key'}": Settings.from_env({"TABLETOP_STORE": "sqlite",
                                                                          "TABLETOP_DATA_DIR": str(folder)}),
        "TABLETOP_SIGNING_KEY": Settings.from_env({"TABLETOP_STORE": "memory", "TABLETOP_SECRET": good,
                                                   "TABLETOP_SIGNING_KEY": key}),
    }


@pytest.mark.parametrize("key", SHIPPED)
def test_every_key_the_project_ships_is_refused_on_every_path(key, tmp_path):
    for source, settings in every_path(key, tmp_path).items():
        with pytest.raises(InsecureSecret, match=GENERATE) as refused:
            settings.check()
        assert str(refused.value).startswith(source), (source, str(refused.value))
        with pytest.raises(InsecureSecret):
            settings.signing_seed() if source == "TABLETOP_SIGNING_KEY" else settings.server_secret()


@pytest.mark.parametrize("kind", BAD)
def test_a_key_that_is_not_64_random_hex_digits_is_refused_on_every_path(kind, tmp_path):
    for source, settings in every_path(BAD[kind], tmp_path).items():
        with pytest.raises(InsecureSecret, match=GENERATE) as refused:
            settings.check()
        assert str(refused.value).startswith(source)
        assert BAD[kind] not in str(refused.value)  # a real key typed too short never lands in a log


def test_a_fresh_random_key_is_accepted_on_every_path_and_tokens_use_it_as_written(tmp_path):
    key = secrets.token_hex(32)
    for source, settings in every_path(key, tmp_path).items():
        settings.check()
        if source == "TABLETOP_SIGNING_KEY":
            assert settings.signing_seed() == bytes.fromhex(key)
        else:
            assert settings.server_secret() == key.encode()  # the hex text, as before: old tokens stay valid


def test_a_data_folder_key_holding_an_example_stops_the_app_and_a_missing_one_is_generated_good(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "secret.key").write_text("change-me\n")
    with pytest.raises(InsecureSecret, match="the data folder's key .*secret.key is a published example value"):
        create_app(Settings(store="sqlite", data_dir=folder, projections="off"))
    (folder / "secret.key").unlink()
    generated = Settings(store="memory", data_dir=folder).server_secret()
    assert len(generated) == 64 and Settings(store="memory", data_dir=folder).check() is None


def test_an_unreadable_or_empty_secrets_file_is_refused_naming_it(tmp_path):
    with pytest.raises(InsecureSecret, match="cannot be read"):
        Settings.from_env({"TABLETOP_SECRET_FILE": str(tmp_path / "missing")})
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(InsecureSecret, match=r"TABLETOP_SECRET_FILE \(.*empty\) is empty"):
        Settings.from_env({"TABLETOP_SECRET_FILE": str(tmp_path / "empty")})


def _env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    env.update(PYTHONPATH=str(ROOT), **changes)
    return env


def test_gunicorn_with_the_deploy_config_exits_at_once_on_the_old_kubernetes_placeholder_file(tmp_path):
    mounted = tmp_path / "secret.key"
    mounted.write_text("replace-with-64-random-hex-characters\n")
    gunicorn = Path(sys.executable).with_name("gunicorn")
    done = subprocess.run(
        [str(gunicorn), "-c", "deploy/gunicorn.conf.py"], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env=_env(TABLETOP_STORE="memory", TABLETOP_SECRET_FILE=str(mounted), BIND="127.0.0.1:0", WORKER_CLASS="sync"),
    )
    assert done.returncode != 0
    errors = [line for line in done.stderr.splitlines() if "error" in line and not line.startswith("{")]  # not the JSON log
    assert errors == [f"tabletop: error: TABLETOP_SECRET_FILE ({mounted}) is a published example value; generate one "
                      "with: python3 -c 'import secrets; print(secrets.token_hex(32))'"]


@pytest.mark.parametrize(("env", "says"), [
    ({"TABLETOP_SECRET": "short"}, "TABLETOP_SECRET is not a key of at least 64 hex digits"),
    ({"TABLETOP_SECRET": secrets.token_hex(16)}, "TABLETOP_SECRET is 32 hex digits, at least 64 are needed"),
    ({"TABLETOP_STORE": "sqlite"}, "the data folder's key"),  # the folder below holds change-me
])
def test_tabletop_serve_refuses_a_bad_key_in_one_line(env, says, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "secret.key").write_text("change-me")
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "serve", "--port", "0", "--data-dir", str(tmp_path / "data")], cwd=ROOT,
        capture_output=True, text=True, timeout=60, env=_env(**{"TABLETOP_STORE": "memory", **env}),
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert says in done.stderr and "token_hex(32)" in done.stderr


def test_the_deploy_files_carry_no_key():
    example = (ROOT / "deploy/env.example").read_text()
    assert not [line for line in example.splitlines() if line.startswith(("TABLETOP_SECRET", "TABLETOP_SIGNING_KEY"))]
    compose = yaml.safe_load((ROOT / "deploy/compose.yaml").read_text())
    api = compose["services"]["api"]
    assert api["environment"]["TABLETOP_SECRET_FILE"] == "/run/secrets/tabletop_secret"
    assert api["secrets"] == ["tabletop_secret"] and "tabletop_secret" in compose["secrets"]


def test_the_kubernetes_database_password_placeholder_stops_a_postgres_service_in_one_line():
    """deploy/k8s/secret.yaml ships ``TABLETOP_POSTGRES_PASSWORD: replace-me`` for the operator to
    replace; left as it is, the service refuses to start rather than run on a published password."""
    shipped = yaml.safe_load((ROOT / "deploy/k8s/secret.yaml").read_text())["stringData"]["TABLETOP_POSTGRES_PASSWORD"]
    with pytest.raises(ValueError, match="TABLETOP_POSTGRES_PASSWORD is a published example value"):
        Settings.from_env({"TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_PASSWORD": shipped})
    assert Settings.from_env({"TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_PASSWORD": secrets.token_urlsafe(16)})
