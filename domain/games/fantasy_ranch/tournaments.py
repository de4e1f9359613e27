"""Tournaments (§5.9, §6.1, §6.2): entries in turn order, dice, tie roll-offs, prizes by place.

A tournament walks through ``tournament_entries`` (one awaited seat at a time, FR-R203/FR-D36),
``tournament_roll`` (chance rolls the dice of the still-tied group, FR-R204/FR-R205) and
``tournament_prizes`` (one awaited prize item at a time, FR-R207), then completes (FR-R208).
"""

from __future__ import annotations

from domain.errors import IllegalMove, NotYourTurn
from domain.games.fantasy_ranch import flow
from domain.games.fantasy_ranch.components import (
    FINAL_ENTRY_FEE,
    FINAL_PRIZES,
    HORSES,
    PRINTED_PRIZES,
    PRINTED_SKILLS,
    TOURNAMENT_CARDS,
)
from domain.games.fantasy_ranch.moves import exact
from domain.games.fantasy_ranch.places import (
    can_place_upgrade,
    destinations,
    place_horse,
    place_upgrade,
    upgrade_targets,
)
from domain.games.fantasy_ranch.state import HOLDING, Work

ENTERED = ("horse", "paid")


def is_final(w: Work) -> bool:
    return w.slot >= 8


def skill(w: Work) -> str | None:
    """FR-R057: printed skill [L1 L2], the slot's tournament card [L3]; finals have none."""
    if is_final(w):
        return None
    if w.level == 3:
        return TOURNAMENT_CARDS[w.tournament_cards[w.slot]].skill
    return PRINTED_SKILLS[w.slot]


def prize_table(w: Work) -> tuple[tuple[str, ...], ...]:
    """FR-R220 printed, FR-R221 the tournament card's, FR-R223 the finals'."""
    if is_final(w):
        return FINAL_PRIZES
    if w.level == 3:
        return TOURNAMENT_CARDS[w.tournament_cards[w.slot]].prizes
    return PRINTED_PRIZES


def start(w: Work) -> None:
    """FR-R203: the tournament opens and asks each player in turn order."""
    w.entries, w.standings, w.ranking, w.prizes, w.rolls, w.dice = [], [], (), [], 0, []
    w.phase, w.cursor = "tournament_entries", 0
    next_entry(w)


def eligible(w: Work, seat: int) -> list[tuple[str, int]]:
    """Horses ``seat`` may enter, with their dice (FR-R200b slots, FR-R200c finals)."""
    out = []
    wanted = skill(w)
    for card in w.horses_of(seat):
        if w.place[card] == HOLDING or card in w.competed:
            continue
        horse = HORSES[card]
        if wanted is None:
            if horse.world_class:
                out.append((card, horse.best_dice))
        elif horse.dice(wanted) > 0:
            out.append((card, horse.dice(wanted)))
    return out


def may_pay(w: Work, seat: int) -> bool:
    """FR-R201: a final, no eligible champion (FR-D19), and 4 goods to pay."""
    return is_final(w) and not eligible(w, seat) and sum(w.goods[seat]) >= FINAL_ENTRY_FEE


def awaited(w: Work) -> int:
    return w.order[w.cursor]


def next_entry(w: Work) -> None:
    """FR-R203/FR-D25: a player with no entry option when due is skipped automatically."""
    while w.cursor < w.players:
        seat = awaited(w)
        if eligible(w, seat) or may_pay(w, seat):
            return
        w.entries.append((seat, None, 0, "skipped"))
        w.cursor += 1
    rank(w)


def check_entry_turn(w: Work, seat: int, rule: str) -> None:
    if w.phase != "tournament_entries":
        raise IllegalMove(rule, "no tournament is taking entries now")
    if seat != awaited(w):
        raise NotYourTurn(rule, f"seat {awaited(w)} declares an entry now")


