"""The boardgame.io baseline's Python side (``scripts/bench_load.py``) without node or the network:
the client's result line is read or refused, the npm cache is trusted only at the pinned versions,
a missing tool or a failed install skips the baseline with its reason, and the targets block
compares Tabletop's rate with FlatFile's as the issue states them."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from scripts import bench_load
from scripts.bench_load import BGIO_PACKAGES, bgio_install, bgio_installed, bgio_result, bgio_targets

RESULT = {"elapsed": 8.0, "commands": [0.01, 0.02, 0.03], "errors": [], "n_errors": 0, "client_cpu": 0.5,
          "replaced": 1, "replacing": 0.04}


def test_result_line_is_read_after_other_output() -> None:
    lines = ["READY\n", "some log line\n", "RESULT " + json.dumps(RESULT) + "\n"]
    assert bgio_result(lines) == RESULT


def test_failed_client_reports_its_reason() -> None:
    with pytest.raises(RuntimeError, match="ECONNREFUSED"):
        bgio_result(["FAILED Error: connect ECONNREFUSED 127.0.0.1:1\n"])


def test_client_without_result_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="without a result"):
        bgio_result(["READY\n"])


def test_result_missing_a_field_is_refused() -> None:
    partial = {k: v for k, v in RESULT.items() if k != "client_cpu"}
    with pytest.raises(RuntimeError, match="client_cpu"):
        bgio_result(["RESULT " + json.dumps(partial)])


def test_cut_result_line_is_an_error() -> None:
    line = "RESULT " + json.dumps(RESULT)
    with pytest.raises(RuntimeError, match="not JSON"):
        bgio_result([line[:40]])


def fake_cache(root: Path, versions: dict[str, str]) -> Path:
    for name, version in versions.items():
        folder = root / "node_modules" / name
        folder.mkdir(parents=True)
        (folder / "package.json").write_text(json.dumps({"name": name, "version": version}))
    return root


PINNED = {spec.rpartition("@")[0]: spec.rpartition("@")[2] for spec in BGIO_PACKAGES}


def test_cache_counts_only_at_the_pinned_versions(tmp_path: Path) -> None:
    assert bgio_installed(fake_cache(tmp_path / "ok", PINNED))
    assert not bgio_installed(fake_cache(tmp_path / "old", {**PINNED, "boardgame.io": "0.49.0"}))
    assert not bgio_installed(fake_cache(tmp_path / "half", {"boardgame.io": PINNED["boardgame.io"]}))
    assert not bgio_installed(tmp_path / "empty")


def fake_tools(folder: Path, npm_exit: int) -> Path:
    """``node`` and an ``npm`` that records its arguments and exits ``npm_exit`` (no network)."""
    folder.mkdir()
    for name, body in (("node", "exit 0"), ("npm", f'echo "$@" > "{folder}/npm-args"; echo npm broke >&2; exit {npm_exit}')):
        tool = folder / name
        tool.write_text(f"#!/bin/sh\n{body}\n")
        tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return folder


def test_installed_cache_runs_no_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tools = fake_tools(tmp_path / "bin", npm_exit=1)
    monkeypatch.setenv("PATH", str(tools))
    assert bgio_install(fake_cache(tmp_path / "cache", PINNED)) is None
    assert not (tools / "npm-args").exists()


def test_failed_install_gives_the_reason_and_installs_outside_the_repo(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tools = fake_tools(tmp_path / "bin", npm_exit=3)
    monkeypatch.setenv("PATH", str(tools))
    reason = bgio_install(tmp_path / "cache")
    assert reason is not None and "exit 3" in reason and "npm broke" in reason
    args = (tools / "npm-args").read_text().split()
    assert args[:3] == ["install", "--prefix", str(tmp_path / "cache")]
    assert {"--no-save", "--no-package-lock"} <= set(args) and set(BGIO_PACKAGES) <= set(args)


def test_missing_node_skips_with_that_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert bgio_install(tmp_path / "cache") == "node is not on PATH"


def point(rate: float, cpu_ms: float) -> dict:
    """Ten seconds at ``rate`` with ``cpu_ms`` of server CPU per command, split over two processes."""
    n = int(rate * 10)
    return {"elapsed": 10.0, "commands": [0.01] * n,
            "cpu": {"web": cpu_ms * n / 2000, "projections": 0.0, "bots": 0.0, "postgres": cpu_ms * n / 2000,
                    "redis": 0.0}}


@pytest.mark.parametrize(("tabletop", "verdict"), [(300, "below target"), (800, "target met"), (1000, "moonshot met")])
def test_targets_compare_tabletop_with_flatfile(tabletop: float, verdict: str) -> None:
    figures = {"game:random:inline": point(tabletop, 6.0), "bgio:flatfile": point(1000, 1.5),
               "bgio:memory": point(4000, 0.5)}
    text = bgio_targets([(50, figures)], [("game:random:inline", "Tabletop, bots at random, inline")])
    row = text.splitlines()[-1]
    assert f"{tabletop / 1000:5.2f}x FlatFile" in row and f"{tabletop / 4000:5.2f}x in memory" in row
    assert f"| {verdict} |" in row
    assert row.endswith("server CPU  6.00 ms/command, FlatFile  1.50 ms/move: 0.25x")


def test_bgio_scripts_are_where_the_bench_runs_them() -> None:
    assert {"game.js", "server.js", "client.js"} <= {p.name for p in bench_load.BGIO_SCRIPTS.iterdir()}
