"""What-if branches: a new table from a version of another, as one seat knew it then.

Why a module of its own: a branch of a game with hidden information must never copy what its
forker could not see (other hands, deck and bag orders, screened holdings, face-down tiles), or
"what if I had bid one more" becomes a way to read the other players' cards. The branch starts
from the forker's own ``player_view`` at the branch point, and everything hidden in it is drawn
afresh by the game's ``determinize`` from a generator keyed by the *branch's* seed (committed in
its ``Opened`` event and published at its end like every seed), so:

* the sample depends on the forker's view and the branch seed only: two originals that differ in
  what the forker could not see give the same branch for the same seed (the tests pin it);
* an auditor holding the branch's record and seed can redraw the sample (``branch_rng``).

Future chance steps are drawn from the branch's own seed too, so the original's dice and
shuffles after the branch point are not replayed either.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from typing import Any

from domain.errors import WrongPhase
from domain.games.game import Game

#: How the branch's hidden parts were drawn, as its record states it (``forked_from["sampled"]``).
SAMPLED = "determinize(player_view(state, as_seat), as_seat, branch_rng(seed)); branch_rng = HMAC-SHA256(seed, 'tabletop/branch')"


def branch_rng(seed: str) -> random.Random:
    """The generator that draws a branch's hidden parts, derived from the branch's seed alone."""
    return random.Random(hmac.new(bytes.fromhex(seed), b"tabletop/branch", hashlib.sha256).digest())


def branch_state(game: Game, state: Any, seat: int, seed: str) -> Any:
    """The state a what-if branch starts from: ``seat``'s view of ``state``, its hidden part sampled."""
    if game.determinize is None:
        raise WrongPhase(f"{game.title} cannot be branched as a seat knew it (it has no sampler of hidden parts)")
    return game.determinize(game.player_view(state, seat), seat, branch_rng(seed))
