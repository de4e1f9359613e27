#!/usr/bin/env python3
"""Check a Tabletop game record without Tabletop: Python's standard library only, one file.

    python3 verify_record.py RECORD.json [--receipt RECEIPT.json ...] [--public-key HEX]

Written from the published descriptions (docs/record.md, and the docstring of the service's
``domain/fairness.py``), importing nothing of the service, so an auditor can read all of it. It
checks, and prints, in order:

1. the hash chain: versions run 1, 2, 3 ... with no gap; each event's ``prev_hash`` is the previous
   event's ``digest`` (the first one's is 64 zeros); each digest is the SHA-256 of the canonical
   JSON (sorted keys, no spaces, UTF-8) of ``{"prev", "version", "event", "payload"}``, plus
   ``"timestamp"`` for tables whose ``Opened`` payload has ``chain_format: 2``; the head is the last;
2. the seed: SHA-256 of the revealed seed's bytes is the commitment recorded at the opening;
3. every chance outcome: re-derived from (seed, n, request) with the published algorithm, and the
   steps numbered n = 0, 1, 2 ... (a fork starts at its ``initial.chance_count``; an ``Undone``
   sets the next n to its ``chance_count``);
4. the end: ``GameFinished`` states how many chance steps were drawn (``chance_count``) and its own
   version (``final_version``); the record must hold exactly that, so a tail cut off (the last chance
   step removed, the chain recomputed) is found without a receipt. Records written before the end
   stated them are reported ``n/a`` there: for them a cut tail is found only by a receipt;
5. every receipt (``--receipt``, and the record's own): its Ed25519 signature under the server's
   public key (``GET /api/signing-key``), and that the record holds that version with that head
   digest; a receipt for a version after the record's end means the history was cut.

What no check here can see, because anyone can recompute a chain with no key: a forger who removes
or changes events and rewrites ``GameFinished`` to match. Only a kept receipt (of the head, or of
any version the forgery changed) or a replay through the rules (``tabletop import``) finds that;
docs/record.md has the table of every forgery and what catches it.

It exits 0 when every check passes, 1 naming the first bad version otherwise, 2 when the input
cannot be read. ``--allow-unfinished`` checks what a record read before the end allows (the links
of the chain through redacted events, the digests of the others, and receipts).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

GENESIS = "0" * 64
OWN_RECEIPT = "the record's own receipt"


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


# -- the published chance algorithm ----------------------------------------------------------------

class ChanceStream:
    """Block k of step n is SHA-256(seed || "tabletop/chance/" || n || "/" || k), n and k in ASCII
    decimals; the blocks, concatenated, are read as big-endian unsigned 64-bit words."""

    def __init__(self, seed: bytes, n: int) -> None:
        self.prefix = seed + b"tabletop/chance/" + str(n).encode("ascii") + b"/"
        self.block = 0
        self.buffer = b""

    def word(self) -> int:
        if len(self.buffer) < 8:
            self.buffer += hashlib.sha256(self.prefix + str(self.block).encode("ascii")).digest()
            self.block += 1
        word, self.buffer = self.buffer[:8], self.buffer[8:]
        return int.from_bytes(word, "big")

    def below(self, bound: int) -> int:
        """Uniform in 0..bound-1: a word at or above 2**64 - 2**64 % bound is rejected."""
        limit = 2**64 - 2**64 % bound
        while True:
            w = self.word()
            if w < limit:
                return w % bound


def chance_outcome(seed_hex: str, n: int, request: dict) -> list:
    stream = ChanceStream(bytes.fromhex(seed_hex), n)
    kind = request["kind"]
    if kind == "roll":
        return [1 + stream.below(int(request["sides"])) for _ in range(int(request["count"]))]
    if kind not in ("shuffle", "sample"):
        raise ValueError(f"unknown chance kind {kind!r}")
    items = list(request["items"])
    for i in range(len(items) - 1, 0, -1):  # Fisher-Yates from the end
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items if kind == "shuffle" else items[: int(request["count"])]


# -- Ed25519 signature verification (RFC 8032, section 5.1.7; the section 6 reference style) ----

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _recover_x(y: int, sign: int) -> int | None:
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    if (x & 1) != sign:
        x = _P - x
    return x


def _add(a: tuple, b: tuple) -> tuple:
    """Twisted Edwards addition in extended coordinates (X, Y, Z, T)."""
    A = (a[1] - a[0]) * (b[1] - b[0]) % _P
    B = (a[1] + a[0]) * (b[1] + b[0]) % _P
    C = 2 * a[3] * b[3] * _D % _P
    D = 2 * a[2] * b[2] % _P
    E, F, G, H = B - A, D - C, D + C, B + A
    return (E * F % _P, G * H % _P, F * G % _P, E * H % _P)


def _mul(s: int, point: tuple) -> tuple:
    result = (0, 1, 1, 0)  # the neutral element
    while s > 0:
        if s & 1:
            result = _add(result, point)
        point = _add(point, point)
        s >>= 1
    return result


def _equal(a: tuple, b: tuple) -> bool:
    return (a[0] * b[2] - b[0] * a[2]) % _P == 0 and (a[1] * b[2] - b[1] * a[2]) % _P == 0


def _decompress(data: bytes) -> tuple | None:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    x = _recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


_GY = 4 * pow(5, _P - 2, _P) % _P
_G = (_recover_x(_GY, 0), _GY, 1, _recover_x(_GY, 0) * _GY % _P)


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """True when ``signature`` is ``public_key``'s Ed25519 signature of ``message``."""
    if len(public_key) != 32 or len(signature) != 64:
        return False
    a = _decompress(public_key)
    r = _decompress(signature[:32])
    if a is None or r is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= _L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public_key + message).digest(), "little") % _L
    return _equal(_mul(s, _G), _add(r, _mul(h, a)))


