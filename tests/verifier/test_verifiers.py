"""The standalone verifier (scripts/verify_record.py) and the browser's check (api/web/verify.js, run
under node here; tests/e2e/test_verify_in_browser.py runs it in Chromium) pass on finished records of
every game and fail, naming the first bad version, on each forgery: a chance outcome changed, an
event removed, the seed changed, the tail cut (the last chance step removed, the chain recomputed),
a truncated record given a receipt for a later version. The forgeries only a kept receipt finds
(the end rewritten to match, docs/record.md's table) verify without one and fail with it."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from domain.fairness import draw
from domain.games.game import ChanceRequest
from tests.verifier.helpers import (
    SCRIPT,
    VERIFY_JS,
    Signer,
    as_written_before_the_end_stated_its_count,
    chance_events,
    finished_records,
    forge_cut_tail,
    forge_outcome,
    forge_removed,
    forge_scores,
    forge_seed,
    load_verifier,
    rechain,
    truncate,
)

NODE = shutil.which("node")
verifier = load_verifier()


@pytest.fixture(scope="module")
def records():
    return finished_records()


@pytest.fixture(scope="module")
def signer():
    return Signer()


class Cases:
    """Records written to files, each with what a verifier must answer: None (verified) or the first
    bad version; run through the Python verifier in-process and through node in one batch."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.jobs: list[dict] = []
        self.expected: list[tuple[str, int | None, bool]] = []

    def add(self, name: str, record: dict, bad: int | None, receipts=(), key=None, unfinished=False) -> None:
        path = self.folder / f"{name}.json"
        path.write_text(json.dumps(record, indent=1))
        receipt_paths = []
        for i, receipt in enumerate(receipts):
            receipt_path = self.folder / f"{name}.receipt{i}.json"
            receipt_path.write_text(json.dumps(receipt))
            receipt_paths.append(str(receipt_path))
        self.jobs.append({"name": name, "record": str(path), "key": key, "receipts": receipt_paths,
                          "unfinished": unfinished, "records": record, "receipt_objects": list(receipts)})
        self.expected.append((name, bad, unfinished))

    def python(self) -> list:
        out = []
        for job in self.jobs:
            receipts = [(f"receipt {i}", r) for i, r in enumerate(job["receipt_objects"])]
            with open(self.folder / f"{job['name']}.out", "w") as printed:
                out.append(verifier.verify(job["records"], receipts, job["key"], job["unfinished"], out=printed))
        return out

    def node(self) -> list:
        shutil.copy(VERIFY_JS, self.folder / "verify.mjs")
        shutil.copy(Path(__file__).with_name("run_verify.mjs"), self.folder / "run_verify.mjs")
        jobs = self.folder / "jobs.json"
        jobs.write_text(json.dumps([{k: j[k] for k in ("record", "key", "receipts")} for j in self.jobs]))
        done = subprocess.run([NODE, str(self.folder / "run_verify.mjs"), str(jobs)], capture_output=True, text=True,
                              timeout=240, check=True)
        return json.loads(done.stdout)


