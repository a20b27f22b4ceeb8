// The arbiter's case mail (docs/mail-rules.md 20) as the notices build it: a digest with a new
// claim and an overdue silence, from the pure core, so the sample reads as the real mail does.
import { caseMailLine, caseMailSubject } from '../../../arbiter/core/case-notices';
import type { ArbiterCasesModel } from '../../../notifications/models/models';
import type { MailLanguage } from '../../parsing/quotes';

const PUBLIC_URL = 'https://scrabble.example';
const PLAYERS = { red: 'Popescu-Rădulescu Ștefania', blue: 'Ionescu Țuțea' };

export function arbiterCasesSample(language: MailLanguage, digest = true): ArbiterCasesModel {
  const today = '2027-03-02';
  const claim = caseMailLine(
    {
      case: {
        id: '0b5f7a2c-1d3e-4f5a-8b9c-0d1e2f3a4b5c',
        kind: 'claim',
        competitionId: 'c1',
        gameId: '5b0c7c1e-6c1f-4a8e-9d3e-0d9b1c2a3f4e',
        dueOn: '2027-03-06',
        payload: { claimant: 'blue', daysUsed: 51 },
      },
      notice: 'opened',
      competition: 'CN 2027',
      players: PLAYERS,
      today,
      publicUrl: PUBLIC_URL,
    },
    language,
  );
  const silence = caseMailLine(
    {
      case: {
        id: '7c1e5b0c-6c1f-4a8e-9d3e-3f4e0d9b1c2a',
        kind: 'silence',
        competitionId: 'c1',
        gameId: '6c1f5b0c-7c1e-4a8e-9d3e-0d9b1c2a3f4e',
        dueOn: '2027-02-25',
        payload: { silent: 'red', silentDays: 30, since: '2027-01-26' },
      },
      notice: 'overdue',
      competition: 'CN 2027',
      players: { red: 'Vasilescu Ana', blue: 'Marin Ion' },
      today,
      publicUrl: PUBLIC_URL,
    },
    language,
  );
  const cases = digest ? [claim, silence] : [claim];
  return {
    name: 'Marinescu Dan',
    subject: caseMailSubject(language, { ...(digest && { day: today }), lines: cases }),
    ...(digest && { day: today }),
    cases,
    dashboardUrl: `${PUBLIC_URL}/arbiter`,
    settingsUrl: `${PUBLIC_URL}/settings`,
  };
}
