import { challengeVerdict } from '../../games/core/challenges';
import { getTileSet, newGame, replayGame, type MoveRecord } from '../../engine';
import { randomMove, randomSequence, seededRandom } from '../../engine/testing/random-game';
import { lineSnapshot } from '../../games/core/game-state';
import type { GameView } from '../../games/model/game-views';
import { WebViews } from '../views.service';
import type { WebRequest } from '../web-request';
import { gamePageModel, type GamePageInput } from './game-page';
import { myGamesModel } from './my-games';

// The player templates rendered through the real WebViews (layout, partials, dictionary):
// what the page model promises is what the HTML shows, in both languages.
const ro = getTileSet('ro');
const views = new WebViews();
const req = (lang: 'ro' | 'en'): WebRequest =>
  ({
    lang,
    csrf: 'tok-123',
    originalUrl: '/games/g1',
    actor: { kind: 'user', userId: 'u1', roles: ['player'], playerId: 'pb' },
  }) as unknown as WebRequest;

function input(lines: 1 | 2): GamePageInput {
  const random = seededRandom(5);
  const sequence = randomSequence(ro, random);
  let state = newGame({ tileSet: 'ro', sequence });
  const moves: string[] = [];
  let records: readonly MoveRecord[] = [];
  for (let i = 0; i < 5; i++) {
    moves.push(randomMove(state, random, { passProbability: 0 }));
    const r = replayGame({ tileSet: 'ro', sequence }, moves);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
    records = r.records;
  }
  const snapshot = lineSnapshot('main', null, state);
  const view = {
    id: 'g1',
    round: 2,
    status: 'playing',
    turn: 6,
    red: { playerId: 'pr', name: 'Ana Ionescu' },
    blue: { playerId: 'pb', name: 'Bogdan Șerban' },
    toMove: 'blue',
    awaiting: 'move',
    sequence,
    lines: [snapshot],
    moves: [],
    dispute: null,
    offers: [{ id: 'o1', kind: 'draw', by: 'red', status: 'pending', createdAt: '2027-02-02T00:00:00Z' }],
    clocks: {
      red: { used: 4, left: 46, exceeded: false, onHoliday: false, longThinking: false },
      blue: { used: 2, left: 48, exceeded: false, onHoliday: true, longThinking: false },
    },
    result: null,
    rules: 'frsc',
    challenges: [],
  } as unknown as GameView;
  const line = {
    id: 'main',
    label: null,
    snapshot,
    taken: state.taken,
    path: records.map((record) => ({ moveId: `m${record.n}`, record })),
  };
  return {
    view,
    lines:
      lines === 1
        ? [line]
        : [
            { ...line, label: 'A' },
            { ...line, id: 'f1', label: 'B' },
          ],
    me: 'blue',
    tileSet: ro,
    today: '2027-02-05',
    limit: 50,
    competitionName: 'Campionatul Național 2027',
    lang: 'ro',
  };
}

