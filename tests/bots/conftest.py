from __future__ import annotations

import pytest

from domain.application import Tables


@pytest.fixture
def memory_tables():
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()
