// The model of a game mail (docs/mail-rules.md 19), built from the event its action wrote
// (mail/core/game-events.ts): the fact and the game as the action left it, in the templates'
// form. Nothing here reads or replays the game: what the action knew is in the event. A row
// without an event (the position a player asked for, a row queued before events) is given the
// game as it stands now (games/model/game-mail-snapshot.ts currentMailSnapshot).
import { otherColor, type Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import type { SheetEndReason } from '../../engine/sheet';
import { tourOf } from '../../engine/tour';
import { compareDays, toLocalDate } from '../../common/calendar';
import type { MailLanguage } from '../parsing/quotes';
import { NOTICE, num, str, strings, UNKNOWN_NOTICE } from './game-notice-words';
import { POLISH_NOTICE } from './polish-notices';
import type { Settings } from '../../config/settings';
import { readGameView } from '../../games/model/game-mail-view';
import type { CompetitionsRepository } from '../../competitions/competitions.repository';
import type { MailGamesRepository } from '../mail-games.repository';
import { rulingEffects } from '../../games/core/ruling-effects';
import { liveOf, moveKey, type GameSnapshot } from '../core/game-events';
import type {
  BoardView,
  ClocksView,
  DeadlinesView,
  GameView,
  LineView,
  MailModels,
  MailTemplateName,
  MoveView,
  PositionView,
  ReplyView,
  SequenceView,
} from '../templates';

/** What names a game in a mail (models.ts GameView), for mails built outside gameMail. */
export async function gameViewOf(
  mailGames: MailGamesRepository,
  competitions: Pick<CompetitionsRepository, 'groupName'>,
  settings: Settings,
  gameId: string,
): Promise<GameView> {
  const game = await mailGames.withPlayers(gameId);
  return readGameView(competitions, settings, game.competition!, game, { red: game.redPlayer!, blue: game.bluePlayer! });
}

/** A template and its model, ready for renderMail. */
export interface GameMail {
  readonly template: MailTemplateName;
  readonly model: MailModels[MailTemplateName];
}

const mail = <N extends MailTemplateName>(template: N, model: MailModels[N]): GameMail => ({
  template,
  model: model as MailModels[MailTemplateName],
});

/** What every game mail is built from: the event's snapshot, the recipient and the reply. */
export interface GameMailContext {
  readonly snap: GameSnapshot;
  readonly you: Color;
  readonly game: GameView;
  readonly language: MailLanguage;
  readonly reply: ReplyView;
  readonly clocks: ClocksView;
  readonly deadlines: DeadlinesView;
  readonly names: Readonly<Record<Color, string>>;
}

/** The context of one recipient's mail from a snapshot: `reply` is the address their answer goes to. */
export function mailContext(snap: GameSnapshot, you: Color, language: MailLanguage, reply: ReplyView): GameMailContext {
  return {
    snap,
    you,
    game: snap.game,
    language,
    reply,
    clocks: snap.clocks as unknown as ClocksView,
    deadlines: snap.deadlines as unknown as DeadlinesView,
    names: snap.names,
  };
}

/** The live lines as the recipient sees them: one position, or A and B while an appeal waits. */
function positions(c: GameMailContext): { position?: PositionView; lines?: LineView[] } {
  return liveOf(c.snap, c.you) as { position?: PositionView; lines?: LineView[] };
}

function mainPosition(c: GameMailContext): PositionView {
  const p = positions(c);
  return p.position ?? p.lines![0].position;
}

/** The engine's record of a move the event names (snapshot.moves, by moveKey), as every mail shows it. */
function recordedMove(c: GameMailContext, entry: unknown): MoveView | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  return c.snap.moves[moveKey(entry as JsonObject)] as unknown as MoveView | undefined;
}

const playing = (c: GameMailContext) => c.snap.status === 'playing';

/** The word check kept in the confirmation's payload when the move was played (game-views.ts), as the mail shows it. */
function wordCheckOf(raw: unknown): Pick<MailModels['move-confirmation'], 'wordCheck'> {
  const check = raw as JsonObject | undefined;
  if (!check || typeof check !== 'object' || !Array.isArray(check.words)) return {};
  const words = (check.words as JsonObject[]).map((w) => ({ word: str(w.word), inList: w.inList === true }));
  return { wordCheck: { list: check.list === true, words } };
}

