"""The ``tabletop`` command: serve, demo, replay, audit, export, import, projections, bots, bench, migrate, rules.

Every subcommand turns bad input into one clear line on stderr and exit status 2, never a
traceback: domain refusals, unknown ids, unreachable stores.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from uuid import UUID

from api.config import Settings
from domain.errors import DomainError


class CommandError(Exception):
    """A bad command line; printed as one line."""


def _table_id(text: str) -> UUID:
    try:
        return UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a table id: {text!r}") from None


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env()
    if getattr(args, "store", None):
        settings = settings.with_(store=args.store)
    if getattr(args, "data_dir", None):
        from pathlib import Path

        settings = settings.with_(data_dir=Path(args.data_dir))
    return settings


def cmd_serve(args: argparse.Namespace) -> int:
    from api import server

    return server.serve(_settings(args), args.host, args.port, args.workers)


def cmd_demo(args: argparse.Namespace) -> int:
    from api.wiring import build_tables
    from domain.games import get_game

    settings = _settings(args)  # the configured store (the embedded one by default): replay, export and serve find it
    game = get_game(args.game)
    players = args.players or game.max_players
    options = json.loads(args.options) if args.options else {}
    if not isinstance(options, dict):
        raise CommandError("--options must be a JSON object")
    levels = _levels(args.levels, players)
    tables = build_tables(settings)
    try:
        table_id = tables.open_table(game.name, players, options).table_id
        for seat in range(players):
            tables.take_seat(table_id, f"Bot {seat + 1}", bot=True, level=levels[seat])  # seats read from 1
        tables.start(table_id)
        summary = tables.summary(table_id)
        scores = tables.scores(table_id)
        report = tables.audit(table_id)
    finally:
        tables.close()
    print(f"{game.title}, {players} players. {_options_line(game, summary['options'])}")
    print(f"table {table_id}: {summary['status']} after {summary['version']} events")
    print(_scoreboard(summary, scores, game.catalog().get("terms", {})))
    print(f"audit: {'PASS' if report.ok else 'FAIL'}")
    for check in report.checks.values():
        state = {True: "pass", False: f"FAIL at version {check.version}: {check.detail}", None: "n/a"}[check.ok]
        print(f"  {check.name:<13} {state}")
    if settings.store != "memory":
        print(f"next: tabletop replay {table_id} --log · tabletop export {table_id} --out record.json"
              f" · or open /#/tables/{table_id} under tabletop serve")
    return 0 if report.ok and summary["status"] == "finished" else 1


def _levels(given: str | None, players: int) -> list[str]:
    """One bot level per seat from ``--levels a,b,...`` (the last one repeats; default basic)."""
    from domain.games.game import BOT_LEVELS, DEFAULT_BOT_LEVEL

    levels = [x.strip() for x in given.split(",")] if given else [DEFAULT_BOT_LEVEL]
    unknown = sorted({x for x in levels if x not in BOT_LEVELS})
    if unknown:
        raise CommandError(f"--levels: unknown level(s) {', '.join(unknown)} (levels: {', '.join(BOT_LEVELS)})")
    if len(levels) > players:
        raise CommandError(f"--levels names {len(levels)} seats; the table has {players}")
    return levels + [levels[-1]] * (players - len(levels))


def _options_line(game, options: dict) -> str:
    """The table's options in words, as the web page's header reads them ("Resources: screened"):
    an option's description reads "Label (what each choice means)"; keys and JSON stay in the API."""
    def label(key: str) -> str:
        option = game.options.get(key)
        text = (getattr(option, "description", "") or "").split(" (")[0].strip()
        return text or key.replace("_", " ").capitalize()

    def words(value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (list, tuple)):
            return ", ".join(words(v) for v in value)
        return str(value).replace("_", " ")

    def applies(key: str) -> bool:
        option = game.options.get(key)
        return option is None or option.applies(options)

    return "; ".join(f"{label(k)}: {words(v)}" for k, v in (options or {}).items() if applies(k)) or "Default options."


def _seat_index(seat: int | None) -> int | None:
    """A seat as a person numbers it (from 1, as the scoreboard and the web page print it) to the
    API's index (from 0); ``None`` is the spectator."""
    if seat is None:
        return None
    if seat < 1:
        raise CommandError(f"--viewer {seat}: seats are numbered from 1")
    return seat - 1


