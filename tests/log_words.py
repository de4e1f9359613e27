"""What a person must never read in a table log (issue 37): a catalog id where a name belongs, a
machine token (a snake_case key, a numbered copy ``name#1``, a colon path ``a:1:2``, JSON), an
unrendered placeholder, or "You" with a verb that agrees with "he" ("You starts").

Shared by the log tests (tests/projections/test_log_words.py) and the measuring script
(scripts/count_log_words.py), so both count the same things.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from domain.games import get_game

#: Ids a game's catalog holds that a sentence may show as they are, per game, and why: none. Every
#: short label the physical games print that the sentences use ("F8", "Tournament 4") is not one of
#: the catalog's ids ("T-F8", "T4" of the tournament track is shown as "Tournament 4"). Listed here
#: so that an exception is a decision someone wrote down, not a silent gap.
PRINTED_LABELS: dict[str, frozenset[str]] = {
    "bunny_kingdom": frozenset(),  # territories are shown by their square, "F8"; the id is "T-F8"
    "homesteaders": frozenset(),  # auction tiles are unnumbered in the box: shown by what they offer
    "walnut_grove": frozenset(),  # tiles, labourers, coins are unnumbered in the box
    "fantasy_ranch": frozenset(),  # tournament slots read "Tournament 4"; locations by type and place
}

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
NUMBERED = re.compile(r"\w+#\d+")
COLON_PATH = re.compile(r"\b[A-Za-z_]\w*:\d+(?::\d+)*\b|\b\w+:\w+:\w+\b")
JSON = re.compile(r"[{}\[\]]|\":")
PLACEHOLDER = re.compile(r"\{[a-z]+:[^{}]*\}")
YOU_VERB_S = re.compile(r"\b[Yy]ou (?!\w*ss\b)(\w+s)\b")


def _is_word(component_id: str) -> bool:
    """An id that is a plain lowercase English word ("farmer", "market", "grain") reads as that
    word; it cannot be told from the word in a sentence, so it is not counted as an id."""
    return component_id.isalpha() and component_id.islower()


@cache
def catalog_ids(game: str) -> tuple[str, ...]:
    """Every id of the game's catalog (its components and its tracks' spaces) a sentence must not
    show, longest first, less the printed labels and the ids that are words."""
    catalog = get_game(game).catalog()
    ids = set(catalog.get("components", {}))
    for track in catalog.get("tracks", []):
        for space in track.get("slots", []) + [s for s in track.get("spaces", []) if isinstance(s, dict)]:
            if isinstance(space.get("id"), str):
                ids.add(space["id"])
    ids -= PRINTED_LABELS.get(game, frozenset())
    return tuple(sorted((i for i in ids if not _is_word(i)), key=lambda i: (-len(i), i)))


@cache
def _id_pattern(game: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w#:-])(?:" + "|".join(map(re.escape, catalog_ids(game))) + r")(?![\w#:-])")


def catalog_ids_in(game: str, text: str) -> list[str]:
    """The catalog ids ``text`` shows."""
    return _id_pattern(game).findall(text)


def machine_tokens_in(text: str) -> list[str]:
    """The machine tokens ``text`` shows: snake_case, ``name#1``, ``a:1:2``, JSON, placeholders,
    and "You" with a verb in the third person."""
    found = []
    for pattern in (SNAKE, NUMBERED, COLON_PATH, JSON, PLACEHOLDER):
        found += [m.group(0) for m in pattern.finditer(text)]
    found += [f"You {m.group(1)}" for m in YOU_VERB_S.finditer(text)]
    return found


def sentences(entries: Iterable[dict]) -> list[str]:
    """Every sentence of log entries (``to_dict`` form): each entry's text and its facts' texts.
    The table's opening and end lines carry the seed and its commitment (hex, for the fairness
    check), which are not words but not ids either; they are kept, and no pattern counts hex."""
    out = []
    for entry in entries:
        out.append(entry["text"])
        out += [f["text"] for f in entry.get("facts") or []]
    return out
