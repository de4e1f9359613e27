"""What each viewer may see (§7): the one place where Fantasy Ranch strips secrets.

Public to all (FR-R300): goods, horses and where they stand, locations and owners, upgrade
tokens, market, discard pile, deck sizes, dice, rankings, prizes, employees, fate cards in
the open, tournament cards on T1-T8, the community. Secret (FR-R301..FR-R303): deck orders,
draft hands and (level 3) picks until revealed, the 8 removed tournament cards, Tessa's cards.
A seat's own secrets sit under ``private`` and nowhere else, so the rest of the view is the
spectator's view (FR-R304).
"""

from __future__ import annotations

from typing import Any

from domain.games.fantasy_ranch import facts, tournaments
from domain.games.fantasy_ranch.components import (
    COLOURS,
    EMPLOYEES,
    FATE_CARDS,
    HORSES,
    SLOT_NAMES,
    TOURNAMENT_CARDS,
)
from domain.games.fantasy_ranch.rules import to_act
from domain.games.fantasy_ranch.state import State, Work
from domain.games.game import CHANCE, component_ref, seat_ref

#: Chance steps whose outcome is a secret order (FR-R301, FR-R305).
SECRET_SHUFFLES = ("shuffle_horses", "shuffle_fate", "reshuffle")


def name(seat: int) -> str:
    """A seat in a log sentence: the platform names it (its player, or "You"), not its colour."""
    return seat_ref(seat)


def player_view(state: State, viewer: int | None) -> dict[str, Any]:
    w = Work(state)
    n = state.players
    view: dict[str, Any] = {
        "level": state.level,
        "phase": state.phase,
        "round": state.round,
        "start_player": state.start,
        "colours": list(COLOURS[:n]),
        "goods": [{"carrots": c, "boots": b} for c, b in state.goods],
        "horses": [[{"card_id": c, "place": w.place[c]} for c in w.horses_of(s)] for s in range(n)],
        "horse_deck_size": len(state.horse_deck),
        "discard": list(state.discard),
        "market": list(state.market),
        "ranches": [list(r) if r else None for r in state.ranches],
        "community": [list(row) for row in state.grid],
        "community_side": state.side if state.level == 3 else None,
        "owners": dict(state.owners),
        "upgrades": {loc: list(v) for loc, v in state.upgrades},
        "competed": list(state.competed),
        "fate_deck_size": len(state.fate_deck),
        "pending_fate": [list(p) for p in state.pending_fate],
        "kept_fate": [list(k) for k in state.kept_fate],
        "display": list(state.display),
        "employees": list(state.employees),
        "employee_pool": [e for e in EMPLOYEES if e not in state.employees] if state.level == 3 else [],
        "tournament_cards": list(state.tournament_cards),
        "turn": {
            "limited_used": state.limited_used,
            "claims": state.claims,
            "claim_limit": state.claim_limit,
            "employee_used": state.employee_used,
        },
        "tessa_cards": len(state.tessa),
        "awaiting": sorted(s for s in to_act(state) if s != CHANCE),
        "tournament": tournament_view(w),
        "results": [result_view(r) for r in state.results],
        "draft": draft_view(state),
        "private": private_view(state, viewer),
    }
    return view


def tournament_view(w: Work) -> dict[str, Any] | None:
    if not w.phase.startswith("tournament"):
        return None
    return {
        "slot": SLOT_NAMES[w.slot],
        "skill": tournaments.skill(w),
        "entries": [{"seat": s, "card_id": c, "dice": d, "kind": k} for s, c, d, k in w.entries],
        "standings": [list(g) for g in w.standings],
        "ranking": list(w.ranking),
        "prizes": [{"seat": s, "place": p, "item_index": i, "item": item} for s, p, i, item in w.prizes],
        "rolls": rolls_view(w.dice),
    }


def rolls_view(dice: Any) -> list[dict[str, Any]]:
    """Every roll of a tournament in order: the first is the whole field, later ones tie roll-offs (FR-R205)."""
    return [{"seats": [s for s, _ in roll], "dice": {str(s): list(d) for s, d in roll}} for roll in dice]