def enter(w: Work, seat: int, card: str) -> None:
    """``EnterTournament`` (FR-R200): the horse is entered, locked and has competed (FR-R206)."""
    check_entry_turn(w, seat, "FR-R200a")
    dice = dict(eligible(w, seat)).get(card)
    if dice is None:
        rule = "FR-R200c" if is_final(w) else "FR-R200b"
        raise IllegalMove(rule, f"{card} may not enter this tournament")
    w.entries.append((seat, card, dice, "horse"))
    w.competed.add(card)
    w.cursor += 1
    next_entry(w)


def enter_paid(w: Work, seat: int, carrots: int, boots: int) -> None:
    """``EnterFinalPaid`` (FR-R201): 4 goods for one die, only without an eligible champion."""
    check_entry_turn(w, seat, "FR-R201a")
    if not is_final(w):
        raise IllegalMove("FR-R201a", "only the finals accept a paid entry")
    if carrots < 0 or boots < 0 or carrots + boots != FINAL_ENTRY_FEE:
        raise IllegalMove("FR-R201b", "a paid entry costs exactly 4 goods")
    if carrots > w.carrots(seat) or boots > w.boots(seat):
        raise IllegalMove("FR-R201b", "not enough goods for the paid entry")
    if eligible(w, seat):
        raise IllegalMove("FR-R201c", "a player with an eligible world-class horse must enter it or decline")
    w.gain(seat, -carrots, -boots)
    w.entries.append((seat, None, 1, "paid"))
    w.cursor += 1
    next_entry(w)


def decline(w: Work, seat: int) -> None:
    """``DeclineTournament`` (FR-R202)."""
    check_entry_turn(w, seat, "FR-R202")
    w.entries.append((seat, None, 0, "declined"))
    w.cursor += 1
    next_entry(w)


def dice_of(w: Work, seat: int) -> int:
    return next(d for s, _, d, kind in w.entries if s == seat and kind in ENTERED)


def rank(w: Work) -> None:
    """FR-R204: nobody, one entrant (1st without rolling), or everybody rolls."""
    entrants = [s for s, _, _, kind in w.entries if kind in ENTERED]
    if not entrants:
        complete(w)
    elif len(entrants) == 1:
        w.ranking = (entrants[0],)
        award(w)
    else:
        w.standings = [tuple(entrants)]
        w.phase = "tournament_roll"


def rolling_group(w: Work) -> tuple[int, tuple[int, ...]]:
    """The first group of still-tied entrants (the first roll is the whole field)."""
    return next((i, g) for i, g in enumerate(w.standings) if len(g) > 1)


def dice_needed(w: Work) -> int:
    return sum(dice_of(w, s) for s in rolling_group(w)[1])


def split_rolls(w: Work, outcome: list[int]) -> dict[int, list[int]]:
    """Hand out one chance roll to the group's members in their entry order."""
    rolls, i = {}, 0
    for seat in rolling_group(w)[1]:
        n = dice_of(w, seat)
        rolls[seat] = list(outcome[i : i + n])
        i += n
    return rolls


def resolve_roll(w: Work, outcome: object) -> None:
    """FR-R204/FR-R205: totals are dice sums (FR-D04); equal totals re-roll among themselves only."""
    count = dice_needed(w)
    if (
        not isinstance(outcome, (list, tuple))
        or len(outcome) != count
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in outcome)
    ):
        raise IllegalMove("FR-R204", f"the roll must be {count} dice of 1 to 6")
    index, group = rolling_group(w)
    rolls = split_rolls(w, list(outcome))
    w.dice.append(tuple((seat, tuple(r)) for seat, r in rolls.items()))  # public (FR-R300): drawn as dice
    totals = {seat: sum(r) for seat, r in rolls.items()}
    ordered = sorted(group, key=lambda s: -totals[s])
    runs: list[tuple[int, ...]] = []
    for seat in ordered:
        if runs and totals[runs[-1][0]] == totals[seat]:
            runs[-1] = runs[-1] + (seat,)
        else:
            runs.append((seat,))
    w.standings[index : index + 1] = runs
    w.rolls += 1
    if all(len(g) == 1 for g in w.standings):
        w.ranking = tuple(g[0] for g in w.standings)
        w.standings = []
        award(w)