def _forgeries(cases: Cases, key: str, record: dict, signer: Signer) -> None:
    forged, at = forge_outcome(record, repair=False)
    cases.add(f"{key}.outcome-edited", forged, at)
    forged, at = forge_outcome(record, repair=True)
    cases.add(f"{key}.outcome-rechained", forged, at)
    forged, at = forge_removed(record, renumber=False)
    cases.add(f"{key}.event-removed", forged, at)
    forged, _ = forge_removed(record, renumber=True)  # the chain repaired: the end's own version tells
    head = record["head"]["version"]
    end = forged["head"]["version"]  # GameFinished, now one version earlier than it states
    cases.add(f"{key}.event-removed-rechained", forged, end)
    cases.add(f"{key}.event-removed-rechained-with-receipt", forged, end, [signer.of(record, head)], signer.public_hex)
    if len(chance_events(record)) >= 2:
        forged, gone = forge_removed(record, renumber=True, kind="ChanceResolved")
        skipped = next(e for e in forged["events"][gone - 1:] if e["event"] == "ChanceResolved")["version"]
        cases.add(f"{key}.chance-step-removed-rechained", forged, skipped)
    forged, _ = forge_removed(record, renumber=True, rewrite_end=True)  # the end forged too: only a receipt
    cases.add(f"{key}.event-removed-end-rewritten", forged, None)
    cases.add(f"{key}.event-removed-end-rewritten-with-receipt", forged, forged["head"]["version"] + 1,
              [signer.of(record, head)], signer.public_hex)
    cases.add(f"{key}.scores-edited", forge_scores(record)[0], None)  # the rules find it: tabletop import
    stripped = json.loads(json.dumps(record))
    stripped["receipt"] = None  # nothing shows a removed receipt: keep the ones the client received
    cases.add(f"{key}.own-receipt-removed", stripped, None)
    forged, at = forge_cut_tail(record, rewrite_end=False)
    cases.add(f"{key}.tail-cut", forged, at)
    forged, at = forge_cut_tail(record, rewrite_end=True)  # the end forged too: only a kept receipt tells
    cases.add(f"{key}.tail-cut-end-rewritten", forged, None)
    cases.add(f"{key}.tail-cut-end-rewritten-with-receipt", forged, at + 1, [signer.of(record, head)], signer.public_hex)
    old = as_written_before_the_end_stated_its_count(record)
    cases.add(f"{key}.old", old, None)
    forged, at = forge_cut_tail(old, rewrite_end=False)  # an old record's end states nothing to compare
    cases.add(f"{key}.old-tail-cut", forged, None)
    cases.add(f"{key}.old-tail-cut-with-receipt", forged, at + 1, [signer.of(old, head)], signer.public_hex)
    forged, finished_at = forge_seed(record)
    first_chance = _first_changed_by(forged["seed"], record)
    cases.add(f"{key}.seed-changed", forged, min(first_chance, finished_at))
    forged = json.loads(json.dumps(forged))
    forged["seed_commitment"] = forged["events"][0]["payload"]["seed_commitment"] = verifier.hashlib.sha256(
        bytes.fromhex(forged["seed"])).hexdigest()
    cases.add(f"{key}.seed-and-commitment-changed", rechain(forged), first_chance)
    keep = head // 2
    cut = truncate(record, keep)
    cases.add(f"{key}.truncated", cut, None, [signer.of(record, keep)], signer.public_hex, unfinished=True)
    cases.add(f"{key}.truncated-with-later-receipt", cut, keep + 1, [signer.of(record, head)], signer.public_hex,
              unfinished=True)


def _first_changed_by(seed: str, record: dict) -> int:
    """The first chance step another seed draws differently (by the service's own ``draw``; a one-card
    shuffle is the same under every seed)."""
    for event in chance_events(record):
        p = event["payload"]
        if draw(ChanceRequest.from_dict(p["request"]), seed, p["n"]) != p["outcome"]:
            return event["version"]
    raise AssertionError("no chance step depends on the seed")


@pytest.fixture(scope="module")
def cases(records, signer, tmp_path_factory):
    cases = Cases(tmp_path_factory.mktemp("records"))
    for key, record in records.items():
        cases.add(key, record, None)
        cases.add(f"{key}.with-receipt", record, None, [signer.of(record, record["head"]["version"]),
                                                        signer.of(record, 3)], signer.public_hex)
        _forgeries(cases, key, record, signer)
    return cases


def _answers(results, cases: Cases, first_bad) -> list[str]:
    wrong = []
    for (name, bad, _), result in zip(cases.expected, results, strict=True):
        got = first_bad(result)
        if got != bad:
            wrong.append(f"{name}: expected {'verified' if bad is None else f'first bad version {bad}'}, got {got}")
    return wrong


