// Board modules, one per game, loaded on demand. A game without one here shows the generic panel
// (the legal-move list and the view as a tree). See docs/web.md, "Board modules".

const BOARDS = {
  bunny_kingdom: () => import('./bunny_kingdom.js'),
  homesteaders: () => import('./homesteaders.js'),
  walnut_grove: () => import('./walnut_grove.js'),
  fantasy_ranch: () => import('./fantasy_ranch.js'),
};

/** The board module of `game`, or null. */
export async function boardFor(game) {
  const load = BOARDS[game];
  return load ? (await load()).default : null;
}
