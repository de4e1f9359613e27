// A test-only board module for Tiny Duel, served by the browser tests in place of a real game's board
// (tests/e2e/test_table_page.py routes /web/games/index.js and /web/games/tiny_duel.js to this file
// and a one-line registry). It follows docs/web.md "Board modules" like a real board: it draws from
// `view` only, makes a card a target only when the composer allows a move through it, proposes
// single-part moves (the shell stages them for Confirm), names every target and draws a key
// (`legend`). It also notes what the shell gave it, for the tests (`window.__board`, and
// `window.__propose` so a test can propose a move the composer's list does not hold).

import {h} from '../dom.js';
import {s, target, tip} from '../svg.js';

export default {
  render(root, props) {
    window.__board = {
      calls: (window.__board?.calls || 0) + 1,
      keys: Object.keys(props).sort(),
      version: props.version,
      replaying: props.replaying,
      viewer: props.viewer,
      names: props.seats.map((x) => props.name(x.seat)),
      colours: props.seats.map((x) => props.colour(x.seat)),
      hand: props.view?.hand ?? null,
      composerMoves: props.composer.moves.length,
    };
    window.__propose = props.propose;
    const hand = props.view?.hand || [];
    const width = Math.max(1, hand.length + 1) * 60 + 10;
    const svg = s('svg', {viewBox: `0 0 ${width} 80`, width, height: 80, role: 'group', 'aria-label': 'Your hand'});
    hand.forEach((card, i) => {
      const legal = props.composer.allows({card});
      const g = s('g', {transform: `translate(${i * 60 + 5} 5)`, class: legal ? 'legal' : null},
        s('rect', {width: 50, height: 70, rx: 6, fill: legal ? '#fff' : '#e7e3da', stroke: props.colour(props.viewer ?? 0)}),
        s('text', {x: 25, y: 42, 'text-anchor': 'middle'}, String(card)), tip(`Card ${card}`));
      if (legal) {
        target(g, `Card ${card}`, () => {
          const moves = props.composer.where({card});
          if (moves.length === 1) props.propose(moves[0]);
          else props.composer.pick({card}, `Card ${card}`);
        });
      }
      svg.append(g);
    });
    if (props.composer.allows({type: 'roll'})) {
      svg.append(target(s('circle', {cx: hand.length * 60 + 30, cy: 40, r: 22, fill: '#f2a900'}), 'Roll the die',
        () => props.propose(props.composer.where({type: 'roll'})[0])));
    }
    root.replaceChildren(svg);
  },

  legend() {
    return h('ul', {class: 'tiny-key'},
      h('li', {}, 'White card: you may play or bid it'),
      h('li', {}, 'Grey card: not playable now'),
      h('li', {}, 'Gold disc: roll the die'));
  },

  status(props) {
    if (!props.toAct.includes(props.viewer)) return null; // the shell says who it waits for
    const phase = props.view?.phase;
    if (phase === 'bid') return 'Bidding: choose a card to bid';
    if (phase === 'turns') return 'Turns: play a card or roll';
    return null;
  },
};
