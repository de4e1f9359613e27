"""Setup decisions of the players (§5.1): ranch board, starting employee, draft picks, home."""

from __future__ import annotations

from domain.errors import IllegalMove, NotYourTurn
from domain.games.fantasy_ranch import flow
from domain.games.fantasy_ranch.components import BOARD_NUMBERS, BOARDS, EMPLOYEES
from domain.games.fantasy_ranch.places import community
from domain.games.fantasy_ranch.state import Work


def chooser(w: Work) -> int:
    """Whose setup choice it is: turn order, or reverse order for homes (FR-R015)."""
    order = flow.home_order(w) if w.phase == "choose_home" else w.order
    return order[w.cursor]


def check_chooser(w: Work, seat: int, phase: str, rule: str) -> None:
    if w.phase != phase:
        raise IllegalMove(rule, f"this is not the {phase.replace('_', ' ')} step")
    if seat != chooser(w):
        raise NotYourTurn(rule, f"seat {chooser(w)} chooses now")


def taken_boards(w: Work) -> set[int]:
    return {r[0] for r in w.ranches if r}


def choose_ranch_board(w: Work, seat: int, board: int, side: str) -> None:
    """FR-R100: a board nobody took, on either side; its home is owned, the rest for sale (FR-R013)."""
    check_chooser(w, seat, "choose_ranch", "FR-R100a")
    if board not in BOARD_NUMBERS or side not in ("A", "B") or board in taken_boards(w):
        raise IllegalMove("FR-R100b", f"board {board}{side} is not available")
    w.ranches[seat] = (board, side)
    w.owners[BOARDS[board, side].home] = seat
    flow.after_setup_choice(w)


def choose_starting_employee(w: Work, seat: int, employee: str) -> None:
    """FR-R101 / FR-R008: one employee from the pool, in turn order."""
    check_chooser(w, seat, "choose_employee", "FR-R101a")
    if employee not in EMPLOYEES or employee in w.employees:
        raise IllegalMove("FR-R101b", f"{employee} is not in the pool")
    w.employees[seat] = employee
    flow.after_setup_choice(w)


def draft_pick(w: Work, seat: int, card: str) -> None:
    """FR-R102: a secret simultaneous pick; the card leaves the hand at once, and the step
    completes when every player has picked."""
    if w.phase != "draft" or w.step_picks[seat] is not None:
        raise NotYourTurn("FR-R102a", f"seat {seat} has no pick to make now")
    if card not in w.hands[seat]:
        raise IllegalMove("FR-R102b", f"{card} is not in seat {seat}'s hand")
    flow.take_pick(w, seat, card)
    if None not in w.step_picks:
        flow.complete_draft_step(w)


def free_homes(w: Work) -> list[str]:
    homes = [BOARDS[b, w.side].home for row in w.grid for b in row]
    return sorted(h for h in homes if h not in w.owners)


def choose_home_territory(w: Work, seat: int, territory: str) -> None:
    """FR-R103 / FR-R015: an unchosen home of the community; unchosen homes end out of play."""
    check_chooser(w, seat, "choose_home", "FR-R103a")
    if territory not in free_homes(w) or territory not in community(w.grid, w.side)[0]:
        raise IllegalMove("FR-R103b", f"{territory} is not a free home of the community")
    w.owners[territory] = seat
    flow.after_setup_choice(w)
