// A replayed game written as GCG (gcg.ts parses it back).

import { otherColor } from '../common/color';
import { BOARD_SIZE, parseCoord, stepOf } from './board';
import { formatGcgPlay } from './notation';
import { rackLetters } from './rack';
import type { GameState, MoveRecord } from './replay';
import { isLowerCase, upperLetter } from './tile-sets';
import type { Color } from './types';

// ---------------------------------------------------------------------------------------
// Export

export interface GcgExportPlayer {
  readonly name: string;
  /** A GCG nick is one word; derived from the name when absent. */
  readonly nick?: string;
}

export interface GcgExport {
  /** A replay: its final state and every move's record (replayGame's result). */
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
  /** The competition's word list (docs/rules.md §3): the platform names it, GCG readers need it. */
  readonly lexicon: string;
  readonly players?: Readonly<Record<Color, GcgExportPlayer>>;
  readonly title?: string;
  readonly description?: string;
}

const PLAYER_NUMBER: Readonly<Record<Color, 1 | 2>> = { red: 1, blue: 2 };

/**
 * A replayed game as GCG, UTF-8, with its tile set and lexicon; a game in progress ends
 * with the racks (`#rack1`, `#rack2`). GCG knows no handicap
 * (docs/rules.md §2), so a capped play keeps its real score — what any GCG reader recomputes —
 * while the cumulative is the official total of recorded scores, and a note says why the
 * two differ. The end-of-game rack adjustment (docs/rules.md §4) is written as GCG does: the
 * finisher's `(RACK) +N`, and `RACK (RACK) -N` for a player who loses their own rack's value.
 */
export function toGcg(game: GcgExport): string {
  const { state, records } = game;
  const nicks = playerNicks(game.players);
  const names: Record<Color, string> = {
    red: oneLine(game.players?.red.name ?? nicks.red),
    blue: oneLine(game.players?.blue.name ?? nicks.blue),
  };
  const lines = ['#character-encoding UTF-8'];
  for (const color of ['red', 'blue'] as const) {
    lines.push(`#player${PLAYER_NUMBER[color]} ${nicks[color]} ${names[color]}`);
  }
  if (game.title) lines.push(`#title ${oneLine(game.title)}`);
  if (game.description) lines.push(`#description ${oneLine(game.description)}`);
  lines.push(`#lexicon ${oneLine(game.lexicon)}`, `#tile-set ${state.tileSet.id}`);

  for (const record of records) {
    const head = `>${nicks[record.player]}: ${record.rackBefore}`;
    if (record.type === 'pass') {
      lines.push(`${head} - +0 ${record.total}`);
      continue;
    }
    const play = gcgPlay(record);
    lines.push(`${head} ${play.coord} ${play.word} +${record.score} ${record.total}`);
    if (record.recorded !== record.score) {
      lines.push(`#note Handicap FRSc: recorded ${record.recorded} of ${record.score} in tour ${record.tour}.`);
    }
  }

  const totals = { ...state.totals };
  const adjust = (color: Color, line: (amount: number) => string) => {
    totals[color] += state.endAdjustment[color];
    lines.push(`>${nicks[color]}: ${line(state.endAdjustment[color])} ${totals[color]}`);
  };
  const rack = (color: Color) => rackLetters(state.racks[color]).join('');
  const penalty = (color: Color) => adjust(color, (n) => `${rack(color)} (${rack(color)}) -${-n}`);
  if (state.endReason === 'out') {
    const finisher = records[records.length - 1].player;
    const opponent = otherColor(finisher);
    if (rack(opponent) !== '') {
      adjust(finisher, (n) => `(${rack(opponent)}) +${n}`);
      // The `transfer` rule takes the points from the opponent; `double` leaves them.
      if (state.endAdjustment[opponent] !== 0) penalty(opponent);
    }
  } else if (state.endReason === 'zero-turns') {
    for (const color of ['red', 'blue'] as const) if (rack(color) !== '') penalty(color);
  } else if (!state.over) {
    // GCG's way of saving a game in progress: the racks to move on from.
    for (const color of ['red', 'blue'] as const) lines.push(`#rack${PLAYER_NUMBER[color]} ${rack(color)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** GCG coordinate and word of a recorded placement; squares it did not fill are `.`. */
function gcgPlay(record: MoveRecord): { coord: string; word: string } {
  // The engine wrote record.coord, so it parses.
  const { start, direction } = parseCoord(record.coord!)!;
  const { dr, dc } = stepOf(direction);
  const fresh = new Set(record.tiles.map((t) => t.row * BOARD_SIZE + t.col));
  const letters = Array.from(record.word!, (ch, i) => ({
    letter: upperLetter(ch),
    blank: isLowerCase(ch),
    onBoard: !fresh.has((start.row + dr * i) * BOARD_SIZE + start.col + dc * i),
  }));
  return formatGcgPlay({ kind: 'place', start, direction, letters });
}

/** One-word nicks, distinct, without the `:` that ends a nick in an event line. */
function playerNicks(players: GcgExport['players']): Record<Color, string> {
  const nick = (color: Color) => {
    const p = players?.[color];
    const word = (p?.nick ?? p?.name ?? '').trim().replace(/[\s:]+/g, '_');
    return word === '' ? color.toUpperCase() : word;
  };
  const red = nick('red');
  const blue = nick('blue');
  return red === blue ? { red: `${red}_RED`, blue: `${blue}_BLUE` } : { red, blue };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
