// A sample model for every mail template, built from a real replayed game: for the template
// specs and for looking at a mail while writing a template.
import { newGame, replayGame, type GameState, type MoveRecord } from '../../../engine/replay';
import { getTileSet } from '../../../engine/tile-sets';
import { randomLegalGame } from '../../../engine/testing/random-game';
import type { MailLanguage } from '../../parsing/quotes';
import type { MailModels, MailTemplateName } from '../all-models';
import type { ClocksView, DeadlinesView, GameView, PositionView } from '../../../notifications/models/models';
import { sweepSampleModels } from './sweep-sample-models';
import { arbiterCasesSample } from './arbiter-sample-models';
import { boardView, clocksView, moveView, positionView, replyView, sequenceView, threadSubject } from '../../../notifications/models/views';
import { renderEvent } from '../render';

const TILE_SET = getTileSet('ro');
// A long name, to see the columns hold (docs/rules.md §6: names as registered).
const GAME: GameView = {
  competition: 'CN 2027',
  group: 'A',
  red: 'Popescu-Rădulescu Ștefania',
  blue: 'Ionescu Țuțea',
  gameUrl: 'https://scrabble.example/games/5b0c7c1e-6c1f-4a8e-9d3e-0d9b1c2a3f4e',
};
const NAMES = { red: GAME.red, blue: GAME.blue };
const REPLY_ADDRESS = 'moves+gabcdefghijklmnopqrst-t14-abcdefghijklmnopqrstuvwxyz@scrabble.example';

interface Replay {
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
}

function replayed(moves: number): Replay {
  const game = randomLegalGame(2027, TILE_SET);
  const replay = replayGame({ tileSet: TILE_SET, sequence: game.sequence }, game.moves.slice(0, moves));
  if (!replay.ok) throw new Error(`sample game refused move ${replay.n}: ${replay.code}`);
  return replay;
}

/** A sample text in the model's language (the texts a sender would have written in it). */
function say(language: MailLanguage, text: Readonly<Record<MailLanguage, string>>): string {
  return text[language];
}

