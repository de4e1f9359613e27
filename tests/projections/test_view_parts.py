"""The viewers' views of one table are composed from shared texts and are exactly their encodings.

``Parts.compose`` encodes the first view (the spectator's) whole and reuses its text for a later
view that begins with the same parts (a seat's view: the public part, then ``you``), encoding
only what it adds; any other view is composed part by part. Every text must be what encoding
the view on its own gives.
"""

from __future__ import annotations

from projections import player_views
from projections.player_views import Parts
from projections.stores import dumps

PUBLIC = {"phase": "exploration", "round": 2, "board": {"A1": {"owner": 0, "building": None}},
          "fiefs": [[{"territories": ["A1"], "strength": 0}], []], "note": "é \"quoted\"", "deck": None}


def _seat_view(seat):
    return {**PUBLIC, "you": {"seat": seat, "hand": ["T-A1", "T-B2"]}}


def _counting(monkeypatch):
    calls = []
    monkeypatch.setattr(player_views, "dumps", lambda value: calls.append(value) or dumps(value))
    return calls


def test_a_seats_view_after_the_spectators_reuses_its_text_and_encodes_only_its_own_part(monkeypatch):
    calls = _counting(monkeypatch)
    parts = Parts()
    spectator = dict(PUBLIC)
    assert parts.compose(spectator) == dumps(spectator)
    assert parts.compose(_seat_view(0)) == dumps(_seat_view(0))
    assert parts.compose(_seat_view(1)) == dumps(_seat_view(1))
    assert parts.compose(dict(PUBLIC)) == dumps(PUBLIC)
    # the spectator's whole view, then each seat's ``you`` (fails on part-by-part composition)
    assert calls == [spectator, {"you": _seat_view(0)["you"]}, {"you": _seat_view(1)["you"]}]


def test_views_that_do_not_begin_with_the_first_views_parts_are_composed_part_by_part():
    parts = Parts()
    first = _seat_view(0)
    assert parts.compose(first) == dumps(first)
    others = [
        _seat_view(1),  # the same public parts, then another ``you``: not the first view's prefix
        {**PUBLIC, "board": {"A1": {"owner": 1, "building": None}}},  # an equal-keyed part, another value
        {"round": 2, **PUBLIC},  # the same parts in another order
        dict(list(PUBLIC.items())[:2]),  # shorter than the first
        {},
        {**PUBLIC, "fiefs": [list(f) for f in PUBLIC["fiefs"]], "you": first["you"]},  # equal, not the same
    ]
    for view in others:
        assert parts.compose(view) == dumps(view)
    empty = Parts()
    assert empty.compose({}) == "{}" and empty.compose({"a": 1}) == '{"a":1}'
    assert Parts().compose([1, {"b": 2}]) == dumps([1, {"b": 2}])
