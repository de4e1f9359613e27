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
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: Entries kept per function: several tables in flight at once, each a state or two.
SIZE = 64


def per_object(fn: F | None = None, *, size: int = SIZE) -> Any:
    """Memoize ``fn`` by the identity of its positional arguments (a small, bounded memo).

    ``@per_object`` keeps ``SIZE`` entries; ``@per_object(size=n)`` keeps ``n``, for results asked
    of every table's latest board in turn (50 tables' boards, each seat's: 64 were evicted before
    a table came round again)."""
    if fn is None:
        return lambda f: per_object(f, size=size)
    memo: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

    @functools.wraps(fn)
    def remembered(*args: Any) -> Any:
        key = tuple(map(id, args))
        hit = memo.get(key)
        if hit is not None:  # its arguments live in the memo, so no other object has their ids
            return hit[1]
        value = fn(*args)
        memo[key] = (args, value)
        if len(memo) > size:
            if size > SIZE:
                evict(memo, size)
            else:  # the oldest, inline: most memos are this size and evict at every miss
                try:
                    del memo[next(iter(memo))]
                except (KeyError, RuntimeError, StopIteration):
                    pass
        return value

    return remembered


def evict(memo: dict, size: int) -> None:
    """Drop the oldest entries of a memo over ``size``: one at a time up to ``SIZE`` entries, an
    eighth at once beyond. Why: a dict's oldest key is found by a scan over the slots its
    deletions left, so dropping one key per insertion costs a scan of up to ``size`` slots each
    time (1.25 µs an insertion at 1,024 entries, 0.18 at 64); in eighths it is paid once per
    ``size / 8`` insertions. Another thread may change the memo meanwhile: a miss is harmless."""
    try:
        if size <= SIZE:
            del memo[next(iter(memo))]
        else:
            for key in list(itertools.islice(memo, len(memo) - size + size // 8)):
                memo.pop(key, None)
    except (KeyError, RuntimeError, StopIteration):
        pass


def per_parts(parts: Callable[..., tuple[Any, ...]], size: int = SIZE) -> Callable[[F], F]:
    """Memoize ``fn`` by the identity of ``parts(*args)``: the only parts of its arguments it reads.

    Why: a state a pick later shares the board and every other seat's tuples with the one before
    it, so a result that reads only those (a seat's parchment progress) is the same for both,
    though the states differ. The memo holds the parts, so no identity is reused while its entry
    lives; ``fn`` must read nothing of its arguments but ``parts`` (and constants).
    """

    def wrap(fn: F) -> F:
        memo: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

        @functools.wraps(fn)
        def remembered(*args: Any) -> Any:
            held = parts(*args)
            key = tuple(map(id, held))
            hit = memo.get(key)
            if hit is not None:
                return hit[1]
            value = fn(*args)
            memo[key] = (held, value)
            if len(memo) > size:
                evict(memo, size)
            return value

        return remembered  # type: ignore[return-value]

    return wrap


class FrozenDict(dict):
    """A dict that refuses changes: a part shared by several callers' results (every viewer's view
    of a state) fails loudly where a caller would change it for the others. It is still a dict
    to ``json`` and to ``==``; a deep copy is a plain, changeable one."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a shared view part is read-only; copy it to change it")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict) -> dict:
        import copy
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}

    def __reduce__(self) -> Any:
        return dict, (dict(self),)


class FrozenList(list):
    """A list that refuses changes (see ``FrozenDict``)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a shared view part is read-only; copy it to change it")

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict) -> list:
        import copy
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self) -> Any:
        return list, (list(self),)


#: Whether shared results are handed out read-only (``frozen``). The test suite turns it on
#: (tests/conftest.py), so any caller that would change a part every viewer shares fails a test;
#: production leaves it off, since freezing cost more than the sharing saved (five views and their
#: encoding per state: 0.79 ms each apart, 0.58 shared, 1.20 shared and frozen).
READ_ONLY_SHARED = False


def shared(value: Any) -> Any:
    """``value``, read-only when ``READ_ONLY_SHARED`` is on."""
    return frozen(value) if READ_ONLY_SHARED else value


def frozen(value: Any) -> Any:
    """``value`` with every dict and list in it made read-only (``FrozenDict``, ``FrozenList``); a
    part read-only already is itself (a shared part inside another keeps its identity)."""
    if isinstance(value, (FrozenDict, FrozenList)):
        return value
    if isinstance(value, dict):
        return FrozenDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen(v) for v in value)
    return value
