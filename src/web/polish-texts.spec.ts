// Polish as complete as Romanian and English (docs/web.md "Texts a person reads"): every Polish
// text written in the sources, the audit log's sentences, the refusals, the game notices and the
// sheets (text and PDF) read in Polish, with no English or Romanian word and no machine code
// (the shared guard, src/common/testing/visible-text.ts). The mail templates are checked in every
// language by src/mail/templates/visible-texts.spec.ts; the pages of a seeded world by
// test/integration/visible-texts.spec.ts.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pdfText } from '../../test/support/pdf-text';
import { caseRefusals } from '../arbiter/core/case-rules';
import type { Bilingual } from '../common/bilingual';
import type { Refusal } from '../common/refusal';
import { sourcesUnder } from '../common/testing/source-files';
import { textProblems } from '../common/testing/visible-text';
import { answerRefusal, closingRefusals, homologationRefusal, objectionRefusals } from '../coefficients/core/homologation-refusals';
import { emptyBoard, withTiles } from '../engine/board';
import { engineError, type ErrorDetails } from '../engine/messages';
import { renderSheet, type SheetModel } from '../engine/sheet';
import type { EngineErrorCode } from '../engine/types';
import { refusals } from '../games/core/game-refusals';
import { renderSheetPdf } from '../games/reads/sheet-pdf';
import { NOTICE } from '../mail/outbox/game-notice-words';
import { POLISH_NOTICE } from '../mail/outbox/polish-notices';
import { timeRefusals } from '../thinking-time/time-refusals';
import { auditSentence } from './arbiter/audit-texts';
import { AUDIT_KINDS } from './arbiter/audit-filter';

const SRC = join(__dirname, '..');

/** Problems of a Polish text, `where` naming it; its English form must not be what a Polish reader gets. */
function polishProblems(where: string, text: Bilingual | string): string[] {
  const pl = typeof text === 'string' ? text : text.pl;
  const same = typeof text !== 'string' && pl === text.en && /\p{L}{4}/u.test(pl) ? [`${where}: the Polish text is the English one`] : [];
  return [...textProblems(where, 'pl', pl), ...same];
}

/**
 * What a Polish text of the sources may hold that the guard would take for a foreign word or a
 * code: a setting's environment name, a header, a JSON example, a CSV column, a command the player types.
 */
const ALLOWED_IN_SOURCE = [
  /REHEARSAL_CLOCK=on/g,
  /\{"csv": "…"\}/g,
  /Content-Type: text\/csv/g,
  /previous_coefficient/g,
  /Authorization: Bearer <klucz>/g,
  /2027-03-01T09:00:00Z/g,
];

/** The end of the expression `${…}` opening at `i` (its `{`), templates and strings within skipped. */
function interpolationEnd(source: string, i: number): number {
  let depth = 0;
  for (let j = i; j < source.length; j++) {
    const c = source[j];
    if (c === '`') j = literalAt(source, j).end - 1;
    else if (c === "'" || c === '"') j = literalAt(source, j).end - 1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
  }
  return source.length;
}

/** The string or template literal opening at `i`: its text, each interpolation (the reader's data) a space. */
function literalAt(source: string, i: number): { text: string; end: number } {
  const quote = source[i];
  let text = '';
  for (let j = i + 1; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') {
      text += source[++j];
    } else if (c === quote) {
      return { text, end: j + 1 };
    } else if (quote === '`' && c === '$' && source[j + 1] === '{') {
      j = interpolationEnd(source, j + 1) - 1;
      text += ' ';
    } else text += c;
  }
  return { text, end: source.length };
}

