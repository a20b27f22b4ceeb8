// The facts of a competition or of one of its players outside any game (docs/mail-rules.md,
// "Events"): written like a game's, one `game_event` row a fact naming the competition instead
// of a game, each mail an `outbound_mail` row naming the event. A fact carries all its mails
// show; it has no game to take a snapshot of, and its mails go outside any game's thread.
import { z } from 'zod';
import { rangeLength, toLocalDate } from '../../common/calendar';
import { GAME_VIEW } from './game-events';

const day = z.string();

/**
 * docs/rules.md §5: "the right to holiday is lost one month before the closing date": `player`
 * is told once per competition (the sweep's `action`, docs/sweep.md), whatever number of games
 * they still play.
 */
const holidayRightsEnded = z.object({
  kind: z.literal('holiday-rights-ended'),
  action: z.string(),
  /** The competition's short name, as its mails name it. */
  competition: z.string(),
  player: z.object({ id: z.string(), name: z.string() }),
  closingDate: day,
  lastHolidayDay: day,
});

/** docs/rules.md §11.6 (F 9.2f): `player` sits out `round`, whose games close on `closingDate`. */
const byeGiven = z.object({
  kind: z.literal('bye-given'),
  competition: z.string(),
  player: z.object({ id: z.string(), name: z.string() }),
  round: z.number().int().positive(),
  closingDate: day,
});

/**
 * docs/rules.md §11.6: every game of `round` has its result; the competition's arbiter is told
 * once that `nextRound` can be paired (null: the plan's last round, the final standings). Its
 * mail is the arbiter's, greeted by the name they carry when it goes out.
 */
const roundCompleted = z.object({
  kind: z.literal('round-completed'),
  /** Names the arbiter's competition when the mail goes out, and the mail itself (roundCompleteKey). */
  competitionId: z.string(),
  competition: z.string(),
  round: z.number().int().positive(),
  games: z.number().int().nonnegative(),
  nextRound: z.number().int().positive().nullable(),
  /** The arbiter's rounds page, where the next round is paired. */
  roundsUrl: z.string(),
});

/**
 * docs/sweep.md: special leave approved for `player` from `from` to `to` (the leave `leaveId`):
 * they are told outside any game, and each partner still playing them in that game's thread
 * (`partners`: the game as its mails name it, its turn, the partner's colour). The arbiter's
 * reason stays in the audit, not in mail.
 */
const specialLeaveApproved = z.object({
  kind: z.literal('special-leave-approved'),
  competition: z.string(),
  leaveId: z.string(),
  player: z.object({ id: z.string(), name: z.string() }),
  from: day,
  to: day,
  partners: z.array(
    z.object({
      player: z.string(),
      gameId: z.string(),
      turn: z.number().int().nonnegative(),
      you: z.enum(['red', 'blue']),
      game: GAME_VIEW,
    }),
  ),
});

/**
 * docs/mail-rules.md 20: a case of the competition told to its arbiter, new (`opened`) or
 * `overdue`, once each (caseNoticeKey). `line` is the case as their mail lists it, in their
 * language (arbiter/core/case-notices.ts caseMailLine, with `subject`): a row's language is
 * fixed when it is written. Told at once, or folded into their day's digest.
 */
const caseNoticed = z.object({
  kind: z.literal('case-noticed'),
  /** Names the arbiter's competition when the mail goes out. */
  competitionId: z.string(),
  line: z.object({
    caseId: z.string(),
    notice: z.enum(['opened', 'overdue']),
    competition: z.string(),
    summary: z.string(),
    deadline: z.string(),
    overdue: z.boolean(),
    url: z.string(),
  }),
  subject: z.string(),
  dashboardUrl: z.string(),
  settingsUrl: z.string(),
});

/** Every fact of a competition outside its games. */
export const COMPETITION_FACT = z.discriminatedUnion('kind', [
  holidayRightsEnded,
  byeGiven,
  roundCompleted,
  specialLeaveApproved,
  caseNoticed,
]);
export type CompetitionFact = z.infer<typeof COMPETITION_FACT>;

/** A competition's event as stored (`game_event.payload`, the row naming the competition): the fact alone. */
export const COMPETITION_EVENT = z.object({ fact: COMPETITION_FACT });

/** One recipient's mail of a competition's fact: a player by id or the competition's arbiter, the template, the row's payload. */
export interface CompetitionMail {
  readonly to: { readonly player: string } | 'arbiter';
  readonly template: string;
  /** The row's payload: the fact as this recipient hears it, as such rows have always listed it. */
  readonly details: { readonly [key: string]: unknown };
  /**
   * What the mail is about when it must exist once (docs/mail-rules.md 20): its Message-ID is
   * `<once@domain>`, whose unique index keeps a second one out however often it is written.
   */
  readonly once?: string;
  /** The game whose thread the mail goes in (its turn names the reply token); none: outside any game's thread. */
  readonly game?: { readonly id: string; readonly turn: number };
}

/** docs/mail-rules.md 20: each notice of a case is told once, as its Message-ID always named it (arbiter/core/case-notices.ts caseNoticeMessageId is built from it). */
export function caseNoticeKey(caseId: string, notice: 'opened' | 'overdue'): string {
  return `case-${notice}.${caseId}`;
}

/** docs/rules.md §11.6: the round's completion is told once per (competition, round), as its Message-ID always named it. */
export function roundCompleteKey(competitionId: string, round: number): string {
  return `round-complete.${round}.${competitionId}`;
}

/** Who hears of a competition's fact, by which template, with what. */
export function competitionMails(fact: CompetitionFact): CompetitionMail[] {
  switch (fact.kind) {
    case 'holiday-rights-ended': {
      const { action, competition, player, closingDate, lastHolidayDay } = fact;
      return [
        {
          to: { player: player.id },
          template: 'holiday-rights-end',
          details: { name: player.name, competition, closingDate, lastHolidayDay, action },
        },
      ];
    }
    case 'bye-given': {
      const { competition, player, round, closingDate } = fact;
      return [{ to: { player: player.id }, template: 'round-bye', details: { name: player.name, competition, round, closingDate } }];
    }
    case 'special-leave-approved': {
      const { competition, leaveId, player, from, to } = fact;
      // The template's model (sweep-models.ts SpecialLeaveModel) and the leave, as such rows have always listed them.
      const leave = { competition, playerName: player.name, from, to, days: rangeLength({ from: toLocalDate(from), to: toLocalDate(to) }) };
      return [
        { to: { player: player.id }, template: 'special-leave', details: { ...leave, leaveId } },
        ...fact.partners.map((p) => ({
          to: { player: p.player },
          template: 'special-leave',
          details: { game: p.game, you: p.you, ...leave, leaveId, gameId: p.gameId, turn: p.turn },
          game: { id: p.gameId, turn: p.turn },
        })),
      ];
    }
    case 'case-noticed': {
      const { line, subject, dashboardUrl, settingsUrl } = fact;
      return [
        {
          to: 'arbiter',
          template: 'arbiter-cases',
          details: { subject, cases: [line], dashboardUrl, settingsUrl },
          once: caseNoticeKey(line.caseId, line.notice),
        },
      ];
    }
    case 'round-completed': {
      const { competitionId, competition, round, games, nextRound, roundsUrl } = fact;
      return [
        {
          to: 'arbiter',
          template: 'round-complete',
          details: { competition, round, games, nextRound, roundsUrl },
          once: roundCompleteKey(competitionId, round),
        },
      ];
    }
  }
}
