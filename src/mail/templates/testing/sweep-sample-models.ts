// Sample models of the sweep's mails (sweep-models.ts), for the template specs.
import type { ClocksView, GameView } from '../../../notifications/models/models';
import type { SweepMailModels } from '../../../notifications/models/sweep-models';
import type { MailLanguage } from '../../parsing/quotes';

export function sweepSampleModels(game: GameView, clocks: ClocksView, language: MailLanguage = 'ro'): SweepMailModels {
  const base = { game, you: 'blue' as const };
  return {
    'reminder-copy': { ...base, silent: 'red', move: 14, since: '2027-03-01', silentDays: 15, escalation: '2027-04-01' },
    'holiday-end': { ...base, player: 'red', from: '2027-02-01', to: '2027-02-20', resumesOn: '2027-02-21' },
    'long-thinking-end': { ...base, player: 'red', from: '2027-02-05', days: 20, resumesOn: '2027-02-25' },
    'time-exceeded': { ...base, player: 'red', used: 51, limit: 50 },
    'holiday-rights-end': { name: game.blue, competition: game.competition, closingDate: '2027-06-30', lastHolidayDay: '2027-05-29' },
    'closing-date': { ...base, closingDate: '2027-06-30', declareBy: '2027-07-05', clocks },
    'report-window-closed': {
      ...base,
      proposal: { outcome: 'unfinished', scores: { red: 212, blue: 187 }, coefficients: { red: 10_000, blue: 10_000 } },
      declared: ['red'],
    },
    'state-declared': { ...base, player: 'red', text: language === 'pl' ? 'CZERWONY 212 – NIEBIESKI 187, 14 ruchów; ruch NIEBIESKIEGO.' : 'ROȘU 212 – ALBASTRU 187, 14 mutări; ALBASTRU la mutare.', declaredOn: '2027-06-30' },
    'special-leave': { ...base, competition: game.competition, playerName: game.red, from: '2027-03-10', to: '2027-03-24', days: 15 },
  };
}
