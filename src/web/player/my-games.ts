// "My games" (docs/web.md, Player pages): each game of the player with whose turn it is, both clocks and
// the day the running thinking time would run out, most urgent first. Pure.
import { otherColor, type Color } from '../../common/color';
import { compareDays, type LocalDate } from '../../common/calendar';
import { formatDay, type Lang } from './format-day';
import { runOutDay } from './game-page';

export interface MyGameInput {
  readonly id: string;
  readonly competitionName: string;
  readonly round: number;
  readonly status: 'playing' | 'ended';
  readonly me: Color;
  readonly names: Readonly<Record<Color, string>>;
  /** Who is to act now, if anyone (a move or the answer to a contest). */
  readonly toMove: Color | null;
  readonly awaiting: 'move' | 'contest-answer' | 'ruling' | null;
  readonly clocks: Readonly<
    Record<Color, { readonly used: number; readonly left: number; readonly exceeded: boolean; readonly onHoliday: boolean }>
  >;
  readonly today: LocalDate;
  /** docs/rules.md "The closing date": past it an unfinished game is closed, waiting for homologation, not for a move. */
  readonly closed?: boolean;
  /** The run-out day of the player to move, from the thinking-time core; else today + days left. */
  readonly deadline?: LocalDate | null;
  readonly scores: Readonly<Record<Color, number>>;
}

export interface MyGameRow {
  readonly id: string;
  readonly competitionName: string;
  readonly round: number;
  readonly playing: boolean;
  readonly myColor: Color;
  readonly opponent: string;
  readonly myTurn: boolean;
  /** Message key: your move, partner's move, contest to answer, waiting for the ruling, ended. */
  readonly stateKey: string;
  readonly mine: { readonly used: number; readonly left: number; readonly exceeded: boolean; readonly onHoliday: boolean };
  readonly theirs: { readonly used: number; readonly left: number; readonly exceeded: boolean; readonly onHoliday: boolean };
  readonly deadline: string | null;
  readonly deadlineIso: LocalDate | null;
  readonly myScore: number;
  readonly theirScore: number;
}

export function myGameRow(g: MyGameInput, lang: Lang): MyGameRow {
  const playing = g.status === 'playing' && !g.closed;
  const myTurn = playing && g.toMove === g.me;
  const deadlineIso = playing && g.toMove ? (g.deadline !== undefined ? g.deadline : runOutDay(g.today, g.clocks[g.toMove].left)) : null;
  const stateKey = g.closed
    ? 'player.state.closed'
    : !playing
      ? 'player.state.ended'
      : g.awaiting === 'ruling'
        ? 'player.state.ruling'
        : myTurn
          ? g.awaiting === 'contest-answer'
            ? 'player.state.answerContest'
            : 'player.state.yourMove'
          : 'player.state.theirMove';
  return {
    id: g.id,
    competitionName: g.competitionName,
    round: g.round,
    playing,
    myColor: g.me,
    opponent: g.names[otherColor(g.me)],
    myTurn,
    stateKey,
    mine: g.clocks[g.me],
    theirs: g.clocks[otherColor(g.me)],
    deadline: formatDay(deadlineIso, lang),
    deadlineIso,
    myScore: g.scores[g.me],
    theirScore: g.scores[otherColor(g.me)],
  };
}

/**
 * Most urgent first: games where I must act, by the day my time runs out; then games
 * waiting for the partner, by theirs; then the rest; ended games last.
 */
export function myGamesModel(games: readonly MyGameInput[], lang: Lang): MyGameRow[] {
  const rank = (r: MyGameRow) => (!r.playing ? 3 : r.myTurn ? 0 : r.deadlineIso ? 1 : 2);
  return games
    .map((g) => myGameRow(g, lang))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        compareDeadlines(a.deadlineIso, b.deadlineIso) ||
        a.competitionName.localeCompare(b.competitionName) ||
        a.round - b.round ||
        a.id.localeCompare(b.id),
    );
}

function compareDeadlines(a: LocalDate | null, b: LocalDate | null): number {
  if (a && b) return compareDays(a, b);
  return a ? -1 : b ? 1 : 0;
}