describe('Polish, as complete as Romanian and English', () => {
  it('every Polish text written beside a Romanian and an English one reads in Polish', () => {
    const found: string[] = [];
    const files = sourcesUnder(SRC).filter((f) => !/[\\/](testing|migrations|bench)[\\/]/.test(f));
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // `pl: '…'`, `pl: "…"` or `pl: \`…\`` (its interpolations, the reader's data, taken out).
      for (const m of source.matchAll(/\bpl: (?=['"`])/g)) {
        let { text } = literalAt(source, m.index + m[0].length);
        for (const allowed of ALLOWED_IN_SOURCE) text = text.replace(allowed, ' ');
        const line = source.slice(0, m.index).split('\n').length;
        found.push(...textProblems(`${relative(SRC, file)}:${line}`, 'pl', text));
      }
    }
    expect(found).toEqual([]);
  });

  it('tells every action of the audit log in a Polish sentence', () => {
    const source = readFileSync(join(__dirname, 'arbiter', 'audit-texts.ts'), 'utf8');
    const actions = [...new Set([...[...source.matchAll(/case '([a-z_-]+\.[a-z_-]+)':/g)].map((m) => m[1]), ...Object.keys(AUDIT_KINDS)])];
    expect(actions.length).toBeGreaterThan(40);
    const names = { game: { red: 'Nowak Jan', blue: 'Kowalska Anna' }, players: new Map([['p1', 'Nowak Jan']]), actor: 'Nowak Jan' };
    const details = {
      color: 'red',
      playerId: 'p1',
      kind: 'draw',
      words: ['KOTA'],
      moves: [{ notation: 'h8 KOTA' }],
      notation: 'h8 KOTA',
      days: 12,
      daysUsed: 51,
      from: '2027-03-01',
      to: '2027-03-10',
      contested: 'h8 KOTA',
      replacement: 'h8 KOT',
      round: 3,
      games: 8,
      players: 12,
      name: 'Mistrzostwa Polski',
      systems: ['koth', 'koth'],
      changed: ['thinkingDays'],
      before: { thinkingDays: 90 },
      after: { thinkingDays: 100 },
    };
    const found: string[] = [];
    for (const action of [...actions, 'ruling.word', 'ruling.warning', 'something.new']) {
      const pl = auditSentence(action, details, 'pl', names);
      const en = auditSentence(action, details, 'en', names);
      found.push(...polishProblems(action, { ro: '', en, pl }).map((p) => p.replace(/Nowak Jan|Kowalska Anna/g, '…')));
    }
    expect(found).toEqual([]);
  });

  it('gives every refusal of the games, the cases, the clocks and the homologation in Polish', () => {
    const what: Bilingual = { ro: 'Partida g1', en: 'Game g1', pl: 'Partia g1' };
    const engine = engineError('NOT_CONNECTED', {} as ErrorDetails['NOT_CONNECTED']);
    // One call of each factory: a factory added without its entry here does not compile.
    const games: { [K in keyof typeof refusals]: () => Refusal } = {
      unknownGame: () => refusals.unknownGame('g1'),
      unknownCompetition: () => refusals.unknownCompetition('c1'),
      unknownPlayer: () => refusals.unknownPlayer('p1'),
      notYourGame: () => refusals.notYourGame(),
      unlessSeen: () =>
        refusals.unlessSeen(
          { kind: 'player', userId: 'u9', roles: ['player'] } as never,
          { id: 'g1', redPlayerId: 'p1', bluePlayerId: 'p2' },
          { arbiterUserId: 'u1' } as never,
          refusals.notYourGame(),
        ),
      notArbiter: () => refusals.notArbiter(),
      notStarted: () => refusals.notStarted('2027-01-10'),
      unknownConditional: () => refusals.unknownConditional('k1'),
      notYourTurn: () => refusals.notYourTurn(),
      alreadyPlayed: () => refusals.alreadyPlayed(4),
      gameOver: () => refusals.gameOver(),
      lineAnnulled: () => refusals.lineAnnulled('B'),
      unknownLine: () => refusals.unknownLine('C'),
      lineRequired: () => refusals.lineRequired(['A', 'B']),
      illegalMove: () => refusals.illegalMove(engine, 'B'),
      recordRefused: () => refusals.recordRefused({ code: engine.code, messages: engine.message, move: 2 }),
      holidayRefused: () =>
        refusals.holidayRefused({ ok: false, code: 'TOO_LONG', message: { ro: 'r', en: 'e', pl: 'Urlop jest za długi.' } }),
      longThinkingRefused: () => refusals.longThinkingRefused(40, 30),
      noOffer: () => refusals.noOffer(),
      offerPending: () => refusals.offerPending(),
      contestTooLate: () => refusals.contestTooLate(),
      nothingToContest: () => refusals.nothingToContest(),
      wordNotInMove: () => refusals.wordNotInMove('KOTA', ['KOT']),
      disputeOpen: () => refusals.disputeOpen(),
      disputeAwaitsAnswer: () => refusals.disputeAwaitsAnswer(),
      noDispute: () => refusals.noDispute(),
      keyReused: () => refusals.keyReused(),
      reasonRequired: () => refusals.reasonRequired(),
      badInput: () => refusals.badInput('bad', 'greșit', 'błędne dane'),
      notAllowedNow: () => refusals.notAllowedNow('not now', 'nu acum', 'nie teraz'),
      notPfsRules: () => refusals.notPfsRules(what),
      frscOnly: () => refusals.frscOnly(what),
      challengeTooLate: () => refusals.challengeTooLate(),
      nothingToChallenge: () => refusals.nothingToChallenge(),
      alreadyChallenged: () => refusals.alreadyChallenged(),
      noWordList: () => refusals.noWordList(),
    };
    const cases: { [K in keyof typeof caseRefusals]: () => Refusal } = {
      notYours: () => caseRefusals.notYours(what),
      missing: () => caseRefusals.missing('word', 'cuvântul', 'wyraz'),
      caseClosed: () => caseRefusals.caseClosed(),
      decidedElsewhere: () => caseRefusals.decidedElsewhere(),
      noOutcome: () => caseRefusals.noOutcome(),
      appealDecided: () => caseRefusals.appealDecided(),
    };
    const clocks: { [K in keyof typeof timeRefusals]: () => Refusal } = {
      unknownCase: () => timeRefusals.unknownCase('k1'),
      caseDecided: () => timeRefusals.caseDecided(),
      notDowntimeCase: () => timeRefusals.notDowntimeCase('k1'),
      badDays: () => timeRefusals.badDays(30),
      leaveOutsideCompetition: () => timeRefusals.leaveOutsideCompetition('2027-01-10', '2027-12-31'),
      declarationNotYet: () => timeRefusals.declarationNotYet('2027-12-31'),
      declarationTooLate: () => timeRefusals.declarationTooLate('2028-01-05'),
    };
    const homologation = [
      ...(['already-homologated', 'objection-open', 'window-open', 'override-without-reason'] as const).map((why) =>
        homologationRefusal(why, '2027-04-05'),
      ),
      ...(['already-homologated', 'window-closed'] as const).map((why) => answerRefusal(why, '2027-04-05')),
      ...Object.values(objectionRefusals).map((make) => (make as () => Refusal)()),
      ...Object.values(closingRefusals).map((make) => (make as () => Refusal)()),
    ];
    const found: string[] = [];
    for (const [name, make] of [...Object.entries(games), ...Object.entries(cases), ...Object.entries(clocks)]) {
      const refusal = make();
      found.push(...polishProblems(`${name} (${refusal.code})`, refusal.messages));
    }
    for (const refusal of homologation) found.push(...polishProblems(refusal.code, refusal.messages));
    expect(found).toEqual([]);
  });

  it('writes every engine refusal in Polish, naming the square and the letters as the other languages do', () => {
    const examples: { [C in EngineErrorCode]: ErrorDetails[C] } = {
      GAME_OVER: {},
      BAD_NOTATION: { text: 'h8 KO$A', problem: { kind: 'character', char: '$' } },
      OFF_BOARD: { square: 'p1', atStart: true },
      FIRST_MOVE_NOT_ON_CENTER: {},
      NOT_CONNECTED: {},
      INCOMPLETE_WORD: { square: 'h7', letter: 'K', side: 'before' },
      WORD_MISMATCH: { square: 'h9', written: 'O', found: 'A' },
      NO_NEW_TILES: {},
      WORD_TOO_SHORT: { word: 'K' },
      TILES_NOT_IN_RACK: { square: 'h8', letter: 'Ź', blank: false, rack: 'KOTAŁ?E', noSuchTile: false },
      ZERO_SCORE_PLACEMENT: {},
      NOT_IN_LINE: {},
      GAP: { square: 'h10' },
    };
    const found: string[] = [];
    for (const code of Object.keys(examples) as EngineErrorCode[]) {
      found.push(...polishProblems(code, engineError(code, examples[code] as never).message));
    }
    for (const kind of ['empty', 'no-word', 'parentheses'] as const) {
      found.push(...polishProblems(kind, engineError('BAD_NOTATION', { text: 'h8', problem: { kind } }).message));
    }
    expect(found).toEqual([]);
  });

  it('words every game notice in Polish, for each notice the other languages have', () => {
    expect(Object.keys(POLISH_NOTICE).sort()).toEqual(Object.keys(NOTICE).sort());
    const context = {
      language: 'pl' as const,
      names: { red: 'Nowak Jan', blue: 'Kowalska Anna' },
      snap: { status: 'playing', turnPlayer: 'red' as const },
    };
    const payload = {
      from: '2027-03-01',
      to: '2027-03-10',
      stepsLeft: 2,
      partnerMove: 'h8 KOTA',
      reply: '8h KOT',
      steps: ['JEŚLI h8 KOTA WTEDY 8h KOT'],
      reason: { ro: 'partida s-a încheiat', en: 'the game ended', pl: 'partia się zakończyła' },
      daysUsed: 51,
      words: ['KOTA'],
      successful: true,
      move: 'h8 KOTA',
      scores: { red: 400, blue: 380 },
      mode: 'digest',
    };
    const found: string[] = [];
    for (const [name, notice] of Object.entries(POLISH_NOTICE)) {
      const { title, paragraphs } = notice(payload, context);
      const text = [title, ...paragraphs].join(' ').replace(/Nowak Jan|Kowalska Anna/g, ' ');
      found.push(...polishProblems(name, text));
    }
    expect(found).toEqual([]);
  });

  it('prints the game sheet in Polish, as text and as PDF', async () => {
    const model: SheetModel = {
      language: 'pl',
      competition: 'Korespondencyjne Mistrzostwa Polski 2027',
      group: 'A',
      red: { name: 'Nowak Jan', previousCoefficient: 1.2345, previousRank: 3 },
      blue: { name: 'Kowalska Anna' },
      arbiter: 'Zieliński Piotr',
      tileSet: 'Polski (PFS)',
      startDate: '2027-01-10',
      closingDate: '2027-12-31',
      holidays: { red: [['2027-07-01', '2027-07-14']], blue: [] },
      sequence: 'KOTAŁEŹĆŃ?'.repeat(10),
      taken: Array.from({ length: 100 }, (_, i) => (i < 14 ? (i % 2 === 0 ? 'red' : 'blue') : null)),
      board: withTiles(emptyBoard(), [
        { row: 7, col: 7, letter: 'K', blank: false },
        { row: 7, col: 8, letter: 'O', blank: false },
      ]),
      rows: [
        {
          tour: 1,
          player: 'red',
          letters: ['K', 'O', 'T', 'A'],
          main: { coord: 'h8', word: 'KOTA' },
          adjacent: [],
          score: 12,
          total: 12,
          thinkingDays: 2,
          sent: '2027-01-15',
        },
        { tour: 1, player: 'blue', letters: [], main: undefined, adjacent: [], score: 0, total: 0, thinkingDays: 1, sent: '2027-01-16' },
      ],
      result: {
        totals: { red: 400, blue: 380 },
        endAdjustment: { red: -4, blue: 4 },
        scores: { red: 396, blue: 384 },
        endReason: 'zero-turns',
        thinkingDays: { red: 90, blue: 88 },
        coefficients: { red: 1.0037, blue: 0.9963 },
      },
    };
    const names =
      /Nowak Jan|Kowalska Anna|Zieliński Piotr|Korespondencyjne Mistrzostwa Polski 2027|KOTAŁEŹĆŃ\?|KOTA|[a-o]\d{1,2}|\d{1,2}[a-o]/g;
    const text = renderSheet(model).replace(names, ' ');
    expect(polishProblems('sheet (text)', text)).toEqual([]);
    const pdf = pdfText(await renderSheetPdf({ sheet: model, title: 'Nowak Jan – Kowalska Anna' })).replace(names, ' ');
    expect(polishProblems('sheet (PDF)', pdf)).toEqual([]);
  });
});
