"""Fate cards (§5.6, §11.7): a requirement checked at the claim, a reward paid out at once.

Level 2 players claim from their own pending cards (FR-R052, FR-R151); level 3 players claim
from the shared display of 4, refilled at once (FR-R150b). Cards whose reward is trophies are
kept; the others go to the bottom of the fate deck (FR-R150, FR-R258).
"""

from __future__ import annotations

from collections import Counter

from domain.errors import IllegalMove
from domain.games.fantasy_ranch import flow
from domain.games.fantasy_ranch.components import FATE_CARDS, HORSES, LOCATIONS, parse_code
from domain.games.fantasy_ranch.moves import exact, goods_pair
from domain.games.fantasy_ranch.places import (
    can_place_upgrade,
    destinations,
    free_places,
    place_horse,
    place_upgrade,
    tokens_in_supply,
    upgrade_targets,
)
from domain.games.fantasy_ranch.state import HOLDING, Work
from domain.games.fantasy_ranch.turns import check_active


def owned_non_home(w: Work, seat: int) -> list[str]:
    return [loc for loc, o in w.owners.items() if o == seat and not LOCATIONS[loc].is_home]


def requirement_holds(w: Work, seat: int, code: str) -> bool:
    """FR-R150d: the §11.7 requirement code, evaluated for the claimant now."""
    name, args = parse_code(code)
    horses = [HORSES[c] for c in w.horses_of(seat)]
    n = int(args[-1]) if args and args[-1].isdigit() else 0
    home = w.home_of(seat)
    if name == "home_free":
        return home is not None and free_places(w, home) >= n
    if name == "home_full":
        return home is not None and free_places(w, home) == 0
    if name == "own_location_type":
        return sum(LOCATIONS[loc].type == args[0] for loc in owned_non_home(w, seat)) >= n
    if name == "own_location_types":
        types = args[0].strip("[]").split(",")
        return sum(LOCATIONS[loc].type in types for loc in owned_non_home(w, seat)) >= n
    if name == "own_locations":
        return len(owned_non_home(w, seat)) >= n
    if name == "own_territories":
        return sum(o == seat for o in w.owners.values()) >= n
    if name == "horses":
        return len(horses) >= n
    if name == "horses_same_colour":
        return max(Counter(h.colour for h in horses).values(), default=0) >= n
    if name == "colours":
        return len({h.colour for h in horses}) >= n
    if name == "friends":
        return max(Counter(h.friend for h in horses if h.friend).values(), default=0) >= n
    if name == "world_class":
        return sum(h.world_class for h in horses) >= n
    if name == "skill_dice":
        return any(h.dice(args[0]) >= n for h in horses)
    if name == "three_skill_horse":
        return any(len(h.skills) >= 3 for h in horses)
    if name == "skills_covered":
        return len({s for h in horses for s, _ in h.skills}) >= n
    if name == "goods_at_least":
        return sum(w.goods[seat]) >= n
    if name == "pay_carrots":
        return w.carrots(seat) >= n
    if name == "pay_boots":
        return w.boots(seat) >= n
    if name == "pay_goods":
        return sum(w.goods[seat]) >= n
    if name == "boards":
        return len({LOCATIONS[loc].board for loc, o in w.owners.items() if o == seat}) >= n
    if name == "boarders":
        mine = [c for c in w.horses_of(seat) if w.place[c] != HOLDING]
        return sum(w.owners.get(w.place[c]) not in (seat, None) for c in mine) >= n
    if name == "upgrades_placed":
        return sum(v[seat] for v in w.upgrades.values()) >= n
    raise ValueError(f"unknown requirement {code!r}")


def fields_for(card_id: str) -> dict[str, type]:
    """Which optional fields a claim of this card carries: ``payment`` and/or ``choices``."""
    card = FATE_CARDS[card_id]
    out: dict[str, type] = {"card_id": str}
    if parse_code(card.requirement)[0] == "pay_goods":
        out["payment"] = dict
    if parse_code(card.reward)[0] in ("market_horse", "goods", "upgrade"):
        out["choices"] = dict
    return out


def claimable_cards(w: Work, seat: int) -> list[str]:
    """[L2] the seat's pending cards; [L3] the display."""
    if w.level == 2:
        return list(w.pending_fate[seat])
    return [c for c in w.display if c]


