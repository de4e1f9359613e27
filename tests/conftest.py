"""Shared fixtures. The test-only Tiny Duel is made playable here (never in the product)."""

from __future__ import annotations

from domain.games import register
from domain.games.bunny_kingdom import memo
from domain.games.walnut_grove import views as wg_views
from tests.tinygame import GAME as TINY

register(TINY)
# Parts shared by every viewer's view are read-only under test: a caller changing one fails.
memo.READ_ONLY_SHARED = True
wg_views.shared = memo.frozen  # Walnut Grove's farm areas and tiles, shared by every view of a farm
