"""``State.set`` is ``dataclasses.replace`` without its cost: the same state, shared fields, and
the same refusal of a field the state does not have."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.bunny_kingdom.state import from_dict, initial_state, to_dict


def test_a_changed_state_equals_what_replace_makes_and_leaves_the_original_alone():
    before = initial_state(4)
    after = before.set(phase="exploration", round=1, pick=2, owners=(0,) * 100)
    assert after == replace(before, phase="exploration", round=1, pick=2, owners=(0,) * 100)
    assert hash(after) == hash(replace(before, phase="exploration", round=1, pick=2, owners=(0,) * 100))
    assert (before.phase, before.round, before.pick, before.owners) == ("shuffle", 0, 0, (-1,) * 100)
    assert after.buildings is before.buildings  # unchanged fields are shared, not copied
    assert from_dict(to_dict(after)) == after
    with pytest.raises(AttributeError):
        after.round = 5  # still frozen


def test_a_field_the_state_does_not_have_is_refused():
    with pytest.raises(TypeError, match="bogus"):
        initial_state(2).set(bogus=1)
