// The view model of a game notification (docs/mail-rules.md 19), built when the mail is rendered from
// the game's rows as they stood when the notification was written.
//
// Why at render time and not at insert: the writers (games, results, thinking-time services)
// keep their small event payloads and their transactions stay short; a fault in a view
// model can never refuse a move; and the model is still the state *as of the notification*,
// because the game is replayed only up to the row's creation instant (moves received later
// are left out, clocks are counted on that day). A retried row renders the same mail.
import { formatDayFor } from '../../common/day-format';
import { personName } from '../../auth/display-name';
import { otherColor } from '../../common/color';
import type { JsonObject } from '../../common/json';
import { formatCoefficientValue } from '../../common/coefficient-format';
import type { Settings } from '../../config/settings';
import type { Color } from '../../engine';
import type { SheetEndReason } from '../../engine/sheet';
import { getTileSet } from '../../engine/tile-sets';
import { tourOf } from '../../engine/tour';
import { noteFor, playerReader } from '../../games/core/move-note';
import { compareDays, toLocalDate } from '../../common/calendar';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import type { MailLanguage } from '../parsing/quotes';
import { rulingEffects } from '../../games/core/ruling-effects';
import { challengeVerdict } from '../../games/core/challenges';
import { boardView, positionView, sequenceView, type MailModels, type MailTemplateName, type MoveView } from '../templates';
import {
  gameMailContext,
  mainPosition,
  positions,
  recordedMove,
  replayUpTo,
  type GameMailContext,
  type GameMailReads,
} from './game-mail-context';

/** A template and its model, ready for renderMail. */
export interface GameMail {
  readonly template: MailTemplateName;
  readonly model: MailModels[MailTemplateName];
}