# -- the checks ----------------------------------------------------------------------------------

class Findings:
    """Each check's line, and the first bad version over all of them."""

    def __init__(self, out) -> None:
        self.out = out
        self.bad: list[tuple[int | None, str]] = []

    def ok(self, check: str, text: str) -> None:
        print(f"ok    {check}: {text}", file=self.out)

    def skip(self, check: str, text: str) -> None:
        print(f"n/a   {check}: {text}", file=self.out)

    def fail(self, check: str, version: int | None, text: str) -> None:
        where = f"version {version}: " if version is not None else ""
        print(f"FAIL  {check}: {where}{text}", file=self.out)
        self.bad.append((version, f"{check}: {text}"))

    def first_bad(self) -> tuple[int | None, str] | None:
        if not self.bad:
            return None
        numbered = [b for b in self.bad if b[0] is not None]
        return min(numbered, key=lambda b: b[0]) if numbered else self.bad[0]


def check_chain(record: dict, found: Findings, allow_unfinished: bool) -> dict[int, str]:
    """Check the chain; the digests it holds by version (the links that check out)."""
    events = record["events"]
    opened = events[0]
    chain_format = 1
    if opened.get("payload") is not None:
        chain_format = int(opened["payload"].get("chain_format") or 1)
    elif allow_unfinished:
        chain_format = int(record.get("chain_format") or 1)
    if int(record.get("chain_format") or 1) != chain_format:
        found.fail("hash chain", 1, "the record's chain_format is not the one its Opened event recorded")
    prev, digests, redacted = GENESIS, {}, 0
    for expected, event in enumerate(events, 1):
        version = event.get("version")
        if version != expected:
            found.fail("hash chain", expected, f"version {expected} is missing (the record goes on at {version})")
            return digests
        if event.get("prev_hash") != prev:
            found.fail("hash chain", version, "prev_hash is not the previous event's digest (an event was "
                                              "removed, inserted or changed before it)")
            return digests
        if event.get("redacted") or "payload" not in event:
            if not allow_unfinished:
                found.fail("hash chain", version, "the event is redacted: the record was read before the end "
                                                  "(use --allow-unfinished to check what it allows)")
                return digests
            redacted += 1
        else:
            body = {"prev": prev, "version": version, "event": event["event"], "payload": event["payload"]}
            if chain_format >= 2:
                body["timestamp"] = event["timestamp"]
            if hashlib.sha256(canonical(body)).hexdigest() != event.get("digest"):
                found.fail("hash chain", version, f"the {event['event']} event's content does not match its digest")
                return digests
        prev = event["digest"]
        digests[version] = prev
    head = record.get("head") or {}
    if head.get("version") != len(events) or head.get("digest") != prev:
        found.fail("hash chain", len(events), "the record's head is not its last event")
        return digests
    note = f"; {redacted} redacted events linked by prev_hash only" if redacted else ""
    found.ok("hash chain", f"format {chain_format}, versions 1 to {len(events)} link from genesis to head {prev}{note}")
    return digests


