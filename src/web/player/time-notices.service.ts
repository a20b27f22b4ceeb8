// What both players and the arbiter see on a game page about time:
// an open time claim with its days counted, its answer deadline and the answers (docs/rules.md
// §5), and each player's declared holidays, from–to and days (§5: the declaration is
// written on the sheet, so partners see it). The model is pure; the loader reads the rows
// through the read-only session the page was built from.
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../auth/core/actor';
import { sideInGame } from '../../auth/core/permissions';
import { COLORS, otherColor } from '../../common/color';
import { answersOf, type ClaimAnswer } from '../../games/actions/claim-answers.service';
import { claimWindow } from '../../games/core/claim-window';
import type { Color } from '../../engine';
import type { GameSession } from '../../games/model/game-session';
import { GameReadsService } from '../../games/reads/game-reads.service';
import { localDate, rangeLength, type DateRange, type LocalDate } from '../../common/calendar';
import { roDays } from '../arbiter/dashboard';
import { formatDay, type Lang } from './format-day';

export interface ClaimNotice {
  readonly claimant: { readonly color: Color; readonly name: string };
  readonly accused: { readonly color: Color; readonly name: string };
  /** The accused's thinking days by the platform's count when the claim was made, and the limit. */
  readonly daysUsed: number;
  readonly limit: number;
  readonly madeOn: string;
  readonly answerBy: string;
  readonly answerByIso: LocalDate;
  readonly daysSinceTold: number;
  readonly daysLeft: number;
  readonly open: boolean;
  /** 5 days passed and no answer came. */
  readonly lapsed: boolean;
  readonly answers: readonly { readonly on: string; readonly text: string }[];
  /** The viewer is the accused, the claimant, or neither (the arbiter). */
  readonly viewerIsAccused: boolean;
  readonly viewerIsClaimant: boolean;
  /** The accused may answer now, on this page. */
  readonly canAnswer: boolean;
}

export interface HolidayNotice {
  readonly color: Color;
  readonly name: string;
  readonly mine: boolean;
  readonly ranges: readonly {
    readonly from: string;
    readonly to: string;
    readonly fromIso: LocalDate;
    readonly toIso: LocalDate;
    readonly days: number;
    readonly daysText: string;
  }[];
}

export interface TimeNotices {
  readonly claim: ClaimNotice | null;
  /** Players with a declared holiday, RED first. */
  readonly holidays: readonly HolidayNotice[];
}

export interface TimeNoticesInput {
  readonly lang: Lang;
  readonly today: LocalDate;
  readonly me: Color | null;
  readonly names: Readonly<Record<Color, string>>;
  readonly limit: number;
  readonly claim: {
    readonly claimant: Color;
    readonly madeOn: LocalDate;
    readonly daysUsed: number;
    readonly answers: readonly ClaimAnswer[];
  } | null;
  readonly holidays: Readonly<Record<Color, readonly DateRange[]>>;
}

/** "20 de zile", "1 zi"; "20 days"; "1 dzień", "20 dni". */
function daysText(n: number, lang: Lang): string {
  if (lang === 'pl') return n === 1 ? '1 dzień' : `${n} dni`;
  return lang === 'ro' ? roDays(n) : n === 1 ? '1 day' : `${n} days`;
}

export function timeNoticesModel(input: TimeNoticesInput): TimeNotices {
  const { lang } = input;
  let claim: ClaimNotice | null = null;
  if (input.claim) {
    const accused = otherColor(input.claim.claimant);
    const answers = input.claim.answers.filter((a) => a.color === accused);
    const w = claimWindow({ toldOn: input.claim.madeOn, today: input.today, answered: answers.length > 0 });
    claim = {
      claimant: { color: input.claim.claimant, name: input.names[input.claim.claimant] },
      accused: { color: accused, name: input.names[accused] },
      daysUsed: input.claim.daysUsed,
      limit: input.limit,
      madeOn: formatDay(input.claim.madeOn, lang)!,
      answerBy: formatDay(w.answerBy, lang)!,
      answerByIso: w.answerBy,
      daysSinceTold: w.daysSinceTold,
      daysLeft: w.daysLeft,
      open: w.open,
      lapsed: w.lapsed,
      answers: answers.map((a) => ({ on: formatDay(a.at.slice(0, 10), lang)!, text: a.text })),
      viewerIsAccused: input.me === accused,
      viewerIsClaimant: input.me === input.claim.claimant,
      canAnswer: input.me === accused && w.open,
    };
  }
  const holidays = COLORS.filter((c) => input.holidays[c].length > 0).map((c) => ({
    color: c,
    name: input.names[c],
    mine: c === input.me,
    ranges: input.holidays[c].map((r) => ({
      from: formatDay(r.from, lang)!,
      to: formatDay(r.to, lang)!,
      fromIso: r.from,
      toIso: r.to,
      days: rangeLength(r),
      daysText: daysText(rangeLength(r), lang),
    })),
  }));
  return { claim, holidays };
}

/** Reads the open claim, its case's answers and both players' holidays through the page's session (GameReadsService). */
export async function loadTimeNotices(reads: GameReadsService, s: GameSession, me: Color | null, lang: Lang): Promise<TimeNotices> {
  const { claim, cases, holidays } = await reads.timeNoticeRows(s);
  const claimant = claim ? s.colorOfPlayer(claim.claimantPlayerId) : null;
  return timeNoticesModel({
    lang,
    today: s.today,
    me,
    names: { red: s.players.red.name, blue: s.players.blue.name },
    limit: s.competition.thinkingDays,
    claim:
      claim && claimant
        ? {
            claimant,
            madeOn: localDate(claim.createdAt, s.competition.timeZone),
            daysUsed: claim.daysUsed,
            answers: cases.flatMap((c) => answersOf(c)),
          }
        : null,
    holidays,
  });
}

/** For a page that has no session of its own (the arbiter's game page): who may see the game is the games service's question. */
@Injectable()
export class TimeNoticesService {
  constructor(private readonly reads: GameReadsService) {}

  forGame(actor: Actor, gameId: string, lang: Lang): Promise<TimeNotices> {
    return this.reads.viewing(actor, gameId, (_view, s) => loadTimeNotices(this.reads, s, sideInGame(actor, s.game), lang));
  }
}
