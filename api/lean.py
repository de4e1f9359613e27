"""The lean HTTP path of the hot routes: a move (``POST .../seats/<n>/moves``) and its legal moves
(``GET .../seats/<n>/legal-moves``), served without Flask's generic dispatch and without webargs'
and flask-smorest's decorators (issue 39, fourteenth session).

Why: a move is one round trip per move, and a third of its web CPU was framework (the thirteenth
session's profile: Flask and werkzeug 21.6 % of the POST, webargs/marshmallow/flask-smorest 12.6 %).
What this path leaves out is only generic plumbing, never a feature:

* Flask's ``ensure_sync`` around every hook and view (an ``inspect`` call each), its signals when
  nobody listens, the decorators' wrappers (flask-smorest's and webargs');
* webargs' location machinery: the route's own schemas are loaded directly, once per process, with
  webargs' own JSON and query readers (``api.routes.seats``' ``lean_*`` views).

What it keeps, by calling the very functions the declared route runs (one place each):

* Flask's request context (``request``, ``g``, the URL rule and its converters: an id that is not
  a UUID is still Flask's 404), every ``before_request`` / ``after_request`` / ``teardown_request``
  hook the app has, in Flask's order: the request id and access line (``api.logs``), the limiter
  and the caps (``api.limits``), metrics (``api.metrics``), the body check (``api.body``), the
  receipt header, the limiter's headers;
* the limiter's per-route limit, applied to the lean view by ``api.limits`` like to the declared one;
* every refusal raised the same way (webargs' ``abort`` for a field, the domain's and the edge's
  exceptions) and mapped by the app's own error handlers (``api.errors``);
* the OpenAPI document: the declared routes stay registered; only who serves them changes.

Any other request, and any request this path does not recognise once Flask has matched its URL,
goes through Flask's own ``full_dispatch_request`` in the same request context.
``LeanPath.flask`` is Flask's own ``wsgi_app``, for the tests that compare both paths.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

from flask import Flask, request
from flask.ctx import RequestContext
from flask.globals import _cv_app, _cv_request, request_ctx
from flask.signals import request_finished, request_started

#: ``app.extensions`` key: endpoint -> the lean view serving it (``api.limits`` wraps them like routes).
VIEWS = "tabletop.lean"

#: ``app.extensions`` key: ``before_request`` hooks with nothing to do on the lean path (``skip_hook``).
SKIPPED = "tabletop.lean.skipped"

#: The paths this layer looks at (Flask's URL map still decides which route they are).
_PATHS = {
    "POST": re.compile(r"^/api/tables/[^/]+/seats/[^/]+/moves$"),
    "GET": re.compile(r"^/api/tables/[^/]+/seats/[^/]+/legal-moves$"),
}


def views(app: Flask) -> dict[str, Callable[..., Any]]:
    """The app's lean views by endpoint (registered by ``api.routes``)."""
    return app.extensions.setdefault(VIEWS, {})


def skip_hook(app: Flask, hook: Callable[[], Any]) -> None:
    """Leave ``hook`` (a ``before_request`` hook of ``app``) out of the lean path: for a hook that
    is known to do nothing for the lean routes (``api.limits`` says when); Flask's path keeps it."""
    app.extensions.setdefault(SKIPPED, []).append(hook)


class Matches:
    """The URL map's answers for the lean paths already seen: ``(server name, subdomain, path,
    method, websocket)`` -> the rule and its arguments.

    Why: werkzeug's state-machine matcher walks the map for every request, about 4 % of a lean
    request's CPU in one process, and its answer for a path that matched is a function of that key
    and of the map alone (the query only shapes a redirect, which is never kept: only a plain
    match, no routing exception, is). The map is fixed once the app serves (Flask refuses a new
    route after the first request); a pending change (``_remap``) or another count of rules still
    empties this memory. Bounded: past ``KEPT`` paths it starts over."""

    KEPT = 4096

    def __init__(self) -> None:
        self.found: dict[tuple[Any, ...], tuple[Any, dict[str, Any]]] = {}
        self.rules = -1


