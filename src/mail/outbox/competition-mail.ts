// The models of a competition's facts outside any game (mail/core/competition-facts.ts), built
// from the fact alone: what the player was told then, in the template's form; the arbiter's
// with the name they carry when it goes out.
import { toLocalDate } from '../../common/calendar';
import { competitionMails, type CompetitionFact } from '../core/competition-facts';
import type { MailModels } from '../templates';
import type { GameMail } from './game-mail';

/**
 * The mail of `fact` to the player `playerId` by `template`, in the thread of `gameId` (null:
 * outside any game's), or undefined when the fact has none such.
 */
export function competitionMail(
  fact: CompetitionFact,
  playerId: string,
  template: string,
  gameId: string | null = null,
): GameMail | undefined {
  const mail = competitionMails(fact).find(
    (m) => m.to !== 'arbiter' && m.to.player === playerId && m.template === template && (m.game?.id ?? null) === gameId,
  );
  if (!mail) return undefined;
  switch (fact.kind) {
    case 'holiday-rights-ended': {
      const model: MailModels['holiday-rights-end'] = {
        name: fact.player.name,
        competition: fact.competition,
        closingDate: toLocalDate(fact.closingDate),
        lastHolidayDay: toLocalDate(fact.lastHolidayDay),
      };
      return { template: 'holiday-rights-end', model };
    }
    case 'bye-given': {
      const model: MailModels['round-bye'] = {
        name: fact.player.name,
        competition: fact.competition,
        round: fact.round,
        closingDate: toLocalDate(fact.closingDate),
      };
      return { template: 'round-bye', model };
    }
    case 'special-leave-approved': {
      const partner = fact.partners.find((p) => p.gameId === gameId);
      const model: MailModels['special-leave'] = {
        ...(partner && { game: partner.game, you: partner.you }),
        competition: fact.competition,
        playerName: fact.player.name,
        from: toLocalDate(fact.from),
        to: toLocalDate(fact.to),
        days: Number(mail.details.days),
      };
      return { template: 'special-leave', model };
    }
    case 'round-completed':
    case 'case-noticed':
      return undefined;
  }
}

/** The arbiter's mail of `fact` by `template`, greeting them by `name`; undefined when the fact has none such. */
export function competitionArbiterMail(fact: CompetitionFact, template: string, name: string): GameMail | undefined {
  if (!competitionMails(fact).some((m) => m.to === 'arbiter' && m.template === template)) return undefined;
  switch (fact.kind) {
    case 'round-completed': {
      const { competition, round, games, nextRound, roundsUrl } = fact;
      const model: MailModels['round-complete'] = { name, competition, round, games, nextRound, roundsUrl };
      return { template: 'round-complete', model };
    }
    case 'case-noticed': {
      const { line, subject, dashboardUrl, settingsUrl } = fact;
      const model: MailModels['arbiter-cases'] = { name, subject, cases: [line], dashboardUrl, settingsUrl };
      return { template: 'arbiter-cases', model };
    }
    default:
      return undefined;
  }
}

/** The competition whose arbiter hears of `fact` when its mail goes out. */
export function arbiterCompetitionOf(fact: CompetitionFact): string | undefined {
  return fact.kind === 'round-completed' || fact.kind === 'case-noticed' ? fact.competitionId : undefined;
}