def _scoreboard(summary: dict, scores: dict, terms: dict | None = None) -> str:
    """Rank, seat, name and total, then each seat's non-zero scoring sources (they add up to the
    total), each in the catalog's words ("Buildings (printed VP)", not ``building_vp``)."""
    terms = terms or {}

    def source(key: str) -> str:
        return terms.get(f"score.{key}") or terms.get(key) or key.replace("_", " ")

    names = {str(s["seat"]): f"{s['name']} ({s['level']})" if s.get("level") else s["name"] for s in summary["seats"]}
    lines = ["rank  seat  name              total   breakdown (non-zero sources)"]
    for rank, seat in enumerate(scores["ranking"], 1):
        parts = scores["breakdown"][str(seat)]
        shown = "; ".join(f"{source(k)} {v}" for k, v in parts.items() if v) or "-"
        winner = "*" if seat in scores["winners"] else " "
        total = scores["totals"][str(seat)]
        lines.append(f"{rank:>3}{winner}  {seat + 1:>4}  {names[str(seat)]:<16}  {total:>5}   {shown}")
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace) -> int:
    from api.wiring import build_tables

    tables = build_tables(_settings(args))
    try:
        viewer = _seat_index(args.viewer)
        if args.log:
            for entry in tables.log(args.table, viewer, after=0, limit=100_000):
                mark = " [undone]" if entry.undone else ""
                print(f"{entry.version:>5}  {entry.text}{mark}")
                for fact in entry.facts:  # what the move set off (docs/log.md), under it
                    print(f"{'':>5}    - {fact['text']}")
        else:
            print(json.dumps(tables.view(args.table, viewer, args.version), indent=2, default=str))
    finally:
        tables.close()
    return 0


def cmd_audit(args: argparse.Namespace) -> int:
    from api.wiring import build_tables

    settings = _settings(args)
    anchors = _receipts(settings, args.table, args.receipts) if args.receipts else []
    tables = build_tables(settings)
    try:
        report = tables.audit(args.table, anchors)
    finally:
        tables.close()
    print(json.dumps(report.to_dict(), indent=2))
    return 0 if report.ok else 1


def _receipts(settings, table_id, path: str) -> list[tuple[int, str]]:
    """The ``(version, head)`` of each receipt in the JSON file (one receipt or a list), once
    each is checked to be signed by this server's key for this table."""
    from api.receipts import Signer

    given = json.loads(Path(path).read_text())
    given = given if isinstance(given, list) else [given]
    signer = Signer(settings.signing_seed())
    for index, receipt in enumerate(given):
        problem = signer.check(receipt, table_id)
        if problem:
            raise CommandError(f"receipt {index} in {path}: {problem}")
    return [(r["version"], r["head"]) for r in given]


