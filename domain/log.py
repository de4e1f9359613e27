"""The table log as one viewer may read it: one entry, one plain sentence per event.

Moves and chance outcomes pass through the game's ``action_view`` and ``describe`` (its
``views.py``, the one place a game strips secrets); table events are described here and never
show the seed before ``GameFinished`` reveals it. Once the game is over nothing is secret any
more (the seed is public, so every outcome is re-derivable): the whole log shows every move and
outcome as recorded, each move described in full (as its actor read it). Undone events stay in
the log, marked.

Seats are named in one place, here: sentences (the games' and this module's) carry neutral seat
references (``seat_ref``/``their_ref``), and ``render_seats`` turns them into the players' names,
or "You"/"your" for the reader's own seat, never for a spectator. So a finished game's moves,
told from each actor's side, read "Alice played ..." for everyone but Alice. The names are the
seats' names at that event (a seat a bot took over keeps its player's name).

Components are named the same way: sentences carry ``component_ref`` placeholders
(``{card:P-LIBERAL}``), which ``render_seats`` turns into the game's name for them
(``Game.name_component``) when the log is read, never before; so the log read model stores
neutral text, and a change of names needs no change to stored data. A present-tense verb after a
seat is ``seat_verb``'s reference and agrees with how the seat is read ("Ann starts", "You
start"). Every path that shows a sentence (``table_log``, the read model's ``entry_for``, the
live stream, ``tabletop replay --log``) renders through ``render_seats``/``render_facts``, so they
all read the same words.

Under a move or chance outcome the entry lists its *facts*, the automatic consequences the game
derives from the states before and after (``Game.facts``: income paid, a territory taken over,
the final scores ...), redacted by the game for the reader as its moves are, and shown in full
once the game is over. They are derived here, when the log is built; the events stay as stored
(docs/log.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from domain.games.facts import score_unit as unit_word
from domain.games.game import (
    CHANCE,
    COMPONENT_REF,
    DEFAULT_BOT_LEVEL,
    SEAT_REF,
    ChanceRequest,
    chance_action,
    seat_ref,
    their_ref,
)
from domain.table import Table


@dataclass(frozen=True)
class LogEntry:
    version: int
    event: str
    seat: int | None
    text: str
    action: dict[str, Any] | None
    undone: bool
    timestamp: str
    facts: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def undone_versions(events: list[Any]) -> set[int]:
    """Every version some later ``Undone`` took back."""
    undone: set[int] = set()
    for event in events:
        if isinstance(event, Table.Undone):
            first, last = event.undone
            undone.update(range(first, last + 1))
    return undone


def table_log(events: Iterable[Any], viewer: int | None, after: int = 0, limit: int = 100, *,
              table: Table | None = None, undone: set[int] | None = None, over: bool | None = None) -> list[LogEntry]:
    """The entries after ``after``, at most ``limit``, from the table's events.

    Given the whole history, it finds the undone versions and whether the game is over itself.
    Given only the events after ``table`` (the table as of the version before the first of them,
    which the caller loads from a snapshot) it needs ``undone`` and ``over`` from the latest table,
    and its cost no longer grows with the table's history.
    """
    events = list(events)
    if undone is None:
        undone = undone_versions(events)
    if over is None:
        over = any(isinstance(event, Table.GameFinished) for event in events)
    entries: list[LogEntry] = []
    for event in events:
        before = table.state if table is not None else None
        players = list(table.players) if table is not None else []
        table = event.mutate(table)
        version = event.originator_version
        if version <= after:
            continue
        seat, action, text = describe_event(table, event, before, players, viewer, over)
        facts = event_facts(table, event, before, table.state, viewer, over)
        if facts:
            facts = render_facts(facts, seat_names(list(table.players), players), viewer, table.game.name_component)
        entries.append(
            LogEntry(version, type(event).__name__, seat, text, action, version in undone, event.timestamp.isoformat(),
                     facts)
        )
        if len(entries) >= limit:
            break
    return entries


def seat_names(after: list[dict | None], before: list[dict | None]) -> list[str]:
    """Each seat's name at an event, from the seats right ``after`` it and just ``before`` it: its
    player after the event, else before it (one who left), else "Seat N". A name several seats
    share gets its seat number, so every seat stays told apart. Seats are numbered from 1 where
    a person reads them (the API's seats count from 0)."""
    names = []
    for seat in range(max(len(after), len(before))):
        player = (after[seat] if seat < len(after) else None) or (before[seat] if seat < len(before) else None)
        names.append(player["name"] if player else f"Seat {seat + 1}")
    return [f"{name} (seat {seat + 1})" if names.count(name) > 1 else name for seat, name in enumerate(names)]


_SENTENCE_END = (".", "!", "?")


#: How a game names a component for a sentence (``Game.name_component``): None when unknown.
Namer = Callable[[str, str], "str | None"]


def render_seats(text: str, names: Sequence[str], viewer: int | None, components: Namer | None = None) -> str:
    """``text`` as ``viewer`` reads it: its components (``component_ref``) by the game's names
    for them, given ``components`` (one it does not know stays a reference, which the tests catch,
    rather than failing a read); its seat references (``seat_ref``/``their_ref``) by the seat's
    name, "You"/"your" for the viewer's own seat (capitalised at a sentence's start), and its verbs
    (``seat_verb``) agreeing with them."""
    if components is not None and "{" in text:
        text = _render_components(text, components)

    def one(match: Any) -> str:
        kind, seat = match.group(1), int(match.group(2))
        if kind == "verb":
            return match.group(4) if seat == viewer else match.group(3)
        if seat == viewer:
            word = "you" if kind == "seat" else "your"
        elif kind == "their":
            word = "their"
        else:
            return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        return word.capitalize() if _starts_sentence(text, match.start()) else word

    return SEAT_REF.sub(one, text)


def _render_components(text: str, components: Namer) -> str:
    def one(match: Any) -> str:
        name = components(match.group(1), match.group(2))
        if name is None:
            return match.group(0)
        return name[:1].upper() + name[1:] if _starts_sentence(text, match.start()) else name

    return COMPONENT_REF.sub(one, text)


def _starts_sentence(text: str, at: int) -> bool:
    head = text[:at].rstrip()
    return not head or head.endswith(_SENTENCE_END)


def render_facts(facts: Sequence[dict[str, Any]], names: Sequence[str], viewer: int | None,
                 components: Namer | None = None) -> list[dict[str, Any]]:
    """``facts`` with their sentences as ``viewer`` reads them (``render_seats``)."""
    return [{**f, "text": render_seats(f.get("text", ""), names, viewer, components)} for f in facts]


def event_facts(table: Table, event: Any, before: Any, after: Any, viewer: int | None,
                over: bool = False) -> list[dict[str, Any]]:
    """The facts of one move or chance outcome as ``viewer`` may know them, their seats still as
    references (``render_facts`` names them); every other event, and a game without ``facts``,
    has none.

    ``before``/``after``: the game state before and right after ``event`` (``table`` only gives
    the game); ``over``: the game has finished, so they are shown in full.
    """
    derive = table.game.facts
    if derive is None or before is None or after is None:
        return []
    if isinstance(event, Table.MovePlayed):
        actor, move = event.seat, event.move
    elif isinstance(event, Table.ChanceResolved):
        actor, move = CHANCE, chance_action(ChanceRequest.from_dict(event.request), event.outcome)
    else:
        return []
    return derive(before, actor, move, after, viewer, reveal=over)


def hides_nothing(table: Table, event: Any, before: Any, viewers: Iterable[int | None]) -> bool:
    """Whether no viewer's ``action_view`` of this move or chance outcome hides anything (each is
    the move itself), so its sentence reads alike for all of them (the ``Game`` protocol) and is
    rendered once. Every other event reads alike for everyone anyway."""
    if isinstance(event, Table.MovePlayed):
        actor, move = event.seat, event.move
    elif isinstance(event, Table.ChanceResolved):
        actor, move = CHANCE, chance_action(ChanceRequest.from_dict(event.request), event.outcome)
    else:
        return True
    view = table.game.action_view
    return all(view(before, actor, move, viewer) == move for viewer in viewers)


def _seats(seats: Iterable[int]) -> str:
    refs = [seat_ref(s) for s in seats]
    return " and ".join(refs) if len(refs) < 3 else ", ".join(refs[:-1]) + " and " + refs[-1]


def _say(game: Any, before: Any, actor: int, move: Any, viewer: int | None, after: Any) -> str:
    """The game's sentence, given the state after the move when the game can use it."""
    if after is not None and game.describe_after is not None:
        return game.describe_after(before, actor, move, viewer, after)
    return game.describe(before, actor, move, viewer)


def _describe(
    table: Table, event: Any, before: Any, players: list, viewer: int | None, over: bool, after: Any = None
) -> tuple[Any, Any, str]:
    game = table.game
    if isinstance(event, Table.MovePlayed):
        if over:
            return event.seat, event.move, _say(game, before, event.seat, event.move, event.seat, after)
        return (
            event.seat,
            game.action_view(before, event.seat, event.move, viewer),
            _say(game, before, event.seat, event.move, viewer, after),
        )
    if isinstance(event, Table.ChanceResolved):
        action = chance_action(ChanceRequest.from_dict(event.request), event.outcome)
        if over:
            return CHANCE, action, _say(game, before, CHANCE, action, viewer, after)
        return CHANCE, game.action_view(before, CHANCE, action, viewer), _say(game, before, CHANCE, action, viewer, after)
    if isinstance(event, Table.Opened):
        # The commitment itself (64 hex digits) is the Fairness audit's, where it is checked; a
        # player reading the log stumbled on it (table review, fifteenth session).
        text = f"A {game.title} table opened with {event.seats} seats{opened_as(game, event.options)}; its seed is sealed until the end."
        origin = event.forked_from
        if origin and origin.get("what_if"):
            who = origin.get("by") or f"Seat {origin['as_seat'] + 1}"
            text += (f" What if: branched by {who} from version {origin['version']} of another game, as {who} knew it"
                     " then; everything hidden from them was drawn afresh.")
        elif origin:
            text += f" Forked from table {origin['table']} at version {origin['version']}."
        return None, {"options": event.options, "undo_policy": event.undo_policy}, text
    if isinstance(event, Table.SeatTaken):
        level = (getattr(event, "level", None) or DEFAULT_BOT_LEVEL) if event.bot else None
        return event.seat, None, (
            f"{seat_ref(event.seat)} took seat {event.seat + 1}{f' as a {level} bot' if level else ''}.")
    if isinstance(event, Table.SeatLeft):
        tail = f"; a bot plays on in {their_ref(event.seat)} place" if event.replaced_by_bot else ""
        return event.seat, None, f"{seat_ref(event.seat)} left{tail}."
    if isinstance(event, Table.GameStarted):
        return None, None, "The game started."
    if isinstance(event, Table.UndoRequested):
        tail = f"; {_seats(event.needs)} must approve" if event.needs else ""
        return event.seat, {"to_version": event.to_version}, (
            f"{seat_ref(event.seat)} asked to undo back to version {event.to_version}{tail}."
        )
    if isinstance(event, Table.UndoVoted):
        verb = "approved" if event.approve else "rejected"
        return event.seat, {"approve": event.approve}, f"{seat_ref(event.seat)} {verb} the undo."
    if isinstance(event, Table.Undone):
        first, last = event.undone
        taken_back = f"version {first} is" if first == last else f"versions {first} to {last} are"
        return (
            event.by,
            {"to_version": event.to_version, "approvals": event.approvals},
            f"The table went back to version {event.to_version}; {taken_back} undone.",
        )
    if isinstance(event, Table.RulesVersionAdopted):
        return None, {"from_version": event.from_version, "to_version": event.to_version}, (
            f"The table moved to {game.rules_description()['label']}: its whole history plays the same under them."
        )
    if isinstance(event, Table.GameFinished):
        return None, {"scores": event.scores, "winners": event.winners, "seed": event.seed}, ended_text(game, event)
    return None, None, type(event).__name__


def opened_as(game: Any, options: Any) -> str:
    """How the first line says what the table plays: " at level 3 (rules version 1)". A game with
    levels (Fantasy Ranch's ``level`` option) says its level in words; the rules are a version, with
    what the version changed where its label says it ("(rules version 2: only flipped help tiles
    cost 2 points, as printed)"). It once read "under Fantasy Ranch rules 1", beside the header's
    level 3 (table review, finding 14)."""
    level = (options or {}).get("level") if "level" in game.options else None
    rules = game.rules_description()
    label, plain = rules["label"], f"{game.title} rules {rules['version']}"
    what = label[len(plain):].strip().removeprefix("(").removesuffix(")").strip() if label.startswith(plain) else label
    version = f"rules version {rules['version']}{f': {what}' if what else ''}"
    return f"{f' at level {level}' if level is not None else ''} ({version})"


def score_unit(game: Any, n: Any) -> str:
    """What a game's totals count, from its catalog's terms (``score.unit``, ``score.unit.one``):
    Fantasy Ranch counts trophies; "points" otherwise."""
    return unit_word((game.catalog() or {}).get("terms", {}), n)


def ended_text(game: Any, event: Any) -> str:
    """The last line: who won and every total with its unit, best first ("Bot 2 won (Bot 2 7
    trophies, Bot 3 4 trophies, you 3 trophies)"). It once read "(you 3, Bot 2 7, Bot 3 4). The seed
    was" and 64 hex digits: bare numbers in seat order, and the seed, which the Fairness audit shows."""
    totals = {int(s): v for s, v in event.scores["totals"].items()}
    ranking = [int(s) for s in event.scores.get("ranking") or []]
    order = ranking + [s for s in totals if s not in ranking]
    listed = ", ".join(f"{seat_ref(s)} {totals[s]} {score_unit(game, totals[s])}" for s in order if s in totals)
    who = f"{_seats(event.winners)} won" if event.winners else "nobody won"
    return f"The game ended: {who} ({listed}); its seed is now public."


def neutral_event(
    table: Table, event: Any, before: Any, players: list, viewer: int | None, over: bool = False,
    after: Any = None,
) -> tuple[Any, Any, str]:
    """``(seat, action, sentence)`` of one event for ``viewer``, its seats still as references
    (``render_seats`` names them): what the log projection stores, rendered when read.

    ``table`` is the table right after ``event``; ``before``/``players`` its state and seats before;
    ``over``: the game has finished, so moves and chance outcomes are shown in full; ``after``:
    the game state right after ``event`` when the caller holds it (``Game.describe_after``).
    """
    return _describe(table, event, before, players, viewer, over, after)


def describe_event(
    table: Table, event: Any, before: Any, players: list, viewer: int | None, over: bool = False
) -> tuple[Any, Any, str]:
    """``(seat, action, sentence)`` of one event as ``viewer`` reads it, seats named; the live
    stream and ``table_log`` render with it, event by event (arguments as ``neutral_event``)."""
    seat, action, text = _describe(table, event, before, players, viewer, over, table.state)
    return seat, action, render_seats(text, seat_names(list(table.players), players), viewer, table.game.name_component)