def claim(w: Work, seat: int, move: dict) -> None:
    """``ClaimFateCard`` (FR-R150): check, pay, reward, then keep or return the card."""
    check_active(w, seat, "FR-R150a")
    card_id = move.get("card_id")
    if not isinstance(card_id, str) or card_id not in claimable_cards(w, seat):
        raise IllegalMove("FR-R150b", f"{card_id!r} is not a fate card seat {seat} may claim")
    exact(move, "FR-R150", ignore=("type",), **fields_for(card_id))
    if w.claims >= w.claim_limit:
        raise IllegalMove("FR-R150c", "no more fate-card claims this turn")
    card = FATE_CARDS[card_id]
    if not requirement_holds(w, seat, card.requirement):
        raise IllegalMove("FR-R150d", f"seat {seat} does not meet {card.name}'s requirement")
    pay(w, seat, card.requirement, move.get("payment"))
    reward(w, seat, card.reward, move.get("choices"))
    w.claims += 1
    if w.level == 2:
        w.pending_fate[seat].remove(card_id)
    else:
        slot = w.display.index(card_id)
        w.display[slot] = None
    if card.kept:
        w.kept_fate[seat].append(card_id)
    else:
        w.fate_deck.append(card_id)
    if w.level == 3:
        w.display[slot] = flow.draw_fate(w)


def pay(w: Work, seat: int, code: str, payment: object) -> None:
    name, args = parse_code(code)
    if name == "pay_carrots":
        w.gain(seat, carrots=-int(args[0]))
    elif name == "pay_boots":
        w.gain(seat, boots=-int(args[0]))
    elif name == "pay_goods":
        carrots, boots = goods_pair(payment, "FR-R150d", int(args[0]))
        if carrots > w.carrots(seat) or boots > w.boots(seat):
            raise IllegalMove("FR-R150d", "the payment is not affordable")
        w.gain(seat, -carrots, -boots)


def reward(w: Work, seat: int, code: str, choices: object) -> None:
    """FR-R150e: the reward must be executable; tokens of an upgrade reward not listed are forfeited."""
    name, args = parse_code(code)
    n = int(args[0]) if args else 0
    if name == "carrots":
        w.gain(seat, carrots=n)
    elif name == "boots":
        w.gain(seat, boots=n)
    elif name == "goods":
        carrots, boots = goods_pair(choices, "FR-R150e", n)
        w.gain(seat, carrots, boots)
    elif name == "draw_horse_home":
        home = w.home_of(seat)
        if home is None or free_places(w, home) < 1 or not (w.horse_deck or w.discard):
            raise IllegalMove("FR-R150e", "the drawn horse needs a free place in the home")
        card = flow.draw_horse(w)
        if card is None:  # FR-R257: drawn into the home once the discard is shuffled
            w.home_draw = seat
        else:
            place_horse(w, seat, card, home)  # FR-D31
    elif name == "market_horse":
        data = exact(choices, "FR-R150e", card_id=str, destination=str)
        card = data["card_id"]
        if card not in w.market or data["destination"] not in destinations(w, seat, card):
            raise IllegalMove("FR-R150e", "take a market horse to a legal destination")
        w.market[w.market.index(card)] = None
        place_horse(w, seat, card, data["destination"])
        flow.refill_market(w)
    elif name == "upgrade":
        territories = exact(choices, "FR-R150e", territories=list)["territories"]
        if len(territories) > n:
            raise IllegalMove("FR-R150e", f"at most {n} upgrade tokens")
        for territory in territories:
            if not isinstance(territory, str) or not can_place_upgrade(w, seat, territory):
                raise IllegalMove("FR-R170", f"an upgrade token cannot go on {territory!r}")
            place_upgrade(w, seat, territory)
    # trophies: nothing now, the kept card scores at the end (FR-R352/FR-R353)


def upgrade_lists(w: Work, seat: int, n: int) -> list[list[str]]:
    """Every ordered list of at most ``n`` placements, each legal when made (FR-R150e, FR-R170)."""
    room = {
        t: LOCATIONS[t].price - w.upgrades.get(t, [0] * w.players)[seat] for t in upgrade_targets(w, seat)
    }
    out: list[list[str]] = [[]]
    frontier: list[list[str]] = [[]]
    for _ in range(min(n, tokens_in_supply(w, seat))):
        frontier = [prefix + [t] for prefix in frontier for t in room if prefix.count(t) < room[t]]
        out.extend(frontier)
    return out