def cmd_export(args: argparse.Namespace) -> int:
    from api.wiring import build_tables
    from domain.record import table_record

    tables = build_tables(_settings(args))
    try:
        record = table_record(tables, args.table, _seat_index(args.viewer))
    finally:
        tables.close()
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(text)
        state = "finished" if record["finished"] else "not finished: a redacted record"
        print(f"table {args.table}: {len(record['events'])} events ({state}) written to {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from api.wiring import build_tables
    from domain.importing import import_record

    try:
        with open(args.record, encoding="utf-8") as file:
            record = json.load(file)
    except ValueError as error:
        raise CommandError(f"{args.record} is not JSON: {error}") from None
    tables = build_tables(_settings(args))
    try:
        table_id = import_record(tables, record)
        summary = tables.summary(table_id)
    finally:
        tables.close()
    print(f"imported {args.record} as table {table_id}: {summary['title']}, {summary['status']} "
          f"after {summary['version']} events")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from api.wiring import migrate

    migrate(_settings(args))
    print("event store ready")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """``rules check [GAME]``: every stored table under its own rules and the newest; ``rules
    migrate TABLE``: move one table to the newest rules when the check allows it."""
    from api.wiring import build_tables
    from domain.games import get_game

    if args.action == "migrate":
        if not args.target:
            raise CommandError("rules migrate needs a table id")
        try:
            table_id = UUID(args.target)
        except ValueError:
            raise CommandError(f"not a table id: {args.target!r}") from None
        tables = build_tables(_settings(args))
        try:
            before = tables.summary(table_id)["rules_label"]
            receipt = tables.adopt_newest_rules(table_id)
            after = tables.summary(table_id)["rules_label"]
        finally:
            tables.close()
        print(f"table {table_id} moved from {before} to {after} at version {receipt.version}")
        return 0
    tables = build_tables(_settings(args))
    counts = {"checked": 0, "newest": 0, "movable": 0, "pinned": 0, "broken": 0}
    try:
        for found in tables.check_all_rules(args.target):
            counts["checked"] += 1
            key = ("broken" if found.broken else "pinned" if found.differs else "movable" if found.movable
                   else "newest")
            counts[key] += 1
            if args.json:
                print(json.dumps(found.to_dict()))
            elif key != "newest" or args.all:
                print(f"{found.table} {get_game(found.game).title} {key:<7} {found.sentence()}")
    finally:
        tables.close()
    print(f"{counts['checked']} table(s): {counts['newest']} on the newest rules, {counts['movable']} may move, "
          f"{counts['pinned']} pinned (they would differ under the newest), {counts['broken']} do not replay under "
          "their own rules", file=sys.stderr if args.json else sys.stdout)
    return 1 if counts["broken"] else 0


def cmd_projections(args: argparse.Namespace) -> int:
    try:
        from projections import runner
    except ImportError:
        raise CommandError("projections are not part of this build yet") from None
    if args.action == "run":
        from api import collector, logs

        logs.configure()  # the worker's lines in the API's JSON form
        settings = _settings(args)
        collector.apply(settings.gc_threshold)
        return runner.run(settings, runner.parse_partition(args.partition))
    return runner.rebuild(_settings(args), args.name)


def cmd_bots(args: argparse.Namespace) -> int:
    """``bots run``: the bots worker of ``TABLETOP_BOTS=worker`` (``api/bot_worker.py``)."""
    from api import bot_worker, collector, logs

    logs.configure()  # the worker's lines in the API's JSON form
    settings = _settings(args)
    collector.apply(settings.gc_threshold)
    return bot_worker.run(settings, args.threads)


def cmd_bench(args: argparse.Namespace) -> int:
    from api import bench

    return bench.main(args.what, args.quick)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="tabletop", description="Tabletop: an event-sourced board-game service.")
    sub = top.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], int], help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--store", choices=("memory", "sqlite", "postgres"), help="event store (default from TABLETOP_STORE)")
        p.add_argument("--data-dir", help="data folder for the embedded SQLite store")
        p.set_defaults(func=func)
        return p

    serve = add("serve", cmd_serve, "Serve the API and the browser client (embedded default: SQLite, no other service).")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1,
                       help="1 (default): gevent's WSGI server in this process; N > 1: gunicorn with N gevent "
                            "workers (needs a shared store, TABLETOP_REDIS_URL and external projections)")
    demo = add("demo", cmd_demo, "Play a whole bot game through the Tables application; print scores and the audit.")
    demo.add_argument("--game", required=True)
    demo.add_argument("--players", type=int)
    demo.add_argument("--options", help='table options as JSON, e.g. \'{"level": 3}\'')
    demo.add_argument("--levels", help="bot level per seat, comma-separated (random, basic, strong), e.g. "
                                       "strong,random,random,random; the last repeats (default: basic)")
    replay = add("replay", cmd_replay, "Show a table's view at any version, or its log.")
    replay.add_argument("table", type=_table_id)
    replay.add_argument("--version", type=int)
    replay.add_argument("--viewer", type=int, help="seat number, from 1 as the scoreboard prints it (default: spectator)")
    replay.add_argument("--log", action="store_true", help="print the table log instead of a view")
    audit = add("audit", cmd_audit, "Audit a table: hash chain, seed, chance, moves, undo, final scores, snapshots.")
    audit.add_argument("table", type=_table_id)
    audit.add_argument("--receipts", metavar="FILE",
                       help="JSON file of signed receipts kept from the table (one or a list): a history cut "
                            "short or rewritten after them is reported (docs/audit.md)")
    export = add("export", cmd_export, "Write a table's game record (docs/record.md) as JSON.")
    export.add_argument("table", type=_table_id)
    export.add_argument("--out", help="file to write (default: standard output)")
    export.add_argument("--viewer", type=int, help="before the end: whose redacted view, a seat number from 1 (default: spectator)")
    imp = add("import", cmd_import, "Replay a finished game's record into a new table; refuse one that does not verify.")
    imp.add_argument("record", help="the record's JSON file")
    add("migrate", cmd_migrate, "Create the event store tables (run once before starting workers).")
    rules = add("rules", cmd_rules, "Rules versions: check every stored table under its own rules and the newest, "
                                    "or migrate one table to the newest (docs/operations.md).")
    rules.add_argument("action", choices=("check", "migrate"))
    rules.add_argument("target", nargs="?", help="check: a game to check (default: every game); migrate: the table id")
    rules.add_argument("--json", action="store_true", help="check: one JSON object per table")
    rules.add_argument("--all", action="store_true", help="check: list the tables on the newest rules too")
    proj = add("projections", cmd_projections, "Run the projection worker, or rebuild a read model from zero.")
    proj.add_argument("action", choices=("run", "rebuild"))
    proj.add_argument("name", nargs="?", help="read model to rebuild (default: all)")
    proj.add_argument("--partition", help="run: keep only partition K of N of the tables (K/N, e.g. 0/2); "
                                          "start one worker per K")
    bots = add("bots", cmd_bots, "Run the bots worker: plays bot seats' moves queued by web workers running with "
                                 "TABLETOP_BOTS=worker (start it under nice; docs/operations.md).")
    bots.add_argument("action", choices=("run",))
    bots.add_argument("--threads", type=int, default=4,
                      help="runs played at a time (default 4: a run mostly waits on the store)")
    bench = add("bench", cmd_bench, "Benchmarks that print figures.")
    bench.add_argument("what", choices=("core",), nargs="?", default="core")
    bench.add_argument("--quick", action="store_true", help="fewer iterations")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except (DomainError, CommandError, ValueError, OSError) as error:
        print(f"tabletop {args.command}: error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - the last line of defence: one line, not a traceback
        name = type(error).__name__
        print(f"tabletop {args.command}: error: {name}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
