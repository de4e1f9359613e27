"""Every refusal the domain can give, as one small hierarchy.

Games import this module (and only this module from the platform), so an illegal move and a
refused table command share one shape. The API maps each class to one HTTP status in one place;
each carries a stable ``code`` so clients can branch without parsing English.
"""

from __future__ import annotations


class DomainError(Exception):
    """Base of every refusal. ``code`` is stable and part of the public API."""

    code = "domain_error"

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def __str__(self) -> str:
        return self.message


class IllegalMove(DomainError):
    """A move the rules forbid; ``rule`` names the rule that forbids it (e.g. ``BK-R17``)."""

    code = "illegal_move"

    def __init__(self, rule: str | None, message: str) -> None:
        super().__init__(f"{message} ({rule})" if rule and rule not in message else message)
        self.rule = rule


class InvalidOptions(DomainError):
    """Table options or seat count a game does not support."""

    code = "invalid_options"


class UnknownGame(DomainError):
    code = "unknown_game"


class TableNotFound(DomainError):
    code = "table_not_found"


class TableFull(DomainError):
    code = "table_full"


class SeatTaken(DomainError):
    code = "seat_taken"


class SeatNotTaken(DomainError):
    code = "seat_not_taken"


class NoPreview(DomainError):
    """The game has no ``preview`` of a move (the hook is optional)."""

    code = "no_preview"


class WrongPhase(DomainError):
    """The table is not in a state where this command makes sense (e.g. a move before start)."""

    code = "wrong_phase"


class NotYourTurn(IllegalMove):
    """The seat may not act now (another seat's turn, or the seat already acted this step)."""

    code = "not_your_turn"


class StaleVersion(DomainError):
    """``expected_version`` did not match; ``current`` is the table's version now."""

    code = "stale_version"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"expected version {expected} but the table is at version {current}; reload and retry",
            expected=expected,
            current=current,
        )
        self.expected = expected
        self.current = current


class Conflict(DomainError):
    """Concurrent writers kept colliding; nothing was recorded."""

    code = "conflict"

    def __init__(self, message: str, current: int | None = None) -> None:
        super().__init__(message, current=current)
        self.current = current


class UnknownVersion(DomainError):
    code = "unknown_version"


class UndoRefused(DomainError):
    code = "undo_refused"


class NoUndoPending(DomainError):
    code = "no_undo_pending"