def result_view(result: Any) -> dict[str, Any]:
    """A finished tournament (FR-R300: dice and rankings are public). The horses entered are left
    out: one sold since may lie in a reshuffled deck, and the view never names a deck card."""
    slot, ranking, dice, entries = result
    return {
        "slot": SLOT_NAMES[slot],
        "ranking": list(ranking),
        "rolls": rolls_view(dice),
        "entries": [{"seat": s, "dice": d, "kind": k} for s, _, d, k in entries],
    }


def draft_view(state: State) -> dict[str, Any] | None:
    """FR-R302: hand sizes and pick counts for all; level-2 picks of finished steps are public."""
    if state.phase != "draft":
        return None
    return {
        "step": state.draft_step,
        "hand_sizes": [len(h) + (p is not None) for h, p in zip(state.hands, state.step_picks)],  # FR-R102: as dealt this step
        "picked_this_step": [p is not None for p in state.step_picks],
        "pick_counts": [len(p) for p in state.picks],
        "picks": [list(p) for p in state.picks] if state.level == 2 else None,
    }


def private_view(state: State, viewer: int | None) -> dict[str, Any] | None:
    """The viewer's own secrets: draft hand, picks, every card seen in the draft, Tessa's cards."""
    if viewer is None or not 0 <= viewer < state.players:
        return None
    active = state.phase == "tessa_choice" and Work(state).active == viewer
    return {
        # FR-R102: the picked card leaves the hand at once; until the step ends it is ``pending_pick`` only
        "hand": list(state.hands[viewer]),
        "picks": list(state.picks[viewer]),
        "pending_pick": state.step_picks[viewer] if state.step_picks else None,
        "seen_in_draft": list(state.seen[viewer]),
        "tessa_cards": list(state.tessa) if active else [],
    }


def chance_kind(before: State) -> str:
    return "reshuffle" if before.reshuffle_due else before.phase


def action_view(
    before: State, actor: int, action: dict[str, Any], viewer: int | None
) -> dict[str, Any] | None:
    """The move or chance outcome as ``viewer`` may see it (FR-R305)."""
    if actor == CHANCE:
        kind = chance_kind(before)
        if kind in SECRET_SHUFFLES:
            return {
                "type": "chance",
                "request": {"label": action.get("request", {}).get("label", "")},
                "outcome": None,
            }
        if kind == "shuffle_tournament_cards":
            return {
                "type": "chance",
                "request": {"label": action.get("request", {}).get("label", "")},
                "outcome": action["outcome"][:8],
            }
        return action
    if action.get("type") == "draft_pick" and viewer != actor:
        return {"type": "draft_pick"}
    return action


def fact_view(before: State, actor: int, action: dict[str, Any], after: State, viewer: int | None,
              reveal: bool = False) -> list[dict[str, Any]]:
    """The facts of one step as ``viewer`` may know them (``Game.facts``, docs/log.md): owners, the
    start player and scores are public (FR-R300), so every viewer reads every fact."""
    return [{**f, "text": facts.text(f)} for f in facts.derive(before, actor, action, after)]