const mail = <N extends MailTemplateName>(template: N, model: MailModels[N]): GameMail => ({
  template,
  model: model as MailModels[MailTemplateName],
});

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A day as the templates' `date` helper writes it: `01.04.2027`, `1 Apr 2027`. */
const day = (language: MailLanguage, v: unknown): string => formatDayFor(language, str(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
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
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The word check kept in the confirmation's payload when the move was played (game-views.ts), as the mail shows it. */
function wordCheckOf(raw: unknown): Pick<MailModels['move-confirmation'], 'wordCheck'> {
  const check = raw as JsonObject | undefined;
  if (!check || typeof check !== 'object' || !Array.isArray(check.words)) return {};
  const words = (check.words as JsonObject[]).map((w) => ({ word: str(w.word), inList: w.inList === true }));
  return { wordCheck: { list: check.list === true, words } };
}

const OFFER_KIND = (kind: unknown) => (kind === 'draw' ? 'draw' : 'interrupt') as 'draw' | 'interrupt';

/** The words of a payload's notice in the recipient's language (templates without their own file). */
const NOTICE: Record<string, Record<MailLanguage, (p: JsonObject, c: GameMailContext) => { title: string; paragraphs: string[] }>> = {
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
      title:
        c.s.game.status === 'playing'
          ? `Situația partidei: este rândul lui ${c.names[c.s.turnPlayer() ?? 'red']}.`
          : 'Situația partidei: partida s-a încheiat.',
      paragraphs: [],
    }),
    en: (_p, c) => ({
      title:
        c.s.game.status === 'playing'
          ? `The game as it stands: ${c.names[c.s.turnPlayer() ?? 'red']} is to move.`
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
function resultLine(p: JsonObject, c: GameMailContext, score: string, coefficients: string): string {
  const pair = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const scores = pair(p.scores);
  const coefs = pair(p.coefficients);
  const decimal = (v: unknown) => (typeof v === 'number' ? formatCoefficientValue(v, c.language) : '');
  const line = `${score}: ${c.names.red} ${num(scores.red)} – ${c.names.blue} ${num(scores.blue)}`;
  return typeof coefs.red === 'number' ? `${line}; ${coefficients} ${decimal(coefs.red)} / ${decimal(coefs.blue)}.` : `${line}.`;
}

/** Words kept in both languages in a payload (a reason the rules core gave). */
function bilingual(v: unknown): { ro: string; en: string } {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  return { ro: str(o.ro), en: str(o.en) };
}

const UNKNOWN_NOTICE: Record<MailLanguage, (template: string) => string> = {
  ro: (t) => `Noutate în partidă: ${t.replace(/-/g, ' ')}.`,
  en: (t) => `News in the game: ${t.replace(/-/g, ' ')}.`,
};

/** A notice about the game, with the position, the clocks and how to answer: for events without a template of their own. */
export function gameNotice(c: GameMailContext, template: string, payload: JsonObject): GameMail {
  const words = NOTICE[template]?.[c.language]?.(payload, c) ?? { title: UNKNOWN_NOTICE[c.language](template), paragraphs: [] };
  const playing = c.s.game.status === 'playing';
  return mail('game-notice', {
    game: c.game,
    you: c.you,
    title: words.title,
    paragraphs: words.paragraphs.filter((p) => p.trim() !== ''),
    ...positions(c),
    clocks: c.clocks,
    ...(playing && { deadlines: c.deadlines, reply: c.reply, yourTurn: c.s.turnPlayer() === c.you }),
  });
}

/**
 * The model of one game notification. Templates the platform's writers use are mapped onto
 * the mail templates (`contest` → `dispute-contest`, …); anything else is a game notice.
 */
export async function gameMail(
  reads: GameMailReads,
  settings: Settings,
  row: Pick<OutboundMail, 'gameId' | 'playerId' | 'template' | 'language' | 'payload' | 'createdAt'>,
): Promise<GameMail> {
  const p = row.payload;
  const turn = typeof p.turn === 'number' ? p.turn : undefined;
  const c = await gameMailContext(reads, settings, row.gameId!, row.playerId!, row.language as MailLanguage, row.createdAt, turn);
  const { s, you, game } = c;
  switch (row.template) {
    case 'game-start': {
      const line = s.lines[0];
      const opening = replayUpTo(c, line.id, 0);
      const arbiter = await reads.users.find(s.competition.arbiterUserId);
      const holidays = { red: await s.holidaysOf('red'), blue: await s.holidaysOf('blue') };
      return mail('game-start', {
        game,
        you,
        arbiter: personName(arbiter?.displayName),
        // The set's name as players know it (`Română (FRSc)`), never its key.
        tileSet: getTileSet(s.competition.tileSet).name,
        startDate: toLocalDate(s.game.startedOn),
        ...(compareDays(s.today, toLocalDate(s.game.startedOn)) < 0 && { playsFrom: toLocalDate(s.game.startedOn) }),
        closingDate: toLocalDate(s.competition.closingDate),
        thinkingDays: s.competition.thinkingDays,
        handicap: s.competition.handicap,
        ...((holidays.red.length > 0 || holidays.blue.length > 0) && { holidays }),
        sequence: sequenceView(opening.state),
        rack: opening.state.racks[you].map((t) => t.letter).join(''),
        board: boardView(opening.state.board),
        deadlines: c.deadlines,
        reply: c.reply,
      });
    }
    case 'status':
    case 'your-move':
    case 'reminder-copy': {
      // STARE / STATUS (docs/mail-rules.md 10): the position as "your move" when the move is theirs, else as a notice.
      if (row.template === 'status' && (s.game.status !== 'playing' || s.turnPlayer() !== you)) return gameNotice(c, row.template, p);
      const moveNumber = s.state(s.liveLines()[0].id).movesPlayed + 1;
      const partnerNotes = s.moves
        .filter((m) => !m.annulled && m.color !== you && m.turn === s.game.turn - 1)
        .flatMap((m) => {
          const note = noteFor(playerReader(you), m);
          return note ? [{ notation: m.notation, note }] : [];
        });
      return mail('your-move', {
        ...(partnerNotes.length > 0 && { partnerNotes }),
        game,
        you,
        tour: tourOf(moveNumber),
        moveNumber,
        ...positions(c),
        clocks: c.clocks,
        deadlines: c.deadlines,
        reply: c.reply,
      });
    }
    case 'move-confirmation': {
      const moves = Array.isArray(p.moves) ? (p.moves as JsonObject[]) : [];
      const first = moves[0];
      const move = first && recordedMove(c, str(first.id), { line: str(first.line), number: num(first.number) });
      if (!move) return gameNotice(c, row.template, p);
      const label = first.label === 'A' || first.label === 'B' ? first.label : undefined;
      const position = mainPosition(c);
      return mail('move-confirmation', {
        game,
        you,
        move,
        rack: position.rack,
        totals: position.totals,
        clocks: c.clocks,
        thinkingDays: num(first.thinkingDays),
        ...(label && { line: label }),
        ...wordCheckOf(first.wordCheck),
      });
    }
    case 'holiday-notice': {
      const from = toLocalDate(str(p.from));
      const to = toLocalDate(str(p.to));
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
      return mail('holiday-notice', { game, you, player: otherColor(you), from, to, days, ...(p.replaced ? { changed: true } : {}) });
    }
    case 'long-thinking-notice':
      return mail('long-thinking-notice', { game, you, player: otherColor(you), from: toLocalDate(str(p.from)), days: num(p.days) });
    case 'offer':
      return mail('offer', { game, you, offer: OFFER_KIND(p.kind), reply: c.reply });
    case 'offer-answer':
      return mail('offer-answer', { game, you, offer: OFFER_KIND(p.kind), accepted: p.accepted === true });
    case 'contest': {
      const contested = p.contested as JsonObject | undefined;
      const provisional = p.reply as JsonObject | undefined;
      const contestedView = contested && recordedMove(c, str(contested.id), { line: str(contested.line), number: num(contested.number) });
      const replyView_ =
        provisional && recordedMove(c, str(provisional.id), { line: str(provisional.line), number: num(provisional.number) });
      if (!contestedView || !replyView_) return gameNotice(c, row.template, p);
      const lineId = str(contested!.line) || s.liveLines()[0].id;
      const a = replayUpTo(c, lineId, contestedView.n + 1);
      const b = replayUpTo(c, lineId, contestedView.n - 1);
      return mail('dispute-contest', {
        game,
        you,
        contested: contestedView,
        words: strings(p.words),
        provisionalReply: replyView_,
        lines: [
          { label: 'A', position: positionView(a, you, c.names) },
          { label: 'B', position: positionView(b, you, c.names) },
        ],
        reply: c.reply,
      });
    }
    case 'contest-admitted': {
      const position = mainPosition(c);
      const last = position.lastMove;
      const withdrawn = { ...(last ?? emptyMove(c, otherColor(you))), notation: str(p.withdrawn) || last?.notation || '' };
      if (!last || last.player !== otherColor(you)) return gameNotice(c, row.template, p);
      return mail('dispute-admitted', { game, you, withdrawn, replacement: last, position, reply: c.reply });
    }
    case 'contest-appealed':
      return mail('dispute-appealed', {
        game,
        you,
        words: strings(p.words),
        lines: positions(c).lines ?? [{ label: 'A', position: mainPosition(c) }],
        reply: c.reply,
      });
    case 'ruling':
      return rulingMail(reads, c, p);
    case 'game-end': {
      const result = await reads.results.resultOf(s.game.id);
      const line = s.state(s.liveLines()[0].id);
      const outcome = s.game.outcome;
      const reason = (outcome?.type ?? s.game.endReason ?? str(p.endReason) ?? 'out') as SheetEndReason;
      const by = outcome && 'by' in outcome ? (outcome.by as Color) : undefined;
      const adjusted = line.endAdjustment.red !== 0 || line.endAdjustment.blue !== 0;
      // The move that ended the game is confirmed by this mail (game-actions.ts finish): its mover's
      // row carries it; the partner sees the last move of a game ended on the board.
      const answered = Array.isArray(p.moves) ? (p.moves as JsonObject[])[0] : undefined;
      const yours = answered && recordedMove(c, str(answered.id), { line: str(answered.line), number: num(answered.number) });
      const lastMove = yours ?? (outcome === null ? mainPosition(c).lastMove : undefined);
      return mail('game-end', {
        game,
        you,
        reason,
        ...(by && { by }),
        ...(lastMove && { lastMove }),
        ...(yours && { yours: true }),
        totals: { red: line.totals.red, blue: line.totals.blue },
        ...(adjusted && { endAdjustment: { red: line.endAdjustment.red, blue: line.endAdjustment.blue } }),
        scores: result ? { red: result.redScore, blue: result.blueScore } : { red: line.scores.red, blue: line.scores.blue },
        thinkingDays: { red: c.clocks.red.used, blue: c.clocks.blue.used },
        ...(result && { coefficients: { red: result.redCoefficient, blue: result.blueCoefficient }, confirmBy: toLocalDate(result.dueOn) }),
        reply: c.reply,
      });
    }
    default:
      return gameNotice(c, row.template, p);
  }
}

function emptyMove(c: GameMailContext, color: Color): MoveView {
  return {
    n: 0,
    tour: 0,
    player: color,
    playerName: c.names[color],
    notation: '',
    pass: false,
    words: [],
    score: 0,
    recorded: 0,
    bingo: false,
    tilesUsed: [],
    total: 0,
  };
}

const RULING_TITLE: Record<string, Record<MailLanguage, string>> = {
  claim: { ro: 'reclamația de timp', en: 'the time claim' },
  'score-correction': { ro: 'corectarea scorului', en: 'a score correction' },
  'move-annulment': { ro: 'anularea unei mutări', en: 'a move annulled' },
  'thinking-days': { ro: 'zile de gândire', en: 'thinking days' },
  'coefficient-penalty': { ro: 'penalizare de coeficient', en: 'a coefficient penalty' },
  warning: { ro: 'avertisment', en: 'a warning' },
  outcome: { ro: 'rezultatul partidei', en: "the game's outcome" },
};

/** docs/rules.md §6: a word ruling keeps one line; any other ruling is the arbiter's decision with its reason. */
async function rulingMail(reads: GameMailReads, c: GameMailContext, p: JsonObject): Promise<GameMail> {
  const arbiterUser = await reads.users.find(c.s.competition.arbiterUserId);
  const arbiter = personName(arbiterUser?.displayName);
  const kind = str(p.kind);
  const position = mainPosition(c);
  // The marker and how to reply only for a recipient who has a move to make.
  const toMove = c.s.game.status === 'playing' && c.s.turnPlayer() === c.you ? { reply: c.reply } : {};
  if (kind === 'word') {
    const dispute = c.s.dispute;
    const words = strings((p as { words?: unknown }).words ?? dispute?.words ?? []);
    const valid = p.valid === true;
    return mail('dispute-ruled', {
      game: c.game,
      you: c.you,
      words: words.map((word) => ({ word, valid })),
      kept: valid ? 'A' : 'B',
      arbiter,
      ...(str(p.reason) && { comment: str(p.reason) }),
      totals: position.totals,
      ...toMove,
    });
  }
  // What the ruling changes in sentences, never the payload's keys.
  const effects = rulingEffects(kind, p, c.language, c.names);
  return mail('arbiter-ruling', {
    game: c.game,
    title: RULING_TITLE[kind]?.[c.language] ?? (c.language === 'ro' ? 'o decizie' : 'a decision'),
    decision: str(p.reason) || (RULING_TITLE[kind]?.[c.language] ?? ''),
    ...(effects.length > 0 && { effects }),
    arbiter,
    appealable: c.s.game.status !== 'playing',
    ...toMove,
  });
}
