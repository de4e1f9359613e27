"""Walnut Grove (Lookout Games 2011): eight years of farming on the prairie, as pure rules.

The table of contents: which function implements which part of the common game protocol.
Spec: ``docs/rules/walnut_grove.md`` (rule ids ``WG-...``).
"""

from functools import partial

from domain.games.game import Game
from domain.games.walnut_grove import bots, catalog, legal, preview, rules, scoring, state, views
from domain.games.walnut_grove.determinize import determinize

RULES_1 = Game(
    name="walnut_grove",
    title="Walnut Grove",
    min_players=1,
    max_players=4,
    rules_version="1",
    rules_label="Walnut Grove rules 1 (every help tile held at the end costs 2 points)",
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
    component_names=catalog.names,
    preview=preview.preview,
)

#: WG-D19 corrected to the printed rule: only flipped help tiles cost points at the end. Tables
#: opened under rules 1 keep scoring every held tile (docs/rules/walnut_grove.md, "Rules versions").
GAME = RULES_1.revise(
    "2", "Walnut Grove rules 2 (only flipped help tiles cost 2 points, as printed)",
    scores=scoring.SCORES["2"],
    facts=partial(views.fact_view, score=scoring.SCORES["2"]),
    catalog=partial(catalog.catalog, "2"),
)