describe('player templates', () => {
  it('render the game page in Romanian and English: board, rack, sequence, sheet, clocks, forms', () => {
    for (const lang of ['ro', 'en'] as const) {
      const game = gamePageModel({ ...input(1), lang });
      const html = views.page(
        req(lang),
        'player/game',
        { game, formKey: 'k1', sent: {}, error: null, done: 'player.done.move' },
        { styles: ['board.css'], scripts: ['game.js'] },
      );
      expect(html.match(/<td class="sq/g)).toHaveLength(225);
      expect(html.match(/<th scope="col">/g)!.length).toBeGreaterThanOrEqual(15);
      expect(html.match(/class="rack-tile/g)).toHaveLength(game.lines[0].myRack.length);
      expect(html.match(/<td class="seq/g)).toHaveLength(100);
      expect(html.match(/<table class="moves">[\s\S]*?<\/table>/)![0].match(/<tr class="(red|blue)">/g)).toHaveLength(5);
      expect(html).toContain('name="_csrf" value="tok-123"');
      expect(html).toContain('id="move-form"');
      expect(html).toContain('class="contest-form"');
      expect(html).toContain('/offers/o1/accept');
      expect(html).toContain('src="/assets/game.js"');
      expect(html).toContain(lang === 'ro' ? 'Trimite mutarea' : 'Send the move');
      expect(html).toContain(lang === 'ro' ? 'Mutarea a fost înregistrată.' : 'The move was recorded.');
      expect(html).toContain(lang === 'ro' ? '25.03.2027' : '25 Mar 2027');
      expect(html).not.toMatch(/player\.[a-z]+\.[a-zA-Z.-]+/);
    }
  });

  it('render the PFS check ("Sprawdzam") instead of the contest, with its confirmation, and verdicts naming no failed word', () => {
    for (const lang of ['ro', 'en'] as const) {
      const base = input(1);
      const verdict = challengeVerdict(true, ['CASA', 'ASA']);
      const challenges = [
        {
          id: 'c1',
          moveId: 'm1',
          challenger: 'red',
          words: ['CASA', 'ASA'],
          successful: true,
          overridden: false,
          overrideReason: null,
          verdict,
          decidedAt: '',
        },
      ];
      const game = gamePageModel({ ...base, lang, view: { ...base.view, rules: 'pfs', challenges } as GameView });
      const html = views.page(req(lang), 'player/game', { game, formKey: 'k1', sent: {}, error: null, done: 'player.done.challenge' }, {});
      expect(html).toContain('class="challenge-form"');
      expect(html).not.toContain('class="contest-form"');
      expect(html).toContain('id="challenge-confirm"');
      expect(html).toContain(lang === 'ro' ? 'Verificări' : 'Checks');
      expect(html).toContain(escape(verdict[lang]));
      expect(html).not.toMatch(/player\.[a-z]+\.[a-zA-Z.-]+/);
    }
  });

  it('render both lines of an appealed dispute with one move field each', () => {
    const game = gamePageModel(input(2));
    const html = views.page(req('ro'), 'player/game', {
      game,
      formKey: 'k1',
      sent: { lines: { B: '8h ABC' } },
      error: 'Refuzat.',
      done: null,
    });
    expect(html.match(/<table class="board"/g)).toHaveLength(2);
    expect(html).toContain('name="lines[A]"');
    expect(html).toContain('name="lines[B]"');
    expect(html).toContain('role="alert" id="form-error">Refuzat.</div>');
    // A refused form comes back with what was typed, line by line.
    expect(html).toMatch(/name="lines\[B\]"[^>]*value="8h ABC"/);
    expect(html).toMatch(/name="lines\[A\]"[^>]*value=""/);
  });

  it('render my games, settings and the abandon confirmation', () => {
    const games = myGamesModel(
      [
        {
          id: 'g1',
          competitionName: 'CN 2027',
          round: 1,
          status: 'playing',
          me: 'red',
          names: { red: 'Ana', blue: 'Bogdan' },
          toMove: 'red',
          awaiting: 'move',
          clocks: {
            red: { used: 1, left: 49, exceeded: false, onHoliday: false },
            blue: { used: 0, left: 50, exceeded: false, onHoliday: false },
          },
          today: '2027-02-01',
          scores: { red: 10, blue: 0 },
        },
      ],
      'ro',
    );
    const list = views.page(req('ro'), 'player/my-games', { games, empty: false });
    expect(list).toContain('href="/games/g1"');
    expect(list).toContain('<time datetime="2027-03-22">22.03.2027</time>');
    const settings = views.page(req('en'), 'player/settings', {
      language: 'en',
      player: { name: 'Ana', mailDigest: true },
      addresses: [{ address: 'ana@example.org', verified: true }],
      calendarUrl: 'http://localhost/calendar/x.ics',
      saved: true,
    });
    expect(settings).toContain('value="digest" checked');
    expect(settings).toContain('value="en" checked');
    expect(settings).toContain('ana@example.org (verified)');
    const abandon = views.page(req('ro'), 'player/abandon', { game: gamePageModel(input(1)), formKey: 'k' });
    expect(abandon).toContain('name="confirm" value="yes"');
  });
});

/** The text as Handlebars escapes it in the page. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
