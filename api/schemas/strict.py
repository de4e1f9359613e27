"""JSON-strict fields: a body's ``"5"``, ``5.0`` or ``true`` is not an integer, ``1`` is not a boolean.

marshmallow coerces all of these by default; the OpenAPI document promises JSON types, so the API
holds clients to them (and the contract fuzzer checks that it does).
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields


class Integer(fields.Integer):
    default_error_messages = {"invalid": "Not a valid integer (a JSON number without a fraction)."}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class Boolean(fields.Boolean):
    default_error_messages = {"invalid": "Not a valid boolean (true or false)."}

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value
