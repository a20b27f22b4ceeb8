import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { ManualClock } from '../../src/common/clock';
import { Result } from '../../src/games/entities/result.entity';
import { ActionReceipt } from '../../src/games/entities/action-receipt.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import type { Color } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { Move } from '../../src/games/entities/move.entity';
import { Offer } from '../../src/games/entities/offer.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { addDays, compareDays, type LocalDate } from '../../src/common/calendar';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { modelState, placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { instantAt } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

const TZ = 'Europe/Bucharest';
const CLOSING: LocalDate = '2027-03-31';

/**
 * The closing date (docs/rules.md §5, §7; docs/rules.md "The closing date"): play stops at the
 * closing date — every move, pass, offer and contest after it is refused with its code and
 * the date, by the service, the API and the web, and changes nothing; the unfinished games
 * go to the closing-date procedure with 1 / 1 proposed (a no-show for a game never
 * started), never homologated by itself; and a holiday into the last month is cut there.
 */
describe(`the closing date (${TEST_DB})`, () => {
  let t: TestApp;
  let movesService: MovesService;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let timeService: GameTimeService;
  let readsService: GameReadsService;
  let ch: Championship;
  const clock = new ManualClock(instantAt('2027-02-01', '10:00', TZ));
  const at = (day: LocalDate, time: string) => clock.set(instantAt(day, time, TZ));
  let played: Game;
  let neverStarted: Game;
  const moves: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    movesService = t.app.get(MovesService);
    offersService = t.app.get(OffersService);
    disputesService = t.app.get(DisputesService);
    timeService = t.app.get(GameTimeService);
    readsService = t.app.get(GameReadsService);
    ch = await startChampionship(t.app, {
      players: 3,
      domain: 'closing.example.org',
      settings: { startDate: '2027-02-01', closingDate: CLOSING, timeZone: TZ },
    });
    [played, neverStarted] = ch.games;
  });

  afterAll(async () => {
    await t.close();
  });

  const actor = (game: Game, color: Color) => playerOf(ch, game, color);
  const move = async (game: Game) => {
    const notation = placementFor(ch, moves, 1 + moves.length);
    const result = await movesService.submitMove(actor(game, modelState(ch, moves).toMove), game.id, { move: notation });
    moves.push(notation);
    return result;
  };

  /** Everything a play action could change. */
  const snapshot = (gameId: string) =>
    t.database.run(async (m) => ({
      game: await m.findOneByOrFail(Game, { id: gameId }),
      moves: await m.count(Move, { where: { gameId } }),
      offers: await m.find(Offer, { where: { gameId }, order: { id: 'ASC' } }),
      disputes: await m.count(Dispute, { where: { gameId } }),
      mails: await m.count(OutboundMail),
      audit: await m.count(AuditEntry),
      receipts: await m.count(ActionReceipt),
      results: await m.count(Result),
    }));

  it('holiday rights near the closing date: a holiday into the last month is cut at the line, and the player told to which day', async () => {
    // Rights end on 28.02 (one month before 31.03): the last holiday day is 27.02.
    const game = ch.games[2];
    const view = await timeService.declareHoliday(actor(game, 'blue'), game.id, { from: '2027-02-20', to: '2027-03-05' });
    expect(view).toMatchObject({
      from: '2027-02-20',
      to: '2027-02-27',
      kind: 'long',
      shortened: {
        askedTo: '2027-03-05',
        to: '2027-02-27',
        closingDate: CLOSING,
        message: { ro: expect.stringContaining('27.02.2027'), en: expect.stringContaining('2027-02-27') },
      },
    });
    const stored = await t.database.run((m) => m.findOneByOrFail(Holiday, { id: view.id }));
    expect({ from: stored.fromDay, to: stored.toDay }).toEqual({ from: '2027-02-20', to: '2027-02-27' });
    // The confirmation mail carries the cut; the partners are told the holiday as kept.
    const mails = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id } }));
    expect(mails.find((x) => x.template === 'holiday-confirmation')!.payload).toMatchObject({
      to: '2027-02-27',
      shortened: { to: '2027-02-27' },
    });
    expect(mails.find((x) => x.template === 'holiday-notice')!.payload).toMatchObject({ from: '2027-02-20', to: '2027-02-27' });
    // A holiday that would begin inside the last month has nothing left: refused, with its reason.
    await expect(timeService.declareHoliday(actor(game, 'red'), game.id, { from: '2027-03-01', to: '2027-03-05' })).rejects.toMatchObject({
      code: 'HOLIDAY_REFUSED',
      details: { reason: 'LAST_MONTH' },
    });
  });

  it('the same cut by the web form: the page says the holiday was shortened, and its list shows the kept dates', async () => {
    const taken = ch.games[2].bluePlayerId;
    const game = ch.games.find((g) => g.id !== ch.games[2].id)!;
    const color: Color = game.redPlayerId !== taken ? 'red' : 'blue';
    const agent = await loginAgent(t, userOf(ch, game, color).email);
    const page = await agent.get(`/games/${game.id}`).expect(200);
    const sent = await agent
      .post(`/games/${game.id}/holiday`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), from: '2027-02-24', to: '2027-03-02', confirm: 'yes' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/games/${game.id}?done=holiday-shortened`);
    const after = await agent.get(sent.headers.location).expect(200);
    expect(after.text).toMatch(/scurtat|shortened/);
    expect(after.text).toMatch(/27\.02\.2027|2027-02-27/);
  });

  it('play goes on through the closing day itself', async () => {
    at('2027-02-02', '10:00');
    await move(played);
    at('2027-02-03', '10:00');
    await move(played);
    // RED offers a draw on the closing day, at 23:30 Bucharest time: still that day.
    at(CLOSING, '23:30');
    await offersService.offer(actor(played, 'red'), played.id, { kind: 'draw' });
    expect((await snapshot(played.id)).offers).toHaveLength(1);
  });

  it('after it, every move, pass, offer and contest is refused with CLOSING_DATE_PASSED and the date, and nothing changes', async () => {
    at('2027-04-01', '00:10');
    const toMove = modelState(ch, moves).toMove;
    const partner: Color = toMove === 'red' ? 'blue' : 'red';
    const words = (await readsService.view(actor(played, toMove), played.id)).moves.at(-1)!.words.map((w) => w.word);
    const offerId = (await snapshot(played.id)).offers[0].id;
    const refusedActions: [string, () => Promise<unknown>][] = [
      ['move', () => movesService.submitMove(actor(played, toMove), played.id, { move: placementFor(ch, moves, 99) })],
      ['pass', () => movesService.pass(actor(played, toMove), played.id)],
      ['offer', () => offersService.offer(actor(played, toMove), played.id, { kind: 'interruption' })],
      ['offer-accept', () => offersService.acceptOffer(actor(played, 'blue'), played.id, { offerId })],
      ['offer-decline', () => offersService.declineOffer(actor(played, 'blue'), played.id, { offerId })],
      ['contest', () => disputesService.contestWord(actor(played, toMove), played.id, { words: [words[0]], reply: 'PAS' })],
    ];
    for (const [action, act] of refusedActions) {
      const before = await snapshot(played.id);
      await expect(act()).rejects.toMatchObject({
        code: 'CLOSING_DATE_PASSED',
        messages: { ro: expect.stringContaining('31.03.2027'), en: expect.stringContaining('2027-03-31') },
        details: { action, closingDate: CLOSING },
      });
      const after = await snapshot(played.id);
      expect(after).toEqual(before);
      expect(after.game.version).toBe(before.game.version);
    }
    // The partner cannot act either, and the arbiter cannot record a move sent after the closing date.
    await expect(offersService.offer(actor(played, partner), played.id, { kind: 'draw' })).rejects.toMatchObject({
      code: 'CLOSING_DATE_PASSED',
    });
    await expect(
      movesService.recordMoveByArbiter(ch.arbiter.actor, played.id, {
        move: placementFor(ch, moves, 98),
        sentOn: '2027-04-01',
        reason: 'received by post',
      }),
    ).rejects.toMatchObject({ code: 'CLOSING_DATE_PASSED' });
  });

  it('is refused the same way through the API and on the web page, in the player’s language', async () => {
    const toMove = modelState(ch, moves).toMove;
    const before = await snapshot(played.id);
    const http = t.app.getHttpServer();
    const api = await request(http)
      .post(`/api/games/${played.id}/pass`)
      .set('Authorization', userOf(ch, played, toMove).bearer)
      .send({});
    expect(api.status).toBe(409);
    expect(api.body.error).toMatchObject({ code: 'CLOSING_DATE_PASSED', messages: { ro: expect.stringContaining('31.03.2027') } });
    const moveRes = await request(http)
      .post(`/api/games/${played.id}/moves`)
      .set('Authorization', userOf(ch, played, toMove).bearer)
      .send({ move: placementFor(ch, moves, 97) });
    expect({ status: moveRes.status, code: moveRes.body.error?.code }).toEqual({ status: 409, code: 'CLOSING_DATE_PASSED' });

    const agent = await loginAgent(t, userOf(ch, played, toMove).email);
    const page = await agent.get(`/games/${played.id}`);
    const web = await agent
      .post(`/games/${played.id}/pass`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), confirm: 'yes' });
    expect(web.status).toBe(422);
    expect(web.text).toContain('termenul de încheiere a competiției a fost 31.03.2027');
    const after = await snapshot(played.id);
    expect(after.game.version).toBe(before.game.version);
    expect(after.moves).toBe(before.moves);
  });

  it('the unfinished games go to the closing-date procedure: 1 / 1 proposed with no declaration, a no-show for the game never started, nothing homologated', async () => {
    const sweep = t.app.get(SweepService);
    for (let day: LocalDate = '2027-02-01'; compareDays(day, addDays(CLOSING, 8)) <= 0; day = addDays(day, 1)) {
      at(day, '00:05');
      await sweep.runOnce({ heartbeat: false });
    }
    const closingCase = (gameId: string) => t.database.run((m) => m.findOneByOrFail(Case, { gameId, kind: 'closing' }));
    expect((await closingCase(played.id)).payload).toMatchObject({
      declarations: [],
      openClaim: null,
      proposal: { outcome: { type: 'unfinished' }, coefficients: { red: 1, blue: 1 } },
    });
    expect((await closingCase(neverStarted.id)).payload).toMatchObject({
      proposal: { outcome: { type: 'no-show', by: 'red' }, coefficients: { red: 0, blue: 1.53 } },
    });
    // Proposed to the arbiter, never a result homologated (or even proposed) by itself.
    const rows = await t.database.run(async (m) => ({
      results: await m.find(Result, {}),
      games: await m.find(Game, { where: [{ id: played.id }, { id: neverStarted.id }] }),
    }));
    expect(rows.results.filter((r) => r.gameId === played.id || r.gameId === neverStarted.id)).toEqual([]);
    expect(rows.games.map((g) => g.status)).toEqual(['playing', 'playing']);
    // Both players were told what is proposed and why.
    const told = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: played.id, template: 'report-window-closed' } }));
    expect(told).toHaveLength(2);
    expect(told[0].payload).toMatchObject({ proposal: { outcome: 'unfinished', coefficients: { red: 10_000, blue: 10_000 } } });
  });

  // The closing-date flow as one flow (docs/rules.md "The closing date", docs/web.md
  // "Homologation"): the game page says the game is closed, with the proposal; the arbiter's
  // homologation page lists the proposal with the players' word; one confirmed act homologates
  // the competition's proposals as proposed — nothing typed again, no second window —, refused
  // without its confirmation, and a repeat homologates nothing twice.
  const rows = () =>
    t.database.run(async (m) => ({
      games: (await m.find(Game, { order: { id: 'ASC' } })).map((g) => ({
        id: g.id,
        status: g.status,
        outcome: g.outcome,
        version: g.version,
      })),
      results: (await m.find(Result, { order: { gameId: 'ASC' } })).map((r) => ({
        gameId: r.gameId,
        status: r.status,
        dueOn: r.dueOn,
        coefficients: [r.redCoefficient, r.blueCoefficient],
      })),
      open: (await m.find(Case, { where: { status: 'open' } })).map((c) => c.kind).sort(),
      mails: await m.count(OutboundMail),
      homologations: await m.count(AuditEntry, { where: { action: 'result.homologated' } }),
    }));

  it('the game page says the game is closed, with the proposal, and offers no move', async () => {
    const red = await loginAgent(t, userOf(ch, played, 'red').email);
    const page = await red.get(`/games/${played.id}`).expect(200);
    expect(page.text).toMatch(
      /Partida s-a închis la termenul de încheiere \(31\.03\.2027\)|The game closed at the closing date \(2027-03-31\)/,
    );
    expect(page.text).toMatch(/Rezultat propus: 1 \/ 1|Result proposed: 1 \/ 1/);
    expect(page.text).not.toContain('id="move-form"');
    expect(page.text).not.toMatch(/Se așteaptă mutarea|Waiting for .* to move/);
  });

  it('one confirmed act homologates every proposal as proposed; without the confirmation nothing changes; a repeat homologates nothing twice', async () => {
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const competitionId = ch.games[0].competitionId;
    const list = await arbiter.get(`/arbiter/competitions/${competitionId}/homologation`).expect(200);
    // Each game with its proposal and the players' word in the report window (none: silence confirms).
    expect(list.text).toMatch(
      /Partidă neterminată la termenul de încheiere \(31\.03\.2027\)|Unfinished at the closing date \(2027-03-31\)/,
    );
    expect(list.text).toMatch(/nicio declarație în fereastra de raportare|no declaration in the report window/);
    expect(list.text).not.toMatch(/Niciun rezultat nu așteaptă|No result waits/);
    const page = await arbiter.get(`/arbiter/competitions/${competitionId}/homologation/batch`).expect(200);
    const listed = [...page.text.matchAll(/name="game" value="([0-9a-f-]{36})"/g)].map((x) => x[1]);
    expect(listed.sort()).toEqual(ch.games.map((g) => g.id).sort());
    expect(page.text).toContain('name="confirm" value="yes" required id="batch-confirm"');
    const form = { _csrf: csrfOf(page.text), game: listed };
    const post = (body: object) => arbiter.post(`/arbiter/competitions/${competitionId}/homologation/batch`).type('form').send(body);

    const before = await rows();
    expect(before.results).toEqual([]);
    const refused = await post(form);
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/Bifați căsuța de confirmare|Tick the confirmation box/);
    expect(await rows()).toEqual(before);

    const done = await post({ ...form, confirm: 'yes' });
    expect(done.status).toBe(200);
    expect(done.text).toMatch(/Rezultate omologate: 3\.|Results homologated: 3\./);
    const after = await rows();
    // As proposed, with the report window (closing date + 5) as the players' window: no second one.
    expect(after.results).toHaveLength(3);
    expect(after.results.every((r) => r.status === 'homologated' && r.dueOn === addDays(CLOSING, 5))).toBe(true);
    const drawn = after.results.find((r) => r.gameId === played.id)!;
    expect(drawn.coefficients).toEqual([10_000, 10_000]);
    expect(after.games.map((g) => g.status)).toEqual(['ended', 'ended', 'ended']);
    expect(after.games.find((g) => g.id === played.id)!.outcome).toEqual({ type: 'unfinished' });
    expect(after.open.filter((k) => k === 'closing' || k === 'result')).toEqual([]);
    expect(after.homologations).toBe(3);
    const audit = await t.database.run((m) => m.find(AuditEntry, { where: { action: 'result.homologated' } }));
    expect(audit.map((a) => (a.details as { basis?: string }).basis)).toEqual(['window-closed', 'window-closed', 'window-closed']);
    // The players read the homologation, not a result "proposed, 5 days to answer".
    const told = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: played.id } }));
    expect(told.filter((x) => x.template === 'game-end')).toEqual([]);
    expect(told.filter((x) => x.template === 'result-homologated')).toHaveLength(2);

    const again = await post({ ...form, confirm: 'yes' });
    expect(again.status).toBe(200);
    expect(again.text).toMatch(/Rezultate omologate: 0\.|Results homologated: 0\./);
    expect(again.text.match(/rezultatul era deja omologat|the result was already homologated/g)).toHaveLength(3);
    const repeated = await rows();
    expect(repeated).toEqual(after);
  });
});