export function sampleModels(language: MailLanguage): MailModels {
  const full = replayed(Number.MAX_SAFE_INTEGER);
  const middle = replayed(13);
  const lineB = replayed(12);
  const start = newGame({ tileSet: TILE_SET, sequence: full.state.sequence.join('') });
  const position: PositionView = positionView(middle, 'blue', NAMES);
  const clocks: ClocksView = clocksView({
    red: { used: 12, left: 38, onHoliday: false, longThinking: false },
    blue: { used: 21, left: 29, onHoliday: false, longThinking: true },
  });
  const deadlines: DeadlinesView = { reminder: '2027-03-16', escalation: '2027-03-31', closing: '2027-06-30', holidayRightsEnd: '2027-05-30' };
  const reply = replyView(REPLY_ADDRESS, GAME, language);
  const lastMove = moveView(middle.records[middle.records.length - 1], NAMES);
  const blueMove = moveView(middle.records[middle.records.length - 2], NAMES);
  const lines = [
    { label: 'A' as const, position },
    { label: 'B' as const, position: positionView(lineB, 'blue', NAMES) },
  ];
  const base = { game: GAME, you: 'blue' as const };
  const yourMove = { ...base, tour: lastMove.tour, moveNumber: lastMove.n + 1, position, clocks, deadlines, reply };
  const finalScores = full.state.scores;
  const reason = say(language, { ro: 'Cuvântul „CAZMA” este valid (DEX).', en: 'The word "CAZMA" is valid (DEX).', pl: 'Wyraz „CAZMA” jest dopuszczalny (DEX).' });
  const sweep = sweepSampleModels(GAME, clocks, language);
  // The digest's events as the sender writes them: each event's whole text (docs/mail-rules.md 17).
  const events = (['time-exceeded', 'closing-date'] as const).map((name) => ({
    subject: threadSubject(GAME, language),
    summary: renderEvent(name, language, sweep[name] as MailModels[typeof name]),
    reply,
  }));
  return {
    ...sweep,
    'round-bye': { name: GAME.blue, competition: GAME.competition, round: 3, closingDate: '2027-04-30' },
    'round-complete': {
      name: 'Arbitru',
      competition: GAME.competition,
      round: 3,
      games: 20,
      nextRound: 4,
      roundsUrl: 'https://scrabble.example.org/arbiter/competitions/c1/rounds',
    },
    'game-start': {
      game: GAME,
      you: 'red',
      arbiter: 'Marinescu Dan',
      tileSet: TILE_SET.name,
      startDate: '2027-01-10',
      closingDate: '2027-06-30',
      thinkingDays: 50,
      handicap: true,
      holidays: { red: [{ from: '2027-02-01', to: '2027-02-20' }], blue: [] },
      sequence: sequenceView(start),
      rack: start.racks.red.map((t) => t.letter).join(''),
      board: boardView(start.board),
      deadlines: { closing: '2027-06-30', holidayRightsEnd: '2027-05-30' },
      reply,
    },
    'your-move': yourMove,
    'move-confirmation': {
      ...base,
      move: blueMove,
      rack: middle.state.racks.blue.map((t) => t.letter).join(''),
      totals: middle.state.totals,
      clocks,
      thinkingDays: 3,
      declaredScore: blueMove.score + 2,
      wordCheck: { list: true, words: blueMove.words.map((w, i) => ({ word: w.word, inList: i > 0 })) },
    },
    'move-rejection': {
      ...base,
      written: 'h8 CAZMA',
      reason: { code: 'TILES_NOT_IN_RACK', message: say(language, {
          ro: 'Litera Z (pe h10) nu se află pe suportul dumneavoastră (suportul: AEIRST?). Un joker se scrie cu literă mică.',
          en: 'The letter Z (on h10) is not on your rack (rack: AEIRST?). A blank is written in lower case.',
          pl: 'Litery Z (na h10) nie ma na Twoim stojaku (stojak: AEIRST?). Blank zapisuje się małą literą.',
        }),
      },
      position,
      reply,
    },
    reminder: { ...yourMove, silentDays: 15 },
    escalation: { ...base, silent: 'red', silentDays: 30, since: '2027-03-01' },
    'holiday-notice': { ...base, player: 'red', from: '2027-02-01', to: '2027-02-10', days: 10, changed: false },
    'long-thinking-notice': { ...base, player: 'red', from: '2027-03-02', days: 18 },
    offer: { ...base, offer: 'draw', reply },
    'offer-answer': { ...base, offer: 'interrupt', accepted: true },
    'dispute-contest': { ...base, contested: blueMove, words: ['CAZMA', 'ZA'], provisionalReply: lastMove, lines, reply },
    'dispute-admitted': { ...base, withdrawn: blueMove, replacement: lastMove, position, reply },
    'dispute-appealed': { ...base, words: ['CAZMA'], lines, reply },
    'dispute-ruled': {
      ...base,
      words: [
        { word: 'CAZMA', valid: true },
        { word: 'ZA', valid: false },
      ],
      kept: 'B',
      arbiter: 'Marinescu Dan',
      comment: reason,
      totals: middle.state.totals,
    },
    'game-end': {
      // The mover's: the move that ended the game is confirmed by this mail.
      ...base,
      you: full.records[full.records.length - 1].player,
      lastMove: moveView(full.records[full.records.length - 1], NAMES),
      yours: true,
      reason: full.state.endReason ?? 'out',
      totals: full.state.totals,
      endAdjustment: full.state.endAdjustment,
      scores: finalScores,
      thinkingDays: { red: 31, blue: 44 },
      coefficients: { red: 15219, blue: 4781 },
      confirmBy: '2027-07-05',
      reply,
    },
    'arbiter-ruling': {
      game: GAME,
      title: say(language, { ro: 'reclamația de timp a lui Ionescu Țuțea', en: "Ionescu Țuțea's time claim", pl: 'zgłoszenie przekroczenia czasu przez gracza Ionescu Țuțea' }),
      decision: say(language, {
        ro: 'Reclamația este întemeiată: ROȘU a folosit 51 de zile de gândire. Partida se încheie prin depășirea timpului, cu coeficienții calculați după regulament.',
        en: 'The claim is founded: RED used 51 thinking days. The game ends on time, with the coefficients the rules give.',
        pl: 'Zgłoszenie jest zasadne: CZERWONY wykorzystał 51 dni na namysł. Partia kończy się przekroczeniem czasu, ze współczynnikami według regulaminu.',
      }),
      effects: [say(language, { ro: 'partida se încheie: depășirea timpului (ROȘU)', en: 'the game ends: time exceeded (RED)', pl: 'partia się kończy: przekroczenie czasu (CZERWONY)' })],
      arbiter: 'Marinescu Dan',
      appealable: true,
      appealBy: '2027-04-15',
    },
    'magic-link': { name: 'Ionescu Țuțea', url: 'https://scrabble.example/login/3f1c9a7e0b2d4c6e8f1a3b5c7d9e0f21', expiresInMinutes: 20 },
    'address-confirmation': {
      name: 'Popescu-Rădulescu Ștefania',
      address: 'stefania.popescu-radulescu@federatia-scrabble.example.ro',
      url: 'https://scrabble.example/addresses/confirm/3f1c9a7e0b2d4c6e8f1a3b5c7d9e0f21aBcDeFg1234',
      accountUrl: 'https://scrabble.example/account',
      expiresInDays: 14,
    },
    'address-added': { name: 'Popescu-Rădulescu Ștefania', addresses: ['stefania.popescu-radulescu@federatia-scrabble.example.ro'] },
    'account-join': {
      name: 'Ionescu Țuțea',
      player: 'Ionescu Țuțea',
      competition: 'Campionatul Național prin corespondență 2027',
      address: 'tutea.ionescu@federatia-scrabble.example.ro',
      url: 'https://scrabble.example/account',
    },
    'account-changed': { name: 'Popescu-Rădulescu Ștefania', change: 'address-removed', address: 'stefania.popescu@old.example.ro' },
    'identity-changed': { name: 'Ionescu Țuțea', player: 'Popescu-Rădulescu Ștefania', change: 'name', previousName: 'Popescu Ștefania' },
    'claim-answered': {
      name: 'Marinescu Dan',
      game: GAME,
      accused: 'Popescu-Rădulescu Ștefania',
      claimant: 'Ionescu Țuțea',
      text: say(language, {
        ro: 'Am fost internată în spital; trimit certificatul medical arbitrului.',
        en: 'I was in hospital; I am sending the medical certificate to the arbiter.',
        pl: 'Byłam w szpitalu; wysyłam sędziemu zaświadczenie lekarskie.',
      }),
      answeredOn: '2027-03-30',
      answerBy: '2027-04-02',
      toArbiter: true,
    },
    'objection-decided': {
      ...base,
      objector: 'blue',
      objection: say(language, {
        ro: 'Scorul ultimei mutări este greșit: H8 valorează 24 de puncte, nu 22.',
        en: 'The last move is scored wrong: H8 is worth 24 points, not 22.',
        pl: 'Ostatni ruch jest źle policzony: H8 jest wart 24 punkty, nie 22.',
      }),
      objectedOn: '2027-07-02',
      upheld: true,
      reason: say(language, {
        ro: 'Scorul se corectează cu 2 puncte printr-o decizie separată.',
        en: 'The score is corrected by 2 points in a ruling.',
        pl: 'Wynik zostanie skorygowany o 2 punkty osobną decyzją.',
      }),
      decidedOn: '2027-07-04',
      arbiter: 'Marinescu Dan',
    },
    'arbiter-cases': arbiterCasesSample(language),
    'daily-digest': {
      name: 'Ionescu Țuțea',
      day: '2027-03-02',
      games: [
        { ...base, tour: lastMove.tour, position, clocks, deadlines, reply },
        { ...base, game: { ...GAME, red: 'Vasilescu Ana', gameUrl: `${GAME.gameUrl}0` }, tour: 4, position, clocks, deadlines: {}, reply },
      ],
      events,
    },
    'command-help': {
      game: GAME,
      problem: say(language, {
        ro: 'Nu am găsit nicio comandă în răspunsul dumneavoastră.',
        en: 'No command was found in your reply.',
        pl: 'W Twojej odpowiedzi nie ma żadnego polecenia.',
      }),
      received: language === 'pl' ? ['Dzień dobry,', 'kładę KOTA na h8, jeśli można'] : ['Bună ziua,', 'mut CASA pe h8 dacă se poate'],
      reply,
    },
    'rejection-unknown-token': { receivedSubject: 'Re: [CN 2027 · Grupa A] Popescu – Ionescu' },
    'rejection-stale-token': { ...base, tokenMove: 11, currentMove: 14, yourTurn: true, position, reply },
    'rejection-wrong-sender': { ...base, sender: 'ionescu.tutea@work.example' },
    'rejection-not-your-turn': { ...base, toMove: 'red' },
    'rejection-game-finished': { ...base, scores: finalScores, reason: 'abandon', by: 'red' },
    'rejection-too-large': { game: GAME, sizeBytes: 31_457_280, limitBytes: 10_485_760 },
    'game-notice': {
      ...base,
      title: say(language, {
        ro: 'Ionescu Țuțea reclamă depășirea timpului de gândire.',
        en: 'Ionescu Țuțea claims you have run out of thinking time.',
        pl: 'Ionescu Țuțea zgłasza, że przekroczyłeś czas na namysł.',
      }),
      paragraphs: [say(language, { ro: 'Puteți răspunde arbitrului până la 05.03.2027.', en: 'You may answer the arbiter by 5 Mar 2027.', pl: 'Możesz odpowiedzieć sędziemu do 5 marca 2027.' })],
      position,
      clocks,
      deadlines,
      reply,
      yourTurn: true,
    },
    'move-confirmation-request': { game: GAME, written: ['h8 CASA'], confirmUrl: 'https://scrabble.example/mail/confirm/3f1c9a7e-0b2d-4c6e-8f1a-3b5c7d9e0f21/0123456789abcdef0123456789abcdef' },
  };
}

export function sampleModel<N extends MailTemplateName>(name: N, language: MailLanguage): MailModels[N] {
  return sampleModels(language)[name];
}
