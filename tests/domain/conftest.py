from __future__ import annotations

import pytest

from domain.application import Tables
from tests.backends import BACKENDS, store_env


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def tables(backend, tmp_path):
    app = Tables(env=store_env(backend, tmp_path))
    yield app
    app.close()


@pytest.fixture
def memory_tables():
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()