def describe(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> str:
    """One plain sentence for the table log, from ``viewer``'s side of the table."""
    if actor == CHANCE:
        return describe_chance(before, action)
    who = name(actor)
    kind = action.get("type")
    a = action
    if kind == "draft_pick":
        if viewer == actor:
            return f"{who} picked {card(a['card_id'])} in draft step {before.draft_step}."
        return f"{who} picked a card in draft step {before.draft_step}."
    sentences = {
        "choose_ranch_board": lambda: f"{who} chose ranch board {a.get('board')} side {a.get('side')}.",
        "choose_starting_employee": lambda: (
            f"{who} hired {employee(a['employee'])}."
        ),
        "choose_home_territory": lambda: f"{who} settled on the {location(a['territory_id'])}.",
        "buy_horse": lambda: f"{who} bought {horse(a['card_id'])} and placed it on the {location(a['destination'])}.",
        "buy_location": lambda: f"{who} bought the {location(a['location_id'])}.",
        "produce_goods": lambda: f"{who} produced {both(a['carrots'], a['boots'])}.",
        "move_horse": lambda: f"{who} moved {horse(a['card_id'])} to the {location(a['destination'])}.",
        "sell_horse": lambda: f"{who} sold {horse(a['card_id'])} for {goods(HORSES[a['card_id']].cost, 'carrots')}.",
        "trade_goods": lambda: (
            f"{who} traded {goods(2 * a['units'], a['give'])} for "
            f"{goods(a['units'], 'boots' if a['give'] == 'carrots' else 'carrots')}."
        ),
        "claim_free_territory": lambda: (
            f"{who} claimed the {location(a['territory_id'])} free with {horse(a['card_id'])}."),
        "end_turn": lambda: (
            f"{who} ended the turn"
            + (f", taking {employee(a['new_employee'])} from the pool." if "new_employee" in a else ".")
        ),
        "claim_fate_card": lambda: (
            f"{who} claimed the fate card {component_ref('fate', a['card_id'])}."
        ),
        "use_employee": lambda: employee_text(before, who, a),
        "tessa_choose": lambda: (
            f"{who} bought {horse(a['card_id'])} from Tessa's cards."
            if a.get("card_id")
            else f"{who} bought none of Tessa's cards."
        ),
        "enter_tournament": lambda: f"{who} entered {horse(a['card_id'])} in {slot(before)}.",
        "enter_final_paid": lambda: f"{who} paid 4 goods to ride in {slot(before)} with one die.",
        "decline_tournament": lambda: f"{who} stayed out of {slot(before)}.",
        "claim_prize": lambda: (
            f"{who} took a prize in {slot(before)}: {prize_text(a.get('choice', {}), prize_item(before))}."
        ),
        "decline_prize": lambda: f"{who} declined a prize in {slot(before)}.",
    }
    try:
        return sentences[kind]()
    except (KeyError, TypeError):
        return f"{who} made a move."


def employee_text(before: State, who: str, a: dict[str, Any]) -> str:
    """``UseEmployee`` in one sentence: whose employee, the fee, and what the ability did."""
    used, p = a["employee"], a.get("params", {})
    holder = before.employees.index(used) if used in before.employees else None
    fee = a.get("fee")
    paying = (
        f", paying {name(holder)} {both(fee.get('carrots', 0), fee.get('boots', 0))},"
        if fee and holder is not None
        else ""
    )
    did = {
        "tom": lambda: (
            f"swap {horse(p['give_card_id'])} for {horse(p['take_card_id'])} on the {location(p['destination'])}"
        ),
        "alex": lambda: f"buy {horse(p['card_id'])} onto the {location(p['destination'])}",
        "gail": lambda: (
            "claim two bonus cards this turn" if p["mode"] == "take_two" else "refresh the bonus display"
        ),
        "ryan": lambda: f"buy the {location(p['location_id'])}",
        "tessa": lambda: "look at the top three horse cards",
        "megan": lambda: f"place upgrade tokens on {_listed([f'the {location(t)}' for t in p['territories']])}",
    }[used]()
    return f"{who} used {employee(used)}{paying} to {did}."


def horse(card: str) -> str:
    """A horse by its name (``catalog.names``)."""
    return component_ref("horse", card)


def card(card_id: str) -> str:
    """A drafted card: a horse, or a fate card."""
    return f"the fate card {component_ref('fate', card_id)}" if card_id in FATE_CARDS else horse(card_id)


def employee(employee_id: str) -> str:
    return component_ref("employee", employee_id)


def location(location_id: str) -> str:
    """A location as a player points at it: "stable on ranch board 2 (bottom right)"."""
    return component_ref("location", location_id)


def slot(before: State) -> str:
    """The tournament being ridden, as the tournament board prints it: "Tournament 4", "Final 2"."""
    return component_ref("slot", SLOT_NAMES[before.slot])


def _listed(parts: list[str]) -> str:
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods(n: int, kind: str) -> str:
    """A count of goods as a player says it: "1 carrot", "2 boots" (the log once read "1 carrots")."""
    return f"{n} {kind[:-1] if n == 1 and kind in ('carrots', 'boots') else kind}"


def both(carrots: int, boots: int) -> str:
    """Carrots and boots as a player says them, a kind with none left out ("6 carrots", not "6
    carrots and 0 boots"); "nothing" when both are none."""
    return " and ".join(goods(n, k) for n, k in ((carrots, "carrots"), (boots, "boots")) if n) or "nothing"


def prize_item(before: State) -> str | None:
    """The prize item being handed out (``goods2``, ``goods1``, ``horse``, ``upgrade``), if any."""
    return before.prizes[0][3] if before.prizes else None


def prize_text(choice: dict, item: str | None = None) -> str:
    """A claimed prize in words; goods with their count ("2 boots", not "boots": the count is the
    prize item's, FR-R210)."""
    if "card_id" in choice:
        return f"{horse(choice['card_id'])} to the {location(choice['destination'])}"
    if "kind" in choice:
        n = {"goods2": 2, "goods1": 1}.get(item or "")
        return goods(n, choice["kind"]) if n else choice["kind"]
    return f"an upgrade token on the {location(choice.get('territory_id'))}"


def describe_chance(before: State, action: dict[str, Any]) -> str:
    kind = chance_kind(before)
    outcome = action.get("outcome")
    if kind == "draw_start_player":
        return f"The start player is {name(outcome[0])}."
    if kind == "shuffle_horses":
        return "The horse deck was shuffled."
    if kind == "shuffle_fate":
        if before.level == 3:  # FR-R006: the top 4 go face up, so naming them reveals nothing
            shown = _listed([component_ref("fate", c) for c in outcome[:4]])
            return f"The fate deck was shuffled; the bonus display shows {shown}."
        return "The fate deck was shuffled."
    if kind == "reshuffle":
        return "The horse discard pile was shuffled into a new deck."
    if kind == "shuffle_tournament_cards":
        cards = ", ".join(
            f"{component_ref('tournament', c)} ({component_ref('skill', TOURNAMENT_CARDS[c].skill)}) "
            f"on {component_ref('slot', SLOT_NAMES[i])}"
            for i, c in enumerate(outcome[:8])
        )
        return f"Tournament cards dealt: {cards}."
    if kind == "lay_out_community":
        rows = 2
        cols = 3 if before.players == 4 else 2
        grid = " / ".join(", ".join(str(b) for b in outcome[r * cols : (r + 1) * cols]) for r in range(rows))
        return f"The ranch community was laid out: boards {grid}."
    w = Work(before)
    index, group = tournaments.rolling_group(w)
    rolls = tournaments.split_rolls(w, list(outcome))
    # one die is its own total: "rolled 5", not "rolled 5 = 5" (table review, second look)
    parts = "; ".join(f"{name(s)} rolled {'+'.join(map(str, r))}{f' = {sum(r)}' if len(r) > 1 else ''}"
                      for s, r in rolls.items())
    if before.rolls == 0:  # the first roll of the tournament; every later one is a tie roll-off
        return f"{slot(before)}: {parts}."
    first = sum(len(g) for g in w.standings[:index]) + 1  # FR-R205: the tied group's own places
    return f"{slot(before)} tie roll-off for places {first}-{first + len(group) - 1}: {parts}."


def secrets(state: State) -> dict[int | None, Any]:
    """What is hidden now and from whom (docs/undo.md): deck orders, the removed tournament cards
    and Tessa's cards from everyone (FR-R301, FR-R303; Tessa's cards belong to the active player
    while she chooses); each seat's draft hand, picks (but at level 2), pending pick and seen cards
    from everyone else (FR-R302)."""
    tessa_owner = Work(state).active if state.phase == "tessa_choice" else None
    hidden: dict[int | None, Any] = {None: (state.horse_deck, state.fate_deck, state.removed_cards)}
    for s in range(state.players):
        hidden[s] = (
            state.hands[s] if state.hands else (),
            state.picks[s] if state.picks and state.level != 2 else (),
            state.step_picks[s] if state.step_picks else None,
            state.seen[s] if state.seen else (),
        )
    hidden[tessa_owner] = (hidden[tessa_owner], state.tessa)
    return hidden
