"""Walnut Grove (Lookout Games 2011): eight years of farming on the prairie, as pure rules.

The table of contents: which function implements which part of the common game protocol.
Spec: ``docs/rules/walnut_grove.md`` (rule ids ``WG-...``).
"""

from domain.games.game import Game
from domain.games.walnut_grove import bots, catalog, legal, preview, rules, scoring, state, views
from domain.games.walnut_grove.determinize import determinize

GAME = Game(
    name="walnut_grove",
    title="Walnut Grove",
    min_players=1,
    max_players=4,
    rules_version="1",
    options={},
    setup=rules.setup,
    to_act=rules.to_act,
    legal_moves=legal.legal_moves,
    play=rules.play,
    chance=rules.chance,
    resolve_chance=rules.resolve_chance,
    player_view=views.player_view,
    action_view=views.action_view,
    describe=views.describe,
    facts=views.fact_view,
    secrets=views.secrets,
    scores=scoring.scores,
    is_over=rules.is_over,
    bot_move=bots.bot_move,
    determinize=determinize,
    bots=bots.POLICIES,
    to_dict=state.to_dict,
    from_dict=state.from_dict,
    state_type=state.WalnutGroveState,
    catalog=catalog.catalog,
    preview=preview.preview,
)