def award(w: Work) -> None:
    """FR-R207: prizes in place order, each place's items in printed order."""
    table = prize_table(w)
    w.prizes = [
        (seat, place + 1, i, item)
        for place, seat in enumerate(w.ranking[: len(table)])
        for i, item in enumerate(table[place])
    ]
    next_prize(w)


def impossible(w: Work, seat: int, item: str) -> bool:
    """FR-R207: an empty market for a horse; no token or no legal territory for an upgrade."""
    if item == "horse":
        return all(card is None for card in w.market)
    if item == "upgrade":
        return not upgrade_targets(w, seat)
    return False


def next_prize(w: Work) -> None:
    while w.prizes:
        seat, _, _, item = w.prizes[0]
        if not impossible(w, seat, item):
            w.phase = "tournament_prizes"
            return
        w.prizes.pop(0)  # PrizeDeclined {reason: "impossible"}
    complete(w)


def check_prize_turn(w: Work, seat: int, item_index: int) -> tuple[int, int, int, str]:
    if w.phase != "tournament_prizes":
        raise IllegalMove("FR-R210a", "no prize is being handed out now")
    head = w.prizes[0]
    if seat != head[0]:
        raise NotYourTurn("FR-R210a", f"seat {head[0]} is choosing a prize now")
    if item_index != head[2]:
        raise IllegalMove("FR-R210a", f"the next prize item is number {head[2]}")
    return head


def claim(w: Work, seat: int, item_index: int, choice: dict) -> None:
    """``ClaimPrize`` (FR-R210): a market horse to a legal place, goods of one kind, or an upgrade."""
    _, _, _, item = check_prize_turn(w, seat, item_index)
    if item == "horse":
        data = exact(choice, "FR-R210b", card_id=str, destination=str)
        card = data["card_id"]
        if card not in w.market:
            raise IllegalMove("FR-R210b", f"{card} is not in the market")
        finals = is_final(w) and w.level == 3  # FR-R224
        if data["destination"] not in destinations(w, seat, card, finals=finals):
            raise IllegalMove("FR-R210b", f"{data['destination']} is not a legal place for {card}")
        slot = w.market.index(card)
        w.market[slot] = None
        place_horse(w, seat, card, data["destination"])
        if not flow.market_refill_deferred(w):
            flow.refill_market(w)  # FR-R255
    elif item in ("goods2", "goods1"):
        kind = exact(choice, "FR-R210b", kind=str)["kind"]
        if kind not in ("carrots", "boots"):
            raise IllegalMove("FR-R210b", "choose carrots or boots")
        n = 2 if item == "goods2" else 1
        w.gain(seat, n if kind == "carrots" else 0, n if kind == "boots" else 0)
    else:
        territory = exact(choice, "FR-R210b", territory_id=str)["territory_id"]
        if not can_place_upgrade(w, seat, territory):
            raise IllegalMove("FR-R170", f"an upgrade token cannot go on {territory}")
        place_upgrade(w, seat, territory)
    w.prizes.pop(0)
    next_prize(w)


def decline_prize(w: Work, seat: int, item_index: int) -> None:
    """``DeclinePrize`` (FR-R210): any item may be refused."""
    check_prize_turn(w, seat, item_index)
    w.prizes.pop(0)
    next_prize(w)


def complete(w: Work) -> None:
    """FR-R208: unlock, [finals] refill the market (FR-R256), then the next tournament or round end."""
    if is_final(w):
        flow.refill_market(w)
    if w.slot < 8 and w.slot % 2 == 1:
        w.last_winner = w.ranking[0] if w.ranking else -1  # FR-R060
    w.results.append((w.slot, tuple(w.ranking), tuple(w.dice), tuple(w.entries)))  # FR-R300: rankings and dice stay public
    w.entries, w.standings, w.prizes, w.rolls, w.dice = [], [], [], 0, []
    if w.slot in (0, 2, 4, 6, 8, 9):
        w.slot += 1
        start(w)
    else:
        flow.end_round(w)
