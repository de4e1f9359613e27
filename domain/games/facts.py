"""The one shape of a fact, shared by the games' ``facts.py`` and ``views.py``.

A fact is an automatic consequence of a move or chance step that the move itself does not say
(income paid, a territory taken over, a tile discarded, the final scores). Games derive them by
comparing the state before and after (so the stored events stay what they are) and redact them
per viewer in ``views.py``, exactly as they redact moves. The shape is plain JSON so the log
projection stores it as it is and the API serves it unchanged:

``{"kind": "income paid", "rule": "HS-A06", "seats": [0, 1], "amounts": {"0": {"silver": 3}},
"components": ["homestead#1"], "text": "{seat:0} collected 3 silver."}``

``amounts`` is keyed by seat (as a string, the JSON key) and holds named quantities; ``text``
names seats only through ``seat_ref``/``their_ref``, so the log renders them for each reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.games.game import Scores, seat_ref

Fact = dict[str, Any]


def fact(kind: str, rule: str, seats: Iterable[int] = (), amounts: Mapping[int, Mapping[str, Any]] | None = None,
         components: Iterable[Any] = ()) -> Fact:
    """A fact without its sentence yet (the game's ``views.py`` adds it after redacting)."""
    return {
        "kind": kind,
        "rule": rule,
        "seats": [int(s) for s in seats],
        "amounts": {str(s): dict(a) for s, a in (amounts or {}).items()},
        "components": list(components),
    }


def seat_list(seats: Sequence[int]) -> str:
    """Seats joined for a sentence: "A", "A and B", "A, B and C"."""
    refs = [seat_ref(s) for s in seats]
    return " and ".join(refs) if len(refs) < 3 else ", ".join(refs[:-1]) + " and " + refs[-1]


def quantities(amounts: Mapping[str, Any], names: Mapping[str, tuple[str, str]] | None = None) -> str:
    """``{"silver": 3, "wood": 1}`` as "3 silver and 1 wood" (zero quantities left out); ``names``
    words a key that is not its own noun, as one and as many (``{"trade": ("trade token",
    "trade tokens")}``: "2 trade tokens", never "2 trade")."""
    def said(name: str, n: Any) -> str:
        one, many = (names or {}).get(name, (name.replace("_", " "),) * 2)
        return f"{n} {one if n == 1 else many}"

    parts = [said(name, n) for name, n in amounts.items() if n]
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def final_scores(scores: Scores, rule: str) -> Fact:
    """The ``scores`` fact of a game's last step: every total, seats in ranking order."""
    return fact("scores", rule, scores.ranking, {s: {"total": scores.totals[s]} for s in scores.ranking},
                [f"winner:{w}" for w in scores.winners])


def score_unit(terms: Mapping[str, str], n: Any) -> str:
    """What a game's totals count, from its catalog's terms (``score.unit``, ``score.unit.one``,
    the words the page's final ranking uses): Fantasy Ranch counts trophies; "points" otherwise."""
    if n == 1:
        return terms.get("score.unit.one", "point")
    return terms.get("score.unit", "points")


def scores_text(f: Fact, terms: Mapping[str, str] | None = None) -> str:
    """"Final scores: Bot 2 7 trophies, Bot 3 4 trophies, you 1 trophy.": each total with its unit
    (``score_unit`` of the game's catalog ``terms``). It once read "Bot 2 7, Bot 3 4, you 3." (table
    review, finding 12)."""
    def total(s: int) -> str:
        n = f["amounts"][str(s)]["total"]
        return f"{seat_ref(s)} {n} {score_unit(terms or {}, n)}"

    return f"Final scores: {', '.join(total(s) for s in f['seats'])}."
