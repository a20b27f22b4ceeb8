// The words of the game notices (templates without their own file, game-mail.ts gameNotice):
// a title and paragraphs from the mail's payload, in the recipient's language.
import { formatDayFor } from '../../common/day-format';
import type { Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import { formatCoefficientValue } from '../../common/coefficient-format';
import { challengeVerdict } from '../../games/core/challenges';
import type { MailLanguage } from '../parsing/quotes';

/** What a notice's words read of the mail beside its payload. */
export interface NoticeContext {
  readonly language: MailLanguage;
  readonly names: Readonly<Record<Color, string>>;
  readonly snap: { readonly status: string; readonly turnPlayer: Color | null };
}

const playing = (c: NoticeContext) => c.snap.status === 'playing';

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A day as the templates' `date` helper writes it: `01.04.2027`, `1 Apr 2027`. */
const day = (language: MailLanguage, v: unknown): string => formatDayFor(language, str(v));
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
/** The words of a holiday shortened at the closing date's last month (HolidayView.shortened), if it was. */
const shortenedBy = (p: JsonObject, lang: MailLanguage): string[] => {
  const cut = p.shortened as { message?: Record<string, unknown> } | null | undefined;
  const words = cut?.message?.[lang];
  return typeof words === 'string' ? [words] : [];
};
/** docs/rules.md §5, one holiday per competition: the declaration that replaced an earlier one says which. */
const replacedBy = (p: JsonObject, lang: MailLanguage): string[] => {
  const earlier = p.replaced as { from?: unknown; to?: unknown } | null | undefined;
  if (!earlier) return [];
  return lang === 'ro'
    ? [
        `Acesta înlocuiește concediul declarat înainte, ${day('ro', earlier.from)} – ${day('ro', earlier.to)}: un singur concediu pe competiție.`,
      ]
    : [`It replaces the holiday declared before, ${day('en', earlier.from)} – ${day('en', earlier.to)}: one holiday per competition.`];
};
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The words of a payload's notice in the recipient's language (templates without their own file). */
export const NOTICE: Record<string, Record<'ro' | 'en', (p: JsonObject, c: NoticeContext) => { title: string; paragraphs: string[] }>> = {
  'holiday-confirmation': {
    // A holiday cut at the last month before the closing date (docs/rules.md §5) says so, with its new last day.
    ro: (p) => ({
      title: `Concediul dumneavoastră a fost înregistrat: ${day('ro', p.from)} – ${day('ro', p.to)}.`,
      paragraphs: [...replacedBy(p, 'ro'), ...shortenedBy(p, 'ro'), 'Partenerii din toate partidele au fost anunțați (regulamentul §5).'],
    }),
    en: (p) => ({
      title: `Your holiday was recorded: ${day('en', p.from)} – ${day('en', p.to)}.`,
      paragraphs: [...replacedBy(p, 'en'), ...shortenedBy(p, 'en'), 'The partners of all your games were told (rules §5).'],
    }),
  },
  // The owner of a conditional reply is told when it was played, or dropped and why.
  'conditional-applied': {
    ro: (p) => ({
      title: `Mutarea dumneavoastră condiționată a fost jucată: la „${str(p.partnerMove)}” ați răspuns „${str(p.reply)}”${p.line ? ` (varianta ${str(p.line)})` : ''}.`,
      paragraphs: [
        num(p.stepsLeft) > 0
          ? `Mai ${num(p.stepsLeft) === 1 ? 'așteaptă un pas' : `așteaptă ${num(p.stepsLeft)} pași`} din lanț.`
          : 'Lanțul s-a încheiat.',
      ],
    }),
    en: (p) => ({
      title: `Your conditional reply was played: to "${str(p.partnerMove)}" you answered "${str(p.reply)}"${p.line ? ` (line ${str(p.line)})` : ''}.`,
      paragraphs: [
        num(p.stepsLeft) > 0
          ? `${num(p.stepsLeft) === 1 ? 'One step of the chain still waits' : `${num(p.stepsLeft)} steps of the chain still wait`}.`
          : 'The chain is complete.',
      ],
    }),
  },
  'conditional-stored': {
    ro: (p) => ({
      title: `Mutarea condiționată a fost păstrată${p.line ? ` (varianta ${str(p.line)})` : ''}; partenerul nu o vede.`,
      paragraphs: [...strings(p.steps).map((step, i) => `Pasul ${i + 1}: ${step}`)],
    }),
    en: (p) => ({
      title: `Your conditional reply was stored${p.line ? ` (line ${str(p.line)})` : ''}; the partner does not see it.`,
      paragraphs: [...strings(p.steps).map((step, i) => `Step ${i + 1}: ${step}`)],
    }),
  },
  'conditional-dropped': {
    ro: (p) => ({
      title: `Mutarea dumneavoastră condiționată a fost anulată: ${bilingual(p.reason).ro}.`,
      paragraphs: [`Textul ei: ${str(p.text)}`],
    }),
    en: (p) => ({
      title: `Your conditional reply was dropped: ${bilingual(p.reason).en}.`,
      paragraphs: [`It read: ${str(p.text)}`],
    }),
  },
  'time-claim': {
    ro: (p) => ({
      title: `${str(p.claimant)} reclamă depășirea timpului de gândire (${num(p.daysUsed)} de zile folosite).`,
      paragraphs: [`Puteți răspunde arbitrului până la ${day('ro', p.answerBy)}: scrieți RASPUNS urmat de textul dumneavoastră.`],
    }),
    en: (p) => ({
      title: `${str(p.claimant)} claims you have run out of thinking time (${num(p.daysUsed)} days used).`,
      paragraphs: [`You may answer the arbiter by ${day('en', p.answerBy)}: reply ANSWER followed by your text.`],
    }),
  },
  'time-claim-confirmation': {
    ro: (p) => ({
      title: `Reclamația de timp a fost trimisă arbitrului (${num(p.daysUsed)} de zile folosite de partener).`,
      paragraphs: [],
    }),
    en: (p) => ({ title: `Your time claim went to the arbiter (your partner has used ${num(p.daysUsed)} days).`, paragraphs: [] }),
  },
  'result-homologated': {
    ro: (p, c) => ({ title: 'Rezultatul partidei a fost omologat.', paragraphs: [resultLine(p, c, 'Scor final', 'coeficienți')] }),
    en: (p, c) => ({ title: "The game's result was homologated.", paragraphs: [resultLine(p, c, 'Final score', 'coefficients')] }),
  },
  'state-declared': {
    ro: (p, c) => ({
      title: `${c.names[p.player === 'blue' ? 'blue' : 'red']} a declarat situația partidei la data de închidere.`,
      paragraphs: [str(p.text)],
    }),
    en: (p, c) => ({
      title: `${c.names[p.player === 'blue' ? 'blue' : 'red']} declared the game's state at the closing date.`,
      paragraphs: [str(p.text)],
    }),
  },
  status: {
    ro: (_p, c) => ({
      title: playing(c)
        ? `Situația partidei: este rândul lui ${c.names[c.snap.turnPlayer ?? 'red']}.`
        : 'Situația partidei: partida s-a încheiat.',
      paragraphs: [],
    }),
    en: (_p, c) => ({
      title: playing(c)
        ? `The game as it stands: ${c.names[c.snap.turnPlayer ?? 'red']} is to move.`
        : 'The game as it stands: the game is over.',
      paragraphs: [],
    }),
  },
  'answer-recorded': {
    ro: () => ({ title: 'Răspunsul dumneavoastră a fost trimis arbitrului.', paragraphs: [] }),
    en: () => ({ title: 'Your answer went to the arbiter.', paragraphs: [] }),
  },
  // docs/rules.md §13 (PFS): a check's one verdict, to both players, never naming the failed word (P 4.7.8).
  'challenge-verdict': {
    ro: (p) => ({
      title: challengeVerdict(p.successful === true, strings(p.words)).ro,
      paragraphs: [`Mutarea verificată: ${str(p.move)}.`],
    }),
    en: (p) => ({ title: challengeVerdict(p.successful === true, strings(p.words)).en, paragraphs: [`The move checked: ${str(p.move)}.`] }),
  },
  'challenge-override': {
    ro: (p) => ({
      title: `Arbitrul a inversat verdictul verificării mutării ${str(p.move)}.`,
      paragraphs: [challengeVerdict(p.successful === true, strings(p.words)).ro, 'Jocul continuă din poziția pe care o dă noul verdict.'],
    }),
    en: (p) => ({
      title: `The arbiter reversed the verdict of the check of ${str(p.move)}.`,
      paragraphs: [challengeVerdict(p.successful === true, strings(p.words)).en, 'Play resumes from the position the new verdict gives.'],
    }),
  },
  'digest-setting': {
    ro: (p) => ({
      title: p.digest
        ? 'Veți primi un singur e-mail pe zi (rezumat zilnic).'
        : 'Veți primi din nou câte un e-mail pentru fiecare eveniment.',
      paragraphs: [],
    }),
    en: (p) => ({
      title: p.digest ? 'You will get one mail a day (the daily digest).' : 'You will again get one mail per event.',
      paragraphs: [],
    }),
  },
};

/** `Final score: Popescu 412 – Ionescu 377; coefficients 1.0823 / 0.9177` from a result payload (results.service jsonResult). */
function resultLine(p: JsonObject, c: NoticeContext, score: string, coefficients: string): string {
  const pair = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const scores = pair(p.scores);
  const coefs = pair(p.coefficients);
  const decimal = (v: unknown) => (typeof v === 'number' ? formatCoefficientValue(v, c.language) : '');
  const line = `${score}: ${c.names.red} ${num(scores.red)} – ${c.names.blue} ${num(scores.blue)}`;
  return typeof coefs.red === 'number' ? `${line}; ${coefficients} ${decimal(coefs.red)} / ${decimal(coefs.blue)}.` : `${line}.`;
}

/** Words kept in both languages in a payload (a reason the rules core gave). */
function bilingual(v: unknown): { ro: string; en: string; pl: string } {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  return { ro: str(o.ro), en: str(o.en), pl: str(o.pl) || str(o.en) };
}

export const UNKNOWN_NOTICE: Record<MailLanguage, (template: string) => string> = {
  ro: (t) => `Noutate în partidă: ${t.replace(/-/g, ' ')}.`,
  en: (t) => `News in the game: ${t.replace(/-/g, ' ')}.`,
  pl: () => 'Nowe zdarzenie w partii.',
};