def test_the_python_verifier_passes_every_games_record_and_names_each_forgerys_first_bad_version(cases):
    results = cases.python()
    assert not _answers(results, cases, lambda r: None if r is None else r[0])
    assert len(cases.jobs) >= 11 * 21
    covered = {name.split("-")[0] for name, _, _ in cases.expected if name.endswith(".chance-step-removed-rechained")}
    assert covered >= {"fantasy_ranch", "homesteaders", "walnut_grove"}  # Bunny Kingdom draws one shuffle: the tail cases


@pytest.mark.skipif(NODE is None, reason="node runs the browser's verify.js outside the browser")
def test_the_browser_check_passes_every_games_record_and_names_each_forgerys_first_bad_version(cases):
    results = cases.node()
    assert not _answers(results, cases, lambda r: None if r["ok"] else (r["firstBad"] or {}).get("version"))
    for (name, bad, unfinished), result in zip(cases.expected, results, strict=True):
        if bad is None:
            assert result["complete"] != unfinished, name  # a finished record is checked whole


def test_every_game_has_chance_outcomes_to_re_derive(records):
    for key, record in records.items():
        assert chance_events(record), key  # the chance forgeries cannot pass vacuously
        assert record["finished"] and record["seed"] and all(not e["redacted"] for e in record["events"]), key