const OFFER_KIND = (kind: unknown) => (kind === 'draw' ? 'draw' : 'interrupt') as 'draw' | 'interrupt';

/** A notice about the game, with the position, the clocks and how to answer: for events without a template of their own. */
export function gameNotice(c: GameMailContext, template: string, payload: JsonObject): GameMail {
  const notice = c.language === 'pl' ? POLISH_NOTICE[template] : NOTICE[template]?.[c.language];
  const words = notice?.(payload, c) ?? { title: UNKNOWN_NOTICE[c.language](template), paragraphs: [] };
  const live = playing(c);
  return mail('game-notice', {
    game: c.game,
    you: c.you,
    title: words.title,
    paragraphs: words.paragraphs.filter((p) => p.trim() !== ''),
    ...positions(c),
    clocks: c.clocks,
    ...(live && { deadlines: c.deadlines, reply: c.reply, yourTurn: c.snap.turnPlayer === c.you }),
  });
}

/**
 * The model of one game mail: `template` and `p` are the recipient's mail of the event
 * (mail/core/event-mails.ts); the platform's templates are mapped onto the mail templates
 * (`contest` → `dispute-contest`, …); anything else is a game notice.
 */
export function gameMail(c: GameMailContext, template: string, p: JsonObject): GameMail {
  const { snap, you, game } = c;
  switch (template) {
    case 'game-start': {
      const start = snap.start;
      if (!start) return gameNotice(c, template, p);
      const opening = start.opening[you] as unknown as { sequence: SequenceView; rack: string; board: BoardView };
      const startDate = toLocalDate(start.startDate);
      const holidays = start.holidays;
      return mail('game-start', {
        game,
        you,
        arbiter: start.arbiter ?? snap.arbiter ?? '',
        tileSet: start.tileSet,
        startDate,
        ...(compareDays(toLocalDate(snap.today), startDate) < 0 && { playsFrom: startDate }),
        closingDate: toLocalDate(start.closingDate),
        thinkingDays: start.thinkingDays,
        handicap: start.handicap,
        ...((holidays.red.length > 0 || holidays.blue.length > 0) && {
          holidays: {
            red: holidays.red.map((h) => ({ from: toLocalDate(h.from), to: toLocalDate(h.to) })),
            blue: holidays.blue.map((h) => ({ from: toLocalDate(h.from), to: toLocalDate(h.to) })),
          },
        }),
        sequence: opening.sequence,
        rack: opening.rack,
        board: opening.board,
        deadlines: c.deadlines,
        reply: c.reply,
      });
    }
    case 'status':
    case 'your-move':
    case 'reminder-copy': {
      // STARE / STATUS (docs/mail-rules.md 10): the position as "your move" when the move is theirs, else as a notice.
      if (template === 'status' && (!playing(c) || snap.turnPlayer !== you)) return gameNotice(c, template, p);
      const partnerNotes = snap.partnerNotes[you];
      return mail('your-move', {
        ...(partnerNotes.length > 0 && { partnerNotes }),
        game,
        you,
        tour: tourOf(snap.moveNumber),
        moveNumber: snap.moveNumber,
        ...positions(c),
        clocks: c.clocks,
        deadlines: c.deadlines,
        reply: c.reply,
      });
    }
    case 'move-confirmation': {
      const moves = Array.isArray(p.moves) ? (p.moves as JsonObject[]) : [];
      const first = moves[0];
      const move = first && recordedMove(c, first);
      if (!move) return gameNotice(c, template, p);
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
      const contestedView = recordedMove(c, p.contested);
      const replyView_ = recordedMove(c, p.reply);
      if (!contestedView || !replyView_ || !snap.contest) return gameNotice(c, template, p);
      return mail('dispute-contest', {
        game,
        you,
        contested: contestedView,
        words: strings(p.words),
        provisionalReply: replyView_,
        lines: [
          { label: 'A', position: snap.contest.a[you] as unknown as PositionView },
          { label: 'B', position: snap.contest.b[you] as unknown as PositionView },
        ],
        reply: c.reply,
      });
    }
    case 'contest-admitted': {
      const position = mainPosition(c);
      const last = position.lastMove;
      const withdrawn = { ...(last ?? emptyMove(c, otherColor(you))), notation: str(p.withdrawn) || last?.notation || '' };
      if (!last || last.player !== otherColor(you)) return gameNotice(c, template, p);
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
      return rulingMail(c, p);
    case 'game-end': {
      const end = snap.end;
      if (!end) return gameNotice(c, template, p);
      const outcome = end.outcome;
      const reason = (outcome?.type ?? (str(p.endReason) || 'out')) as SheetEndReason;
      const by = outcome?.by;
      const adjusted = end.endAdjustment.red !== 0 || end.endAdjustment.blue !== 0;
      // The move that ended the game is confirmed by this mail (mail/core/event-mails.ts): its mover's
      // mail carries it; the partner sees the last move of a game ended on the board.
      const answered = Array.isArray(p.moves) ? (p.moves as JsonObject[])[0] : undefined;
      const yours = answered && recordedMove(c, answered);
      const lastMove = yours ?? (outcome === null ? mainPosition(c).lastMove : undefined);
      const result = resultOf(p);
      return mail('game-end', {
        game,
        you,
        reason,
        ...(by && { by }),
        ...(lastMove && { lastMove }),
        ...(yours && { yours: true }),
        totals: end.totals,
        ...(adjusted && { endAdjustment: end.endAdjustment }),
        scores: result?.scores ?? end.scores,
        thinkingDays: { red: c.clocks.red.used, blue: c.clocks.blue.used },
        ...(result && { coefficients: result.coefficients, confirmBy: result.confirmBy }),
        reply: c.reply,
      });
    }
    default:
      return gameNotice(c, template, p);
  }
}

/** The proposed result a game-end mail carries (result-proposals.service.ts jsonResult): scores, coefficients, the day to confirm by. */
function resultOf(p: JsonObject) {
  const pair = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);
  const scores = pair(p.scores);
  const coefficients = pair(p.coefficients);
  if (!scores || !coefficients || typeof p.dueOn !== 'string') return undefined;
  return {
    scores: { red: num(scores.red), blue: num(scores.blue) },
    // The listing carries decimals (result-proposals.service.ts jsonResult); the template ten-thousandths (coefficients.ts).
    coefficients: { red: Math.round(num(coefficients.red) * 10_000), blue: Math.round(num(coefficients.blue) * 10_000) },
    confirmBy: toLocalDate(p.dueOn),
  };
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
  claim: { ro: 'reclamația de timp', en: 'the time claim', pl: 'zgłoszenie przekroczenia czasu' },
  'score-correction': { ro: 'corectarea scorului', en: 'a score correction', pl: 'korekta wyniku' },
  'move-annulment': { ro: 'anularea unei mutări', en: 'a move annulled', pl: 'unieważnienie ruchu' },
  'thinking-days': { ro: 'zile de gândire', en: 'thinking days', pl: 'dni na namysł' },
  'coefficient-penalty': { ro: 'penalizare de coeficient', en: 'a coefficient penalty', pl: 'kara we współczynniku' },
  warning: { ro: 'avertisment', en: 'a warning', pl: 'upomnienie' },
  outcome: { ro: 'rezultatul partidei', en: "the game's outcome", pl: 'wynik partii' },
};

/** docs/rules.md §6: a word ruling keeps one line; any other ruling is the arbiter's decision with its reason. */
function rulingMail(c: GameMailContext, p: JsonObject): GameMail {
  const arbiter = c.snap.arbiter ?? '';
  const kind = str(p.kind);
  const position = mainPosition(c);
  // The marker and how to reply only for a recipient who has a move to make.
  const toMove = playing(c) && c.snap.turnPlayer === c.you ? { reply: c.reply } : {};
  if (kind === 'word') {
    const words = strings((p as { words?: unknown }).words ?? c.snap.words ?? []);
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
    title: RULING_TITLE[kind]?.[c.language] ?? ({ ro: 'o decizie', en: 'a decision', pl: 'decyzja' } as const)[c.language],
    decision: str(p.reason) || (RULING_TITLE[kind]?.[c.language] ?? ''),
    ...(effects.length > 0 && { effects }),
    arbiter,
    appealable: !playing(c),
    ...toMove,
  });
}
