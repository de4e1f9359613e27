"""Refresh the vendored Swagger UI of the API docs page (``/api/docs``) from the npm registry.

The docs page must work offline and under the same strict Content-Security-Policy as the client,
so its assets ship inside the package (``api/apidocs/swagger-ui/``), never from a CDN. This
script fetches the pinned ``swagger-ui-dist`` release, checks the registry's sha512 integrity,
and copies the two files the page loads plus the licence and notice (Apache-2.0).

To upgrade: set ``VERSION`` and ``INTEGRITY`` (``npm view swagger-ui-dist@X dist.integrity``),
run ``python scripts/vendor_swagger_ui.py``, open ``/api/docs``, commit the files.
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "5.35.0"
INTEGRITY = "sha512-U06rpMtW9V3XPGOBeamTUSr0Z09jMX4IJuANpE/EZbAhw0G8CgwrzU4YmXkn/h0wCDNsXdGarTNNHC3sU8yVUQ=="
TARBALL = f"https://registry.npmjs.org/swagger-ui-dist/-/swagger-ui-dist-{VERSION}.tgz"
FILES = ("swagger-ui-bundle.js", "swagger-ui.css", "LICENSE", "NOTICE")
TARGET = Path(__file__).resolve().parent.parent / "api" / "apidocs" / "swagger-ui"


def main() -> int:
    data = urllib.request.urlopen(TARBALL, timeout=60).read()  # noqa: S310 (a fixed https URL)
    algorithm, expected = INTEGRITY.split("-", 1)
    actual = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if actual != expected:
        print(f"integrity mismatch for swagger-ui-dist {VERSION}: {actual}", file=sys.stderr)
        return 1
    TARGET.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                print(f"package/{name} missing from the tarball", file=sys.stderr)
                return 1
            content = member.read()
            if name.endswith(".js"):  # no source map is shipped: drop the comment that asks for it
                content = content.replace(b"//# sourceMappingURL=swagger-ui-bundle.js.map", b"")
            (TARGET / name).write_bytes(content)
    (TARGET / "VERSION").write_text(f"swagger-ui-dist {VERSION}\n{INTEGRITY}\n")
    print(f"swagger-ui-dist {VERSION} -> {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
