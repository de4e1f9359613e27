"""``TABLETOP_BOTS``: inline by default (the embedded service, every test), ``worker`` only where a
bots worker can hear about the tables (Redis) and share their store."""

from __future__ import annotations

import pytest

from api import create_app
from api.config import Settings
from tests.api.conftest import settings


def test_bots_play_inline_by_default():
    assert Settings.from_env({}).bots == "inline"
    app = create_app(settings())
    try:
        assert app.extensions["tabletop.tables"].defer_bots is False
    finally:
        app.extensions["tabletop.tables"].close()


def test_the_worker_mode_is_read_with_redis_and_a_shared_store():
    env = {"TABLETOP_BOTS": "worker", "TABLETOP_REDIS_URL": "redis://127.0.0.1:6379/0"}
    assert Settings.from_env(env).bots == "worker"


@pytest.mark.parametrize(("env", "says"), [
    ({"TABLETOP_BOTS": "later"}, "TABLETOP_BOTS must be one of inline, worker"),
    ({"TABLETOP_BOTS": "worker"}, "needs TABLETOP_REDIS_URL"),
    ({"TABLETOP_BOTS": "worker", "TABLETOP_REDIS_URL": "redis://127.0.0.1:6379/0", "TABLETOP_STORE": "memory"},
     "needs a store the bots worker shares"),
])
def test_a_bots_mode_that_cannot_work_is_refused(env, says):
    with pytest.raises(ValueError, match=says):
        Settings.from_env(env)
