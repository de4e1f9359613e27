"""The API tests' in-memory app, client and tables, for the operations tests too."""

from tests.api.conftest import app, client, tables  # noqa: F401 - fixtures
