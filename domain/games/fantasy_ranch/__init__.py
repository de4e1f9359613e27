"""Fantasy Ranch, levels 1 to 3 (spec: docs/rules/fantasy_ranch.md), behind the common game protocol."""

from domain.games.fantasy_ranch import bots, catalog, legal, rules, scoring, state, views
from domain.games.fantasy_ranch.determinize import determinize
from domain.games.game import Game, Option

GAME = Game(
    name="fantasy_ranch",
    title="Fantasy Ranch",
    min_players=2,
    max_players=4,
    rules_version="1",
    options={
        # Descriptions read "Label (what the choices mean)": the lobby and the table header show them.
        "level": Option(default=1, choices=(1, 2, 3), description=(
            "Rules level (1: the basic game; 2 adds fate cards and the draft; "
            "3 adds tournaments, employees and the community)")),
        "community_side": Option(default="B", choices=("A", "B"), description=(
            "Community board side at level 3 (A: a full board scores 1 trophy; B: 2 trophies)"),
            applies_when={"level": (3,)}),
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
    determinize=determinize,
    bots=bots.POLICIES,
    to_dict=state.to_dict,
    from_dict=state.from_dict,
    state_type=state.State,
    catalog=catalog.catalog,
    component_names=catalog.names,
)
