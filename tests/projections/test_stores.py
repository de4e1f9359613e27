"""The document store contract, the same on memory, SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from uuid import UUID

import pytest

from projections.stores import Concurrent, dumps


def test_documents_commit_with_their_tracking_row_or_not_at_all(store):
    store.commit({"m": 0}, {"m": 5}, {("m", "b"): ("g1", {"n": 2}), ("m", "a"): ("g1", {"n": 1}),
                                      ("m", "c"): ("g2", {"n": 3, "text": "quote \" and ünïcode"})})
    assert store.positions(["m", "other"]) == {"m": 5, "other": 0}
    assert store.group("m", "g1") == [("a", {"n": 1}), ("b", {"n": 2})]
    assert store.get("m", "c") == {"n": 3, "text": "quote \" and ünïcode"}
    # a document moves group, another is deleted, in one commit
    store.commit({"m": 5}, {"m": 6}, {("m", "a"): ("g2", {"n": 1}), ("m", "b"): None})
    assert store.group("m", "g1") == [] and [k for k, _ in store.group("m", "g2")] == ["a", "c"]
    assert store.get("m", "b") is None
    # stale: nothing of the batch is written, the position stays
    with pytest.raises(Concurrent):
        store.commit({"m": 5}, {"m": 9}, {("m", "z"): ("g1", {})})
    assert store.get("m", "z") is None and store.positions(["m"]) == {"m": 6}
    assert [(k, g) for k, g, _ in store.all("m")] == [("a", "g2"), ("c", "g2")]


def test_reset_drops_one_model_only(store):
    store.commit({"m": 0, "n": 0}, {"m": 3, "n": 3}, {("m", "a"): ("g", {}), ("n", "a"): ("g", {})})
    store.reset("m")
    assert store.all("m") == [] and store.positions(["m", "n"]) == {"m": 0, "n": 3}
    assert store.get("n", "a") == {}


def test_waiting_for_a_position_is_bounded(store):
    assert store.wait(["m"], 1, timeout=0.01) is False
    store.commit({"m": 0}, {"m": 1}, {})
    assert store.wait(["m"], 1, timeout=0.01) is True


def test_a_group_reads_a_key_range_in_byte_order(store):
    keys = ["t:000000009", "t:000000010", "t:000000011", "t:000000100"]
    store.commit({"m": 0}, {"m": 1}, {("m", k): ("t", {"k": k}) for k in reversed(keys)})
    assert [k for k, _ in store.group("m", "t")] == keys
    assert [k for k, _ in store.group("m", "t", after_key="t:000000009", limit=2)] == keys[1:3]
    assert store.group("m", "t", after_key="t:000000100") == []


@pytest.mark.parametrize("body", [
    {"name": "Zoë", "basis": "4 fish × 2", 3: "an int key", "seed": 2**200, "when": datetime(2026, 12, 4, tzinfo=UTC)},
    {"id": UUID(int=7), "nested": [(1, 2), {"deep": None, "x": 1.5}], "flag": True},
    {"odd": "\ud800"},  # a lone surrogate: orjson refuses it, the standard library escapes it
])
def test_a_document_reads_back_as_the_standard_library_writes_it(body):
    text = dumps(body)
    assert json.loads(text) == json.loads(json.dumps(body, separators=(",", ":"), default=str))
    assert ", " not in text and ": " not in text  # compact, as every stored text is
