// Random legal solo turns for the record core's tests: the engine's random mover, asked about the
// solo rack as if it were the first player's.
import { newGame, type GameState } from '../../engine';
import { randomMove } from '../../engine/testing/random-game';
import type { SoloState } from './solo-game';

export function randomSoloMove(state: SoloState, random: () => number, passProbability = 0.02): string {
  const game: GameState = {
    ...newGame({ tileSet: state.tileSet, sequence: state.sequence.join('') }),
    board: state.board,
    racks: { red: state.rack, blue: [] },
    toMove: 'red',
  };
  return randomMove(game, random, { passProbability });
}