class _Context(RequestContext):
    """Flask's request context for a lean path: the URL matched from ``Matches`` when the path was
    matched before, by the URL map otherwise (and then remembered). A copy (``copy()``) matches
    through the map as Flask's own does."""

    matches: Matches | None = None

    def match_request(self) -> None:
        matches, adapter = self.matches, self.url_adapter
        url_map = adapter.map if adapter is not None else None
        if matches is None or url_map is None or url_map._remap:
            matches = None
        elif len(url_map._rules) != matches.rules:
            matches.found.clear()
            matches.rules = len(url_map._rules)
        if matches is None:
            super().match_request()
            return
        key = (adapter.server_name, adapter.subdomain, adapter.path_info, adapter.default_method, adapter.websocket)
        req = self.request
        known = matches.found.get(key)
        if known is not None:
            req.url_rule, req.view_args = known[0], dict(known[1])  # a hook may change its copy
            return
        super().match_request()
        if req.routing_exception is None and req.url_rule is not None and req.view_args is not None:
            if len(matches.found) >= matches.KEPT:
                matches.found.clear()
            matches.found[key] = (req.url_rule, dict(req.view_args))


class LeanPath:
    """``app.wsgi_app``: the lean dispatch for the endpoints in ``views(app)``, Flask's for the rest."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.flask = app.wsgi_app  # Flask's own
        self.views = views(app)
        self.skipped = app.extensions.setdefault(SKIPPED, [])
        self.matches = Matches()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        pattern = _PATHS.get(environ.get("REQUEST_METHOD", ""))
        if pattern is None or not pattern.match(environ.get("PATH_INFO", "")):
            return self.flask(environ, start_response)
        app = self.app
        ctx = _Context(app, environ)  # app.request_context(environ), matched from memory when seen before
        ctx.matches = self.matches
        error: BaseException | None = None
        try:  # Flask.wsgi_app's frame, as it is
            try:
                ctx.push()
                rule = ctx.request.url_rule
                view = self.views.get(rule.endpoint) if rule is not None else None
                response = app.full_dispatch_request() if view is None else self.dispatch(view)
            except Exception as e:
                error = e
                response = app.handle_exception(e)
            except:  # noqa: E722 - as Flask: note it for the teardown, re-raise
                error = sys.exc_info()[1]
                raise
            return response(environ, start_response)
        finally:
            if "werkzeug.debug.preserve_context" in environ:
                environ["werkzeug.debug.preserve_context"](_cv_app.get())
                environ["werkzeug.debug.preserve_context"](_cv_request.get())
            if error is not None and app.should_ignore_error(error):
                error = None
            ctx.pop(error)

    def dispatch(self, view: Callable[..., Any]) -> Any:
        """Flask's ``full_dispatch_request`` for a synchronous view and synchronous hooks: the same
        hooks in the same order, the same error handlers, without ``ensure_sync``'s checks."""
        app = self.app
        app._got_first_request = True
        try:
            if request_started.receivers:
                request_started.send(app, _async_wrapper=app.ensure_sync)
            rv = self.before()
            if rv is None:
                rv = view(**request.view_args)
        except Exception as e:
            rv = app.handle_user_exception(e)
        response = app.make_response(rv)
        response = self.after(response)
        if request_finished.receivers:
            request_finished.send(app, _async_wrapper=app.ensure_sync, response=response)
        return response

    def before(self) -> Any:
        """Flask's ``preprocess_request``: URL value preprocessors, then ``before_request`` hooks
        (but those ``skip_hook`` named)."""
        app = self.app
        names = (None, *reversed(request.blueprints))
        for name in names:
            for url_func in app.url_value_preprocessors.get(name, ()):
                url_func(request.endpoint, request.view_args)
        skipped = self.skipped
        for name in names:
            for before_func in app.before_request_funcs.get(name, ()):
                if skipped and before_func in skipped:
                    continue
                rv = before_func()
                if rv is not None:
                    return rv
        return None

    def after(self, response: Any) -> Any:
        """Flask's ``process_response``: ``after_this_request`` functions, ``after_request`` hooks
        (blueprints first, each list in reverse), the session."""
        app = self.app
        ctx = request_ctx._get_current_object()
        for func in ctx._after_request_functions:
            response = func(response)
        for name in chain(request.blueprints, (None,)):
            for func in reversed(app.after_request_funcs.get(name, ())):
                response = func(response)
        if not app.session_interface.is_null_session(ctx.session):
            app.session_interface.save_session(app, ctx.session, response)
        return response


def init_app(app: Flask) -> None:
    """Serve the lean views' endpoints through ``LeanPath`` (call once the routes are registered)."""
    if views(app):
        app.wsgi_app = LeanPath(app)  # type: ignore[method-assign]
