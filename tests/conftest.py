"""Shared fixtures. The test-only Tiny Duel is made playable here (never in the product)."""

from __future__ import annotations

from domain.games import register
from tests.tinygame import GAME as TINY

register(TINY)
