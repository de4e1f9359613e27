"""Hosts of their own for a test: Linux network namespaces joined to this one by veth pairs.

Each ``Host`` is a namespace with one veth link: ``10.219.N.2`` inside, ``10.219.N.1`` on this
(the "third host's") side, N one that no other link of the machine uses. ``Relay`` forwards a TCP
port from those link addresses to a loopback service of this namespace (the shared PostgreSQL
listens on 127.0.0.1 only). Needs root and ``ip``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading


def why_not() -> str | None:
    """None when namespaces can be made here, else the reason to skip."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root to create network namespaces (ip netns); CI runs it as root"
    if shutil.which("ip") is None:
        return "needs iproute2's ip command"
    probe = f"tt-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"cannot create a network namespace here: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def ip(*args: str, netns: str | None = None) -> None:
    cmd = ["ip", "netns", "exec", netns, "ip", *args] if netns else ["ip", *args]
    subprocess.run(cmd, check=True, capture_output=True)


def _free_subnet(start: int) -> int:
    """A ``10.219.N.0/24`` no link of this host uses yet, looked for from ``start`` (derived from the
    process id), so two test runs side by side on one machine never bind the same addresses."""
    used = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    for k in range(250):
        subnet = (start + k) % 250 + 1
        if f" 10.219.{subnet}." not in used:
            return subnet
    raise RuntimeError("no free 10.219.N.0/24 subnet for a test host")


class Host:
    """A namespace ``tt<pid>h<n>`` reachable at ``address``; its link can be cut and restored."""

    def __init__(self, n: int) -> None:
        tag = f"{os.getpid() % 100000}h{n}"
        self.name, self.outside, self.inside = f"tt{tag}", f"tto{tag}", f"tti{tag}"
        subnet = _free_subnet(os.getpid() * 2 + n)
        self.gateway, self.address = f"10.219.{subnet}.1", f"10.219.{subnet}.2"
        ip("netns", "add", self.name)
        ip("link", "add", self.outside, "type", "veth", "peer", "name", self.inside)
        ip("link", "set", self.inside, "netns", self.name)
        ip("addr", "add", f"{self.gateway}/24", "dev", self.outside)
        ip("link", "set", self.outside, "up")
        ip("addr", "add", f"{self.address}/24", "dev", self.inside, netns=self.name)
        ip("link", "set", self.inside, "up", netns=self.name)
        ip("link", "set", "lo", "up", netns=self.name)

    def run(self, argv: list[str], **kwargs) -> subprocess.Popen:
        return subprocess.Popen(["ip", "netns", "exec", self.name, *argv], **kwargs)

    def cut(self) -> None:
        ip("link", "set", self.outside, "down")

    def remove(self) -> None:
        subprocess.run(["ip", "link", "del", self.outside], capture_output=True)
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)


class Relay:
    """Forwards ``listen_host:port`` to ``127.0.0.1:target`` in this namespace, a thread per direction."""

    def __init__(self, listen_host: str, port: int, target: int) -> None:
        self.server = socket.create_server((listen_host, port), reuse_port=False)
        self.target = target
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()
        for s in self.open:
            s.close()
