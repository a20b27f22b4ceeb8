// The Polish words of the game notices without a template of their own (game-notice-words.ts
// holds the Romanian and English ones), in the PFS regulation's terms: partia, ruch, sędzia, protokół.
import { formatCoefficientValue } from '../../common/coefficient-format';
import { formatDayFor } from '../../common/day-format';
import { polishForm } from '../../common/bilingual';
import { challengeVerdict } from '../../games/core/challenges';
import type { NoticeContext } from './game-notice-words';

type JsonObject = Record<string, unknown>;
type Notice = (p: JsonObject, c: NoticeContext) => { title: string; paragraphs: string[] };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const whole = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const day = (v: unknown): string => formatDayFor('pl', text(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const daysUsed = (v: unknown): string => `${whole(v)} ${polishForm(whole(v), ['dzień', 'dni', 'dni'])}`;
const line = (p: JsonObject): string => (p.line ? ` (wariant ${text(p.line)})` : '');

function holidayRecorded(p: JsonObject): string[] {
  const earlier = p.replaced as { from?: unknown; to?: unknown } | null | undefined;
  const replaced = earlier
    ? [`Zastępuje on urlop zgłoszony wcześniej, ${day(earlier.from)} – ${day(earlier.to)}: jeden urlop w rozgrywkach.`]
    : [];
  const cut = (p.shortened as { message?: Record<string, unknown> } | null | undefined)?.message?.pl;
  return [...replaced, ...(typeof cut === 'string' ? [cut] : [])];
}

function finalScore(p: JsonObject, c: NoticeContext): string {
  const pair = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const scores = pair(p.scores);
  const coefs = pair(p.coefficients);
  const decimal = (v: unknown) => (typeof v === 'number' ? formatCoefficientValue(v, 'pl') : '');
  const score = `Wynik końcowy: ${c.names.red} ${whole(scores.red)} – ${c.names.blue} ${whole(scores.blue)}`;
  return typeof coefs.red === 'number' ? `${score}; współczynniki ${decimal(coefs.red)} / ${decimal(coefs.blue)}.` : `${score}.`;
}

export const POLISH_NOTICE: Readonly<Record<string, Notice>> = {
  'holiday-confirmation': (p) => ({
    title: `Twój urlop został zapisany: ${day(p.from)} – ${day(p.to)}.`,
    paragraphs: [...holidayRecorded(p), 'Przeciwnicy we wszystkich Twoich partiach zostali powiadomieni.'],
  }),
  'conditional-applied': (p) => {
    const left = whole(p.stepsLeft);
    return {
      title: `Twój ruch warunkowy został wykonany: na „${text(p.partnerMove)}” odpowiedziałeś „${text(p.reply)}”${line(p)}.`,
      paragraphs: [
        left > 0
          ? `W łańcuchu ${polishForm(left, ['czeka jeszcze', 'czekają jeszcze', 'czeka jeszcze'])} ${left} ${polishForm(left, ['krok', 'kroki', 'kroków'])}.`
          : 'Łańcuch został wykonany do końca.',
      ],
    };
  },
  'conditional-stored': (p) => ({
    title: `Twój ruch warunkowy został zapisany${line(p)}; przeciwnik go nie widzi.`,
    paragraphs: list(p.steps).map((step, i) => `Krok ${i + 1}: ${step}`),
  }),
  'conditional-dropped': (p) => {
    const reason = typeof p.reason === 'object' && p.reason !== null ? (p.reason as Record<string, unknown>) : {};
    return {
      title: `Twój ruch warunkowy został anulowany: ${text(reason.pl) || text(reason.en)}.`,
      paragraphs: [`Jego treść: ${text(p.text)}`],
    };
  },
  'time-claim': (p) => ({
    title: `${text(p.claimant)} zgłasza, że przekroczyłeś czas na namysł (wykorzystano ${daysUsed(p.daysUsed)}).`,
    paragraphs: [`Możesz odpowiedzieć sędziemu do ${day(p.answerBy)}: napisz ODPOWIEDŹ, a po niej swoje wyjaśnienie.`],
  }),
  'time-claim-confirmation': (p) => ({
    title: `Zgłoszenie przekroczenia czasu trafiło do sędziego (przeciwnik wykorzystał ${daysUsed(p.daysUsed)}).`,
    paragraphs: [],
  }),
  'result-homologated': (p, c) => ({ title: 'Wynik partii został zatwierdzony.', paragraphs: [finalScore(p, c)] }),
  'state-declared': (p, c) => ({
    title: `${c.names[p.player === 'blue' ? 'blue' : 'red']} zgłosił stan partii w dniu zamknięcia rozgrywek.`,
    paragraphs: [text(p.text)],
  }),
  status: (_p, c) => ({
    title:
      c.snap.status === 'playing' ? `Stan partii: ruch ma ${c.names[c.snap.turnPlayer ?? 'red']}.` : 'Stan partii: partia się zakończyła.',
    paragraphs: [],
  }),
  'answer-recorded': () => ({ title: 'Twoja odpowiedź trafiła do sędziego.', paragraphs: [] }),
  // docs/rules.md §13 (PFS): one verdict for the whole set, never naming the failed word (004 §4.7.8).
  'challenge-verdict': (p) => ({
    title: challengeVerdict(p.successful === true, list(p.words)).pl ?? '',
    paragraphs: [`Sprawdzany ruch: ${text(p.move)}.`],
  }),
  'challenge-override': (p) => ({
    title: `Sędzia zmienił wynik sprawdzenia ruchu ${text(p.move)}.`,
    paragraphs: [
      challengeVerdict(p.successful === true, list(p.words)).pl ?? '',
      'Gra toczy się dalej od pozycji wynikającej z nowej decyzji.',
    ],
  }),
  'digest-setting': (p) => ({
    title: p.digest
      ? 'Będziesz dostawać jedną wiadomość dziennie (podsumowanie dzienne).'
      : 'Znów będziesz dostawać osobną wiadomość o każdym zdarzeniu.',
    paragraphs: [],
  }),
};
