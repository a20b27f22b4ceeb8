// A platform-outage case as the arbiter reads it — the outage's dates and
// every game whose clocks ran, with the days to credit per player. Pure: payload in, view out.
import { formatDayFor } from '../../common/day-format';

export interface DowntimeGameView {
  readonly gameId: string;
  readonly competition: string;
  readonly red: string;
  readonly blue: string;
  readonly redDays: number;
  readonly blueDays: number;
}

export interface DowntimeCaseView {
  /** First and last day down, DD.MM.YYYY. */
  readonly from: string;
  readonly to: string;
  readonly games: readonly DowntimeGameView[];
  /** Days to credit in all, over every game and player. */
  readonly totalDays: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** `2027-02-15` → `15.02.2027` (the day as the federation writes it in both languages). */
export function dottedDay(value: unknown): string {
  return formatDayFor('ro', text(value));
}

/** The case's view; an older case (credits only, no names) shows its games by the credits. */
export function downtimeCaseView(payload: Readonly<Record<string, unknown>>): DowntimeCaseView {
  const days = record(payload.days);
  const named = Array.isArray(payload.games) ? payload.games.map(record) : [];
  const credits = Array.isArray(payload.credits) ? payload.credits.map(record) : [];
  const games: DowntimeGameView[] = named.length
    ? named.map((g) => ({
        gameId: text(g.gameId),
        competition: text(g.competition),
        red: text(g.red),
        blue: text(g.blue),
        redDays: count(record(g.days).red),
        blueDays: count(record(g.days).blue),
      }))
    : [...new Set(credits.map((c) => text(c.gameId)))].map((gameId) => {
        const of = (color: string) =>
          credits.filter((c) => c.gameId === gameId && c.color === color).reduce((n, c) => n + count(c.days), 0);
        return { gameId, competition: '', red: '', blue: '', redDays: of('red'), blueDays: of('blue') };
      });
  return { from: dottedDay(days.from), to: dottedDay(days.to), games, totalDays: games.reduce((n, g) => n + g.redDays + g.blueDays, 0) };
}

/** The dashboard's one line: the dates and how many games. */
export function downtimeSummary(payload: Readonly<Record<string, unknown>>): { ro: string; en: string } {
  const v = downtimeCaseView(payload);
  const n = v.games.length;
  const roGames = n === 1 ? '1 partidă' : `${n} ${n % 100 >= 20 || (n % 100 === 0 && n !== 0) ? 'de ' : ''}partide`;
  return {
    ro: `Zile de creditat după întreruperea platformei ${v.from} – ${v.to}: ${roGames}`,
    en: `Days to credit after the platform outage ${v.from} – ${v.to}: ${n === 1 ? '1 game' : `${n} games`}`,
  };
}
