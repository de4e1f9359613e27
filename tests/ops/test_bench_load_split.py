"""``scripts/bench_load.py`` says how many lanes each web worker holds (``split``): the server's
side of each of the client's connections, found in ``/proc`` by the client's port. Checked with
real loopback connections in this process standing in for a worker."""

from __future__ import annotations

import os
import socket
import types

from scripts.bench_load import connection_owners, split


def held_by(client: socket.socket | None) -> types.SimpleNamespace:
    """A lane's connection as ``split`` reads it (``Conn`` and ``Turns`` both keep a ``writer``)."""
    if client is None:
        return types.SimpleNamespace(writer=None)  # closed (a ``Connection: close`` answer)
    port = client.getsockname()[1]
    return types.SimpleNamespace(writer=types.SimpleNamespace(get_extra_info=lambda name: ("127.0.0.1", port)))


def test_each_connection_is_counted_for_the_worker_holding_its_server_side():
    listener = socket.create_server(("127.0.0.1", 0))
    server_port = listener.getsockname()[1]
    clients = [socket.create_connection(("127.0.0.1", server_port)) for _ in range(3)]
    accepted = [listener.accept()[0] for _ in clients]
    elsewhere = socket.create_server(("127.0.0.1", 0))  # a connection to another port is not a lane's
    other = socket.create_connection(elsewhere.getsockname())
    try:
        owners = connection_owners(server_port, [os.getpid()])
        assert owners == {c.getsockname()[1]: os.getpid() for c in clients}
        lanes = [{"move": held_by(clients[0]), "stream": held_by(clients[1])},
                 {"move": held_by(clients[2]), "stream": held_by(None)},
                 {"move": held_by(other), "stream": held_by(None)}]
        assert split(server_port, [12345678, os.getpid()], lanes) == {"move": [0, 2], "stream": [0, 1]}
        assert split(server_port, [], lanes) == {"move": [], "stream": []}
    finally:
        for s in clients + accepted + [other, listener, elsewhere]:
            s.close()