def test_the_script_prints_each_check_and_exits_non_zero_naming_the_first_bad_version(records, signer, tmp_path):
    """Run as an auditor would: the system Python, isolated (-I: no project, no site-packages)."""
    record = records["walnut_grove-2p-base"]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    receipt = tmp_path / "receipt.json"
    receipt.write_text(json.dumps({"version": 9, "receipt": signer.of(record, record["head"]["version"])}))
    python = shutil.which("python3") or sys.executable
    done = subprocess.run([python, "-I", str(SCRIPT), str(good), "--receipt", str(receipt),
                           "--public-key", signer.public_hex], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    for check in ("format", "hash chain", "seed", "chance", "receipts"):
        assert f"ok    {check}:" in done.stdout, done.stdout
    assert done.stdout.strip().endswith("VERIFIED: every check passes")
    forged, at = forge_outcome(record, repair=True)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(forged))
    done = subprocess.run([python, "-I", str(SCRIPT), str(bad)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert f"FAIL  chance: version {at}:" in done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith(f"NOT VERIFIED: first bad version {at}: chance")
    done = subprocess.run([python, "-I", str(SCRIPT), str(tmp_path / "missing.json")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_a_receipt_under_another_key_or_for_another_head_is_refused(records, signer):
    record = records["bunny_kingdom-2p-base"]
    head = record["head"]["version"]
    receipt = signer.of(record, head)
    assert verifier.verify(record, [("r", receipt)], signer.public_hex, False, out=open("/dev/null", "w")) is None
    stranger = Signer()
    bad = verifier.verify(record, [("r", receipt)], stranger.public_hex, False, out=open("/dev/null", "w"))
    assert bad is not None and "key" in bad[1]
    other = signer.receipt(record["table"], 5, record["events"][5]["digest"])  # version 5 with 6's head
    bad = verifier.verify(record, [("r", other)], signer.public_hex, False, out=open("/dev/null", "w"))
    assert bad == (5, bad[1]) and "another event" in bad[1]


def test_an_unfinished_record_is_refused_unless_asked_to_check_what_it_allows(records):
    record = truncate(records["homesteaders-2p-screened-simultaneous"], 20)
    assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is not None
    assert verifier.verify(record, [], None, True, out=open("/dev/null", "w")) is None


def test_the_script_imports_only_the_standard_library():
    tree = ast.parse(SCRIPT.read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= set(sys.stdlib_module_names), imported - set(sys.stdlib_module_names)


def as_chain_format_1(record: dict) -> dict:
    """The record as a table opened before chain format 2 records it: no ``chain_format`` in its
    Opened event, timestamps outside the digest."""
    old = json.loads(json.dumps(record))
    old["chain_format"] = 1
    old["events"][0]["payload"].pop("chain_format", None)
    return rechain(old)


def test_both_verifiers_check_timestamps_in_chain_format_2_and_not_in_format_1(records, tmp_path):
    """Tables opened with chain_format 2 hash each event's timestamp: a moved timestamp breaks the
    chain there; in format 1 it is outside the digest (the old tables stay checkable as they are)."""
    cases = Cases(tmp_path)
    for key in ("walnut_grove-4p-base", "fantasy_ranch-4p-3"):
        new = records[key]  # tables opened now record chain_format 2
        assert new["chain_format"] == new["events"][0]["payload"]["chain_format"] == 2
        old = as_chain_format_1(new)
        assert new["head"]["digest"] != old["head"]["digest"]
        cases.add(f"{key}.format2", new, None)
        for record, bad in ((new, 9), (old, None)):
            moved = json.loads(json.dumps(record))
            moved["events"][8]["timestamp"] = "2020-01-01T00:00:00+00:00"
            cases.add(f"{key}.format{record['chain_format']}-timestamp-moved", moved, bad)
        claimed = json.loads(json.dumps(old))
        claimed["chain_format"] = 2  # the top says 2, the Opened event (hashed) says 1
        cases.add(f"{key}.format-claimed", claimed, 1)
    assert not _answers(cases.python(), cases, lambda r: None if r is None else r[0])
    if NODE:
        assert not _answers(cases.node(), cases, lambda r: None if r["ok"] else (r["firstBad"] or {}).get("version"))


def test_the_records_own_receipt_is_checked_given_the_key_and_left_unchecked_without_it(records, signer):
    record = json.loads(json.dumps(records["walnut_grove-2p-base"]))
    record["receipt"] = signer.of(record, record["head"]["version"])
    quiet = open("/dev/null", "w")
    assert verifier.verify(record, [], None, False, out=quiet) is None
    assert verifier.verify(record, [], signer.public_hex, False, out=quiet) is None
    record["receipt"]["head"] = record["events"][0]["digest"]  # a receipt over another head
    bad = verifier.verify(record, [], signer.public_hex, False, out=quiet)
    assert bad is not None and "signature" in bad[1]


def test_names_beyond_ascii_are_hashed_as_the_server_hashed_them(records):
    from tests.verifier.helpers import ODD_NAMES

    record = records["tiny_duel-odd-names"]
    assert [s["name"] for s in record["seats"]] == list(ODD_NAMES)  # the cases above verify it in both checks


def test_the_end_check_says_what_it_compared_and_what_an_old_record_cannot_show(records, tmp_path):
    record = records["fantasy_ranch-4p-3"]
    quiet = tmp_path / "out.txt"
    for checked, says in ((record, "ok    end: GameFinished at version"),
                          (as_written_before_the_end_stated_its_count(record), "n/a   end: this record's GameFinished "
                                                                                "states no chance count")):
        with open(quiet, "w") as out:
            assert verifier.verify(checked, [], None, False, out=out) is None
        assert says in quiet.read_text()
    forged, at = forge_cut_tail(record, rewrite_end=False)
    with open(quiet, "w") as out:
        bad = verifier.verify(forged, [], None, False, out=out)
    assert bad == (at, bad[1]) and "a chance step was cut" in bad[1]
    assert f"FAIL  end: version {at}: the game ended after" in quiet.read_text()


def test_tabletop_import_refuses_a_cut_tail_and_replays_an_old_record(records):
    from domain.importing import InvalidRecord, replay_record

    record = records["walnut_grove-2p-base"]
    forged, at = forge_cut_tail(record, rewrite_end=False)
    with pytest.raises(InvalidRecord, match=f"at version {at}: the game ended after"):
        replay_record(forged)
    replayed = replay_record(as_written_before_the_end_stated_its_count(record))
    assert replayed.version == record["head"]["version"]
    forged, at = forge_scores(record)  # no standalone check can see it; the rules do
    with pytest.raises(InvalidRecord, match=f"version {at} does not replay: the rules give a different scores"):
        replay_record(forged)
