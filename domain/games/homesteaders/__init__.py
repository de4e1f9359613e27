"""Homesteaders (Alex Rockwell): bid for land, build a town in three eras, mind your debts.

Rules: ``docs/rules/homesteaders.md`` (ids ``HS-...``). This module binds the protocol.
"""

from domain.games.game import Game, Option
from domain.games.homesteaders import bots, catalog, legal, rules, scoring, state, views
from domain.games.homesteaders.determinize import determinize

GAME = Game(
    name="homesteaders",
    title="Homesteaders",
    min_players=2,
    max_players=4,
    rules_version="1",
    options={
        # Descriptions read "Label (what the choices mean)": the lobby and the table header show them.
        "resource_visibility": Option("screened", ("screened", "open"), (
            "Holdings (screened: each player's goods and money hidden from the others; open: seen by all)")),
        "worker_assignment_mode": Option("simultaneous", ("simultaneous", "sequential"), (
            "Worker placement (simultaneous: everyone at once; sequential: one player at a time, clockwise)")),
    },
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
    to_dict=state.to_dict,
    from_dict=state.from_dict,
    state_type=state.State,
    catalog=catalog.catalog,
    component_names=catalog.names,
    determinize=determinize,
    bots=bots.POLICIES,
)
