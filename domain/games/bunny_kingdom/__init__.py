"""Bunny Kingdom (Richard Garfield, 2017) for 2-4 players, per docs/rules/bunny_kingdom.md."""

from domain.games.bunny_kingdom import bots, components, rules, state, views
from domain.games.bunny_kingdom.bots import bot_move
from domain.games.bunny_kingdom.determinize import whole_state
from domain.games.bunny_kingdom.scoring import scores
from domain.games.game import Game

GAME = Game(
    name="bunny_kingdom",
    title="Bunny Kingdom",
    min_players=2,
    max_players=4,
    rules_version="1",
    options={},
    setup=rules.setup,
    to_act=rules.to_act,
    legal_moves=rules.legal_moves,
    play=rules.play,
    chance=rules.chance,
    resolve_chance=rules.resolve_chance,
    player_view=views.player_view,
    action_view=views.action_view,
    describe=views.describe,
    describe_after=views.describe_after,
    facts=views.fact_view,
    secrets=views.secrets,
    scores=scores,
    is_over=rules.is_over,
    bot_move=bot_move,
    to_dict=state.to_dict,
    from_dict=state.from_dict,
    state_type=state.State,
    catalog=components.catalog,
    component_names=components.names,
    determinize=whole_state,
    bots=bots.POLICIES,
)
