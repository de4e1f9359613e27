"""What ``create_app()``'s own per-request layer costs over a plain Flask app, part by part.

Why a separate script: ``bench_load.py``'s baseline is a route mounted *inside* ``create_app()``
(the bare append), which pays this layer too, so its ratio cannot show it. Here the same trivial
route (a small JSON answer, no store) is called through WSGI directly, in one process, measured
as CPU time (``time.process_time``, which a loaded box disturbs far less than wall time):

* ``plain``: ``Flask(__name__)`` with that route, nothing else;
* ``app``: the route added to the app ``create_app()`` builds (every hook runs: request id and
  JSON access line, metrics, the limiter's caps, the body check, the receipt header), its access
  line written as JSON to ``/dev/null`` the way production writes it to stderr;
* ``app − X``: the same with one part taken out, so each part's share is ``app − (app − X)``;
* ``smorest``: the route as the API's routes are declared (a flask-smorest blueprint with a query
  schema through webargs and a response schema), beside the same route bare in that app.

It prints the CPU µs per request of each and the difference to ``plain``: the issue's target is
at most 500 µs of layer per request. ``--profile FILE`` writes a cProfile of the ``app`` run.

    PYTHONPATH=. python scripts/bench_layer.py [--requests 4000] [--repeat 5] [--profile out.prof]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from uuid import uuid4

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from flask import Flask, jsonify, request  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from api import create_app, logs  # noqa: E402
from api.config import Settings  # noqa: E402

SECRET = hashlib.sha256(b"bench-layer, never served").hexdigest()  # a key api.config accepts
PATH = f"/api/tables/{uuid4()}/seats/0/probe"
RULE = "/api/tables/<uuid:table_id>/seats/<int:seat>/probe"
ANSWER = {"seat": 0, "version": 12, "moves": [{"type": "pass"}]}


BODY = {"move": {"type": "submit_pick", "pick": 1, "play": ["T-I9", "B-CAMP-1"], "round": 1, "discard": None},
        "command_id": "0f" * 16}
RECEIPT = {"table_id": "00000000-0000-0000-0000-000000000000", "version": 12, "position": 345, "duplicate": False}


def probe(table_id, seat):  # noqa: ANN001 - the same view function everywhere
    return jsonify(ANSWER)


def plain_command(table_id, seat):  # noqa: ANN001 - a command's shape: a JSON body read, a receipt answered
    body = request.get_json()
    return jsonify({**RECEIPT, "version": 12 + len(body["move"])})


def plain_app() -> Flask:
    app = Flask(__name__)
    app.add_url_rule(RULE, "probe", probe)
    app.add_url_rule(RULE.replace("probe", "command"), "command", plain_command, methods=["POST"])
    return app


def tabletop_app(data_dir: Path) -> Flask:
    settings = Settings(store="memory", data_dir=data_dir, secret=SECRET, projections="off", testing=False)
    app = create_app(settings)
    app.add_url_rule(RULE, "probe", probe)
    return app


def smorest_app(data_dir: Path) -> Flask:
    """The probe declared the way the API declares its routes (flask-smorest, webargs, marshmallow)."""
    from marshmallow import Schema, fields

    from api.parsing import Blueprint  # as the API declares its routes (one schema instance per class)

    class ProbeArgs(Schema):
        min_version = fields.Integer(load_default=None)

    class ProbeAnswer(Schema):
        seat = fields.Integer()
        version = fields.Integer()
        moves = fields.List(fields.Dict())

    class CommandArgs(Schema):  # as PlayMoveSchema: a move, a command id, an expected version
        move = fields.Dict(required=True)
        command_id = fields.String(load_default=None)
        expected_version = fields.Integer(load_default=None)

    class CommandAnswer(Schema):
        table_id = fields.String()
        version = fields.Integer()
        position = fields.Integer()
        duplicate = fields.Boolean()

    app = tabletop_app(data_dir)
    bp = Blueprint("bench_probe", __name__)

    @bp.route(RULE.replace("probe", "declared"))
    @bp.arguments(ProbeArgs, location="query")
    @bp.response(200, ProbeAnswer)
    def declared(args, table_id, seat):
        return ANSWER

    @bp.route(RULE.replace("probe", "declared-command"), methods=["POST"])
    @bp.arguments(CommandArgs)
    @bp.response(200, CommandAnswer)
    def declared_command(args, table_id, seat):
        return {**RECEIPT, "version": 12 + len(args["move"])}

    app.register_blueprint(bp)  # a plain registration: the OpenAPI document is not the point here
    return app


def without(app: Flask, name: str) -> Flask:
    """``app`` with every hook whose qualified name contains ``name`` removed."""
    for table in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        for key, funcs in table.items():
            table[key] = [f for f in funcs if name not in f"{f.__module__}.{getattr(f, '__qualname__', f)}"]
    return app


def caller(app: Callable, path: str, body: dict | None = None, headers: dict | None = None) -> Callable[[], None]:
    environ = EnvironBuilder(path=path, method="GET" if body is None else "POST", json=body,
                             headers={"Connection": "keep-alive", **(headers or {})}).get_environ()
    data = environ["wsgi.input"].read() if body is not None else b""
    environ["REMOTE_ADDR"] = "127.0.0.1"

    def start_response(status, headers, exc_info=None):  # noqa: ANN001
        if not status.startswith("200"):
            raise SystemExit(f"bench_layer: {path} answered {status}")

    def call() -> None:
        env = dict(environ)
        if data:
            env["wsgi.input"] = io.BytesIO(data)
        body = app(env, start_response)
        for _ in body:
            pass
        close = getattr(body, "close", None)
        if close:
            close()

    return call


def move_app(data_dir: Path) -> tuple[Flask, str, dict, dict]:
    """The app with a Bunny Kingdom table (a person and a ``random`` bot) after one move; the move's
    path (answer with its legal moves), its body and the seat's token header. Sent again, that move
    is the same command (its ``command_id``): the whole route each time (token, table, receipt,
    legal moves, every hook, the command limit), nothing recorded, so it repeats alike."""
    settings = Settings(store="memory", data_dir=data_dir, secret=SECRET, projections="off", testing=False,
                        rate_limit_commands="1000000/second")  # the limiter runs, and never refuses
    app = create_app(settings)
    client = app.test_client()
    table = client.post("/api/tables", json={"game": "bunny_kingdom", "seats": 2}).json["table_id"]
    token = client.post(f"/api/tables/{table}/seats", json={"name": "p", "seat": 0}).json["token"]
    client.post(f"/api/tables/{table}/seats", json={"name": "b", "seat": 1, "bot": True, "level": "random"})
    auth = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/tables/{table}/start", headers=auth).status_code == 200
    legal = client.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json
    path = f"/api/tables/{table}/seats/0/moves?legal_moves=true"
    body = {"move": legal["moves"][0], "command_id": "bench-layer-move"}
    assert client.post(path, headers=auth, json=body).status_code == 200
    return app, path, body, auth


def cpu_per_request(calls: dict[str, Callable[[], None]], n: int, repeat: int) -> dict[str, float]:
    """CPU µs per request of each caller: the best of ``repeat`` runs of ``n`` requests (the least
    disturbed), the callers taking turns within each round so a change of the box's load between
    rounds touches them all alike."""
    for call in calls.values():
        for _ in range(200):
            call()
    best = {name: float("inf") for name in calls}
    for _ in range(repeat):
        for name, call in calls.items():
            t0 = time.process_time()
            for _ in range(n):
                call()
            best[name] = min(best[name], (time.process_time() - t0) / n * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", help="write a cProfile of the full app's requests here")
    args = parser.parse_args()
    sink = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    logs.configure(stream=sink)  # the access line is formatted and written, as in production
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    data = Path(tempfile.mkdtemp(prefix="bench-layer-"))
    n, repeat = args.requests, args.repeat

    parts = {
        "request id + JSON access line (api.logs)": "api.logs",
        "metrics (api.metrics)": "api.metrics",
        "limiter caps + close-on-refusal (api.limits)": "api.limits",
        "body check (api.body)": "api.body",
        "receipt header (api.routes.common)": "receipt_header",
    }
    smorest = smorest_app(data)
    calls = {
        "plain": caller(plain_app(), PATH),
        "full": caller(tabletop_app(data), PATH),
        **{label: caller(without(tabletop_app(data), name), PATH) for label, name in parts.items()},
        "bare_in_smorest": caller(smorest, PATH),
        "declared": caller(smorest, PATH.replace("probe", "declared") + "?min_version=3"),
        "plain_post": caller(plain_app(), PATH.replace("probe", "command"), BODY),
        "declared_post": caller(smorest, PATH.replace("probe", "declared-command"), BODY),
    }
    moves, move_path, move_body, auth = move_app(data)
    legal_path = move_path.replace("moves?legal_moves=true", "legal-moves")
    calls.update({
        "move_declared": caller(moves.wsgi_app.flask, move_path, move_body, auth),  # Flask's dispatch
        "move_lean": caller(moves, move_path, move_body, auth),
        "legal_declared": caller(moves.wsgi_app.flask, legal_path, None, auth),
        "legal_lean": caller(moves, legal_path, None, auth),
    })
    cpu = cpu_per_request(calls, n, repeat)
    plain, full, declared = cpu["plain"], cpu["full"], cpu["declared"]
    rows = [("plain Flask, the same route", plain), ("create_app(), every hook", full)]
    shares = [(label, full - cpu[label]) for label in parts]
    bare_in_smorest = cpu["bare_in_smorest"]

    print(f"bench_layer: {n} requests x best of {repeat}, CPU µs per request (process_time), "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'':56} {'µs/req':>8} {'over plain':>11}")
    for label, value in rows:
        print(f"{label:56} {value:8.1f} {value - plain:11.1f}")
    print("share of each part (the full app minus the app without it):")
    for label, share in shares:
        print(f"  {label:54} {share:8.1f}")
    print(f"{'declared route (flask-smorest, webargs, schema)':56} {declared:8.1f} {declared - plain:11.1f}")
    print(f"  {'its share over the bare route in the same app':54} {declared - bare_in_smorest:8.1f}")
    plain_post, declared_post = cpu["plain_post"], cpu["declared_post"]
    print(f"{'POST with a move body, plain Flask (get_json, jsonify)':56} {plain_post:8.1f} {0.0:11.1f}")
    print(f"{'POST with a move body, declared (body check, schemas)':56} {declared_post:8.1f} "
          f"{declared_post - plain_post:11.1f}")
    print("the move route (a retried move, its answer with the legal moves) and GET legal-moves, "
          "declared path (Flask, webargs, flask-smorest) against the lean path (api.lean):")
    for label, key in (("POST .../moves?legal_moves=true", "move"), ("GET .../legal-moves", "legal")):
        declared_cpu, lean_cpu = cpu[f"{key}_declared"], cpu[f"{key}_lean"]
        print(f"  {label:54} {declared_cpu:8.1f} -> {lean_cpu:8.1f}  ({lean_cpu - declared_cpu:+.1f})")
    if args.profile:
        call = caller(tabletop_app(data), PATH)
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for _ in range(n):
            call()
        profiler.disable()
        profiler.dump_stats(args.profile)
        out = io.StringIO()
        import pstats

        pstats.Stats(args.profile, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())
    print(f"layer over plain Flask: {full - plain:.0f} µs bare, {declared - plain:.0f} µs for a declared route, "
          f"{declared_post - plain_post:.0f} µs for a declared command (POST) (target: at most 500 µs)")


if __name__ == "__main__":
    main()
