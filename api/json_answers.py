"""The JSON text of answers, written by an encoder built once per option set.

Flask's ``DefaultJSONProvider.dumps`` calls ``json.dumps`` with keyword arguments, which builds a
new ``json.JSONEncoder`` for every answer: about half the cost of encoding a small one (a receipt,
a page of legal moves is larger). ``json.dumps`` with those options is exactly
``JSONEncoder(**options).encode(obj)``, so keeping the encoder gives the same text byte for byte.
"""

from __future__ import annotations

import json
from typing import Any

from flask.json.provider import DefaultJSONProvider


class KeptEncoderProvider(DefaultJSONProvider):
    """``DefaultJSONProvider`` whose ``dumps`` reuses one encoder per set of options."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._encoders: dict[tuple, json.JSONEncoder] = {}

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        kwargs.setdefault("default", self.default)
        kwargs.setdefault("ensure_ascii", self.ensure_ascii)
        kwargs.setdefault("sort_keys", self.sort_keys)
        try:
            key = tuple(sorted(kwargs.items()))
            encoder = self._encoders.get(key)
        except TypeError:  # an option that is not hashable (a list of separators): as Flask does
            return json.dumps(obj, **kwargs)
        if encoder is None:
            if "cls" in kwargs or len(self._encoders) >= 16:
                return json.dumps(obj, **kwargs)
            encoder = self._encoders[key] = json.JSONEncoder(**kwargs)
        return encoder.encode(obj)
