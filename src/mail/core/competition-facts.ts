// The facts of a competition or of one of its players outside any game (docs/mail-rules.md,
// "Events"): written like a game's, one `game_event` row a fact naming the competition instead
// of a game, each mail an `outbound_mail` row naming the event. A fact carries all its mails
// show; it has no game to take a snapshot of, and its mails go outside any game's thread.
import { z } from 'zod';

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

/** Every fact of a competition outside its games. */
export const COMPETITION_FACT = z.discriminatedUnion('kind', [holidayRightsEnded, byeGiven]);
export type CompetitionFact = z.infer<typeof COMPETITION_FACT>;

/** A competition's event as stored (`game_event.payload`, the row naming the competition): the fact alone. */
export const COMPETITION_EVENT = z.object({ fact: COMPETITION_FACT });

/** One recipient's mail of a competition's fact: a player by id, the template, the row's payload. */
export interface CompetitionMail {
  readonly to: { readonly player: string };
  readonly template: string;
  /** The row's payload: the fact as this recipient hears it, as such rows have always listed it. */
  readonly details: { readonly [key: string]: unknown };
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
  }
}