def check_seed_and_chance(record: dict, found: Findings, allow_unfinished: bool) -> int | None:
    """Check the seed and every chance step; the number of steps drawn by the end (None: not checked)."""
    events = record["events"]
    opened = events[0].get("payload")
    finished = [e for e in events if e.get("event") == "GameFinished" and e.get("payload")]
    if (opened is None or not finished) and not allow_unfinished:
        found.fail("seed", len(events) + 1, "the record ends before the game does (no GameFinished): the seed "
                                            "is not revealed (use --allow-unfinished to check what it allows)")
        return None
    if opened is None or not finished:
        found.skip("seed", "the game is not over in this record: the seed is not revealed yet")
        found.skip("chance", "outcomes are re-derived once the seed is revealed")
        return None
    seed = finished[-1]["payload"]["seed"]
    commitment = opened["seed_commitment"]
    version = finished[-1]["version"]
    if record.get("seed_commitment") != commitment:
        found.fail("seed", 1, "the record's seed_commitment is not the one its Opened event recorded")
    elif hashlib.sha256(bytes.fromhex(seed)).hexdigest() != commitment:
        found.fail("seed", version, f"SHA-256 of the revealed seed is not the commitment {commitment}")
    elif record.get("seed") != seed or opened.get("seed") != seed:
        found.fail("seed", version, "the seed the record shows is not the one GameFinished revealed")
    else:
        found.ok("seed", f"SHA-256 of the revealed seed {seed} is the commitment {commitment}")
    checked, kinds = 0, {}
    step = int((opened.get("initial") or {}).get("chance_count") or 0)  # a fork goes on counting
    for event in events:
        if event.get("event") == "Undone":
            step = int(event["payload"]["chance_count"])  # the undone steps are drawn again, not re-rolled
            continue
        if event.get("event") != "ChanceResolved":
            continue
        payload = event["payload"]
        request = payload["request"]
        if payload["n"] != step:
            found.fail("chance", event["version"], f"the chance step is numbered {payload['n']}, the next one "
                                                   f"is {step} (a chance step was removed or added)")
            return None
        step += 1
        try:
            expected = chance_outcome(seed, int(payload["n"]), request)
        except (KeyError, TypeError, ValueError) as error:
            found.fail("chance", event["version"], f"the chance request cannot be read: {error}")
            return None
        if payload["outcome"] != expected:
            found.fail("chance", event["version"], f"chance step {payload['n']} ({request.get('kind')}): the outcome "
                                                   "is not the one the seed gives")
            return None
        checked += 1
        kinds[request["kind"]] = kinds.get(request["kind"], 0) + 1
    summary = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items())) or "none"
    found.ok("chance", f"{checked} outcomes re-derived from the seed ({summary})")
    return step


def check_end(record: dict, drawn: int | None, found: Findings) -> None:
    """``GameFinished`` states the chance steps drawn and its own version: the record must hold them."""
    finished = [e for e in record["events"] if e.get("event") == "GameFinished" and e.get("payload")]
    if not finished:
        found.skip("end", "checked once the game is over")
        return
    if drawn is None:
        found.skip("end", "not compared: the chance steps did not check out")
        return
    end = finished[-1]
    stated, version = end["payload"].get("chance_count"), end["version"]
    final = end["payload"].get("final_version")
    if stated is None and final is None:
        found.skip("end", "this record's GameFinished states no chance count (written before it did): a tail "
                          "cut off and re-chained is found only by a receipt of the head (--receipt)")
    elif stated != drawn:
        found.fail("end", version, f"the game ended after {stated} chance steps, the record holds {drawn} "
                                   "(a chance step was cut)")
    elif final != version:
        found.fail("end", version, f"the game ended at version {final}, the record puts its end at version "
                                   f"{version} (events were removed or added)")
    else:
        found.ok("end", f"GameFinished at version {version} states it, after the {drawn} chance steps the record holds")


