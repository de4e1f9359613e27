"""Results computed once per state object, however many viewers ask.

The projection worker renders a table's view for every seat and the spectator, and its log
sentence for each of them, from the same state object: Bunny Kingdom's every-seat fiefs and the
replay of the move behind a sentence's aftermath were computed five times over (35-45 % of the
worker's CPU per command). States are frozen, so a result keyed by the arguments' identity stays
right; the memo holds the arguments themselves, so an identity is never reused while its entry
lives. Callers get the shared result: they must not mutate it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: Entries kept per function: several tables in flight at once, each a state or two.
SIZE = 64


def per_object(fn: F) -> F:
    """Memoize ``fn`` by the identity of its positional arguments (a small, bounded memo)."""
    memo: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

    @functools.wraps(fn)
    def remembered(*args: Any) -> Any:
        key = tuple(map(id, args))
        hit = memo.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], args, strict=True)):
            return hit[1]
        value = fn(*args)
        memo[key] = (args, value)
        if len(memo) > SIZE:
            try:  # drop the oldest; another thread may have changed the memo meanwhile
                del memo[next(iter(memo))]
            except (KeyError, RuntimeError, StopIteration):
                pass
        return value

    return remembered  # type: ignore[return-value]