def check_receipts(record: dict, receipts: list[tuple[str, dict]], public_key: str | None, digests: dict[int, str],
                   found: Findings) -> None:
    if receipts and not public_key and all(source == OWN_RECEIPT for source, _ in receipts):
        found.skip("receipts", "the record's own receipt is checked with --public-key")
        return
    if not receipts:
        found.skip("receipts", "none given")
        return
    if not public_key:
        found.fail("receipts", None, "receipts need the server's public key (--public-key HEX, from GET /api/signing-key)")
        return
    try:
        key = bytes.fromhex(public_key)
    except ValueError:
        found.fail("receipts", None, "the public key is not hex")
        return
    key_id = hashlib.sha256(key).hexdigest()[:16]
    head = record["head"]["version"]
    for source, receipt in receipts:
        try:
            version, digest = int(receipt["version"]), receipt["head"]
            message = canonical({"head": digest, "table": receipt["table"], "version": version})
            signature = bytes.fromhex(receipt["signature"])
        except (KeyError, TypeError, ValueError) as error:
            found.fail("receipts", None, f"{source}: not a receipt ({error!r})")
            continue
        if receipt.get("key_id") not in (None, key_id):
            found.fail("receipts", version, f"{source}: signed with key {receipt.get('key_id')}, not {key_id}")
        elif not ed25519_verify(key, message, signature):
            found.fail("receipts", version, f"{source}: the signature does not verify under the public key")
        elif receipt["table"] != record.get("table"):
            found.fail("receipts", None, f"{source}: the receipt is for table {receipt['table']}, not {record.get('table')}")
        elif version > head:
            found.fail("receipts", head + 1, f"{source}: the server signed version {version}, but the record ends at "
                                             f"version {head}: the history was truncated")
        elif digests.get(version) != digest:
            found.fail("receipts", version, f"{source}: the server signed head {digest} at version {version}; "
                                            "the record holds another event there")
        else:
            found.ok("receipts", f"{source}: signature valid, version {version} head {digest} is in the record")


def verify(record: dict, receipts: list[tuple[str, dict]], public_key: str | None, allow_unfinished: bool,
           out=sys.stdout) -> tuple[int | None, str] | None:
    """Run every check, printing each; the first bad (version, reason), or None when all pass."""
    found = Findings(out)
    if record.get("format") != "tabletop-record" or record.get("format_version") != 1:
        found.fail("format", None, "not a tabletop-record document of format_version 1")
        return found.first_bad()
    events = record.get("events")
    if not isinstance(events, list) or not events or events[0].get("event") != "Opened":
        found.fail("format", 1, "the record does not start with an Opened event")
        return found.first_bad()
    found.ok("format", f"tabletop-record 1, table {record.get('table')}, {record.get('game')}, {len(events)} events")
    if record.get("receipt"):
        receipts = [(OWN_RECEIPT, record["receipt"]), *receipts]
    try:
        digests = check_chain(record, found, allow_unfinished)
        drawn = check_seed_and_chance(record, found, allow_unfinished)
        check_end(record, drawn, found)
        check_receipts(record, receipts, public_key, digests, found)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        found.fail("format", None, f"the record is malformed: {error!r}")
    return found.first_bad()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a Tabletop game record (hash chain, seed, chance, receipts).")
    parser.add_argument("record", help="the record (JSON), e.g. from GET /api/tables/<id>/record or tabletop export")
    parser.add_argument("--receipt", action="append", default=[],
                        help="a signed receipt (JSON; a command or read response holding one under 'receipt' works too)")
    parser.add_argument("--public-key", help="the server's Ed25519 public key, hex (GET /api/signing-key)")
    parser.add_argument("--allow-unfinished", action="store_true",
                        help="check a record read before the end as far as it allows")
    args = parser.parse_args(argv)
    try:
        with open(args.record, encoding="utf-8") as file:
            record = json.load(file)
        receipts = []
        for path in args.receipt:
            with open(path, encoding="utf-8") as file:
                receipt = json.load(file)
            receipts.append((path, receipt.get("receipt", receipt) if isinstance(receipt, dict) else receipt))
    except (OSError, ValueError) as error:
        print(f"verify_record: cannot read the input: {error}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print("verify_record: the record is not a JSON object", file=sys.stderr)
        return 2
    bad = verify(record, receipts, args.public_key, args.allow_unfinished)
    if bad is None:
        print("VERIFIED: every check passes")
        return 0
    version, reason = bad
    print(f"NOT VERIFIED: first bad version {version if version is not None else '-'}: {reason}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
