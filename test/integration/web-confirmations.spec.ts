// Every act on the game page that cannot be undone asks once (docs/web.md "Confirmations"), on
// both databases: a form posted without its ticked box is refused in words and changes nothing;
// with it the act is done. Offering back the partner's own offer accepts it and ends the game,
// so that form asks too and the page says the game ended by agreement; a second holiday says it
// replaces the first (docs/rules.md §5, one per competition).
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../src/common/clock';
import { applyMove } from '../../src/engine';
import { Case } from '../../src/arbiter/case.entity';
import { Claim } from '../../src/games/entities/claim.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import { Game } from '../../src/games/entities/game.entity';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { Move } from '../../src/games/entities/move.entity';
import { Offer } from '../../src/games/entities/offer.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { modelState, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { csrfOf, loginAgent, type Agent } from '../support/web';
import { TEST_DB } from '../support/test-database';

const REFUSED = /Bifați căsuța de confirmare|Tick the confirmation box/;

describe(`confirmations on the game page (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const stored = (id: string) => t.database.run((m) => m.findOneByOrFail(Game, { id }));
  // One login per player: the login form is rate-limited.
  const logins = new Map<string, Agent>();
  const agentOf = async (game: Game, color: 'red' | 'blue') => {
    const user = userOf(ch, game, color);
    if (!logins.has(user.email)) logins.set(user.email, await loginAgent(t, user.email));
    return logins.get(user.email)!;
  };
  const agents = async (game: Game) => [await agentOf(game, 'red'), await agentOf(game, 'blue')] as const;
  const redMoves = async (game: Game, seed: number) => {
    const res = await request(app.getHttpServer())
      .post(`/api/games/${game.id}/moves`)
      .set('Authorization', userOf(ch, game, 'red').bearer)
      .send({ move: placementFor(ch, [], seed) });
    expect(res.status).toBe(200);
    return placementFor(ch, [], seed);
  };
  const send = async (agent: Agent, game: Game, path: string, form: Record<string, string>) => {
    const page = await agent.get(`/games/${game.id}`);
    const turn = /name="expectedTurn" value="(\d+)"/.exec(page.text)?.[1];
    return agent
      .post(`/games/${game.id}/${path}`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), ...(turn ? { expectedTurn: turn } : {}), ...form });
  };

  beforeAll(async () => {
    // Each act's page is visited by its player, and the arbiter's by the arbiter: more logins a minute than the login form's default allows.
    t = await startTestApp({ clock, settings: { loginRateLimit: 20 } });
    app = t.app;
    ch = await startChampionship(app, { players: 4 });
  });

  afterAll(async () => {
    await t.close();
  });

  it("asks before the offer form accepts the partner's open offer, and then says the game ended by agreement", async () => {
    const game = ch.games[0];
    const [red, blue] = await agents(game);
    expect((await send(red, game, 'offers', { kind: 'draw', idempotencyKey: 'draw-1' })).status).toBe(303);
    const page = await blue.get(`/games/${game.id}`);
    expect(page.text).toContain('data-testid="offer-accepts"');
    expect(page.text).toMatch(/Dacă trimiteți tot o propunere de remiză, acceptați propunerea lui|Sending a draw offer accepts theirs/);
    expect(page.text).toContain('name="confirm" value="yes" required id="offer-confirm"');

    const refused = await send(blue, game, 'offers', { kind: 'draw', idempotencyKey: 'draw-2' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect((await stored(game.id)).status).toBe('playing');
    expect(await t.database.run((m) => m.countBy(Offer, { gameId: game.id, status: 'pending' }))).toBe(1);

    const agreed = await send(blue, game, 'offers', { kind: 'draw', idempotencyKey: 'draw-3', confirm: 'yes' });
    expect(agreed.status).toBe(303);
    expect(agreed.headers.location).toBe(`/games/${game.id}?done=offer-agreed-draw`);
    expect((await stored(game.id)).status).toBe('ended');
    const ended = await blue.get(agreed.headers.location);
    expect(ended.text).toMatch(/partida s-a încheiat prin acord, 1 – 1|the game ended by agreement, 1 – 1/);
    expect(ended.text).not.toMatch(/Propunerea a fost trimisă|The offer was sent/);
  });

  it('asks before objecting to the final sheet, and the objection is taken only then', async () => {
    // The game the draw agreement just ended: its 5 days to confirm or object are open.
    const game = ch.games[0];
    const red = await agentOf(game, 'red');
    expect((await red.get(`/games/${game.id}`)).text).toContain('name="confirm" value="yes" required id="objection-confirm"');
    const refused = await send(red, game, 'result/objection', { text: 'Scorul final este greșit.' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect(await t.database.run((m) => m.countBy(Case, { gameId: game.id, kind: 'objection' }))).toBe(0);
    const objected = await send(red, game, 'result/objection', { text: 'Scorul final este greșit.', confirm: 'yes' });
    expect(objected.status).toBe(303);
    expect(await t.database.run((m) => m.countBy(Case, { gameId: game.id, kind: 'objection' }))).toBe(1);
  });

  it('sends a first offer without asking: nothing is agreed yet', async () => {
    const game = ch.games[5];
    const [red] = await agents(game);
    const page = await red.get(`/games/${game.id}`);
    expect(page.text).not.toContain('id="offer-confirm"');
    const offered = await send(red, game, 'offers', { kind: 'interruption', idempotencyKey: 'int-1' });
    expect(offered.headers.location).toBe(`/games/${game.id}?done=offer`);
  });

  it('asks the arbiter once before recording a move for a player', async () => {
    const game = ch.games[5];
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const page = await arbiter.get(`/arbiter/games/${game.id}`);
    expect(page.text).toContain('name="confirm" value="yes" required id="record-move-confirm"');
    const form = { _csrf: csrfOf(page.text), move: placementFor(ch, [], 5), sentOn: '2027-02-01', reason: 'primită prin poștă' };
    const moves = () => t.database.run((m) => m.countBy(Move, { gameId: game.id }));
    const refused = await arbiter.post(`/arbiter/games/${game.id}/moves`).type('form').send(form);
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect(await moves()).toBe(0);
    const recorded = await arbiter
      .post(`/arbiter/games/${game.id}/moves`)
      .type('form')
      .send({ ...form, confirm: 'yes' });
    expect(recorded.status).toBe(303);
    expect(await moves()).toBe(1);
  });

  it('asks before contesting and before admitting the contest', async () => {
    const game = ch.games[1];
    const [red, blue] = await agents(game);
    const move = await redMoves(game, 7);
    const last = applyMove(modelState(ch, []), move);
    if (!last.ok) throw new Error(last.code);
    const form = { words: last.record.words[0].word, reply: placementFor(ch, [move], 21) };
    expect((await blue.get(`/games/${game.id}`)).text).toContain('name="confirm" value="yes" required id="contest-confirm"');

    const refused = await send(blue, game, 'contest', { ...form, idempotencyKey: 'contest-1' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect(await t.database.run((m) => m.countBy(Dispute, { gameId: game.id }))).toBe(0);
    expect(await t.database.run((m) => m.countBy(Move, { gameId: game.id }))).toBe(1);
    const contested = await send(blue, game, 'contest', { ...form, idempotencyKey: 'contest-2', confirm: 'yes' });
    expect(contested.status).toBe(303);
    expect(await t.database.run((m) => m.countBy(Dispute, { gameId: game.id }))).toBe(1);

    expect((await red.get(`/games/${game.id}`)).text).toContain('name="confirm" value="yes" required id="admit-confirm"');
    const notAdmitted = await send(red, game, 'contest/admit', { idempotencyKey: 'admit-1' });
    expect(notAdmitted.status).toBe(422);
    expect(notAdmitted.text).toMatch(REFUSED);
    expect((await t.database.run((m) => m.findOneByOrFail(Dispute, { gameId: game.id }))).status).toBe('open');
    const admitted = await send(red, game, 'contest/admit', { idempotencyKey: 'admit-2', confirm: 'yes' });
    expect(admitted.status).toBe(303);
    expect((await t.database.run((m) => m.findOneByOrFail(Dispute, { gameId: game.id }))).status).not.toBe('open');
  });

  it('asks before sending the contest to the arbiter', async () => {
    const game = ch.games[2];
    const [red, blue] = await agents(game);
    const move = await redMoves(game, 9);
    const last = applyMove(modelState(ch, []), move);
    if (!last.ok) throw new Error(last.code);
    const form = { words: last.record.words[0].word, reply: placementFor(ch, [move], 23), confirm: 'yes' };
    expect((await send(blue, game, 'contest', { ...form, idempotencyKey: 'contest-3' })).status).toBe(303);
    expect((await red.get(`/games/${game.id}`)).text).toContain('id="appeal-confirm"');
    const refused = await send(red, game, 'contest/appeal', { idempotencyKey: 'appeal-1' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect((await t.database.run((m) => m.findOneByOrFail(Dispute, { gameId: game.id }))).status).toBe('open');
    expect((await send(red, game, 'contest/appeal', { idempotencyKey: 'appeal-2', confirm: 'yes' })).status).toBe(303);
    expect((await t.database.run((m) => m.findOneByOrFail(Dispute, { gameId: game.id }))).status).not.toBe('open');
  });

  it('asks before declaring a holiday, says an earlier one is replaced, and says so once done', async () => {
    const game = ch.games[3];
    const [red] = await agents(game);
    const holidays = () => t.database.run((m) => m.find(Holiday, { where: { playerId: game.redPlayerId } }));
    const first = { from: '2027-02-20', to: '2027-02-25' };
    expect((await red.get(`/games/${game.id}`)).text).not.toContain('data-testid="holiday-replaces"');

    const refused = await send(red, game, 'holiday', { ...first, idempotencyKey: 'holiday-1' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect(await holidays()).toHaveLength(0);
    const declared = await send(red, game, 'holiday', { ...first, idempotencyKey: 'holiday-2', confirm: 'yes' });
    expect(declared.headers.location).toBe(`/games/${game.id}?done=holiday`);

    const page = await red.get(`/games/${game.id}`);
    expect(page.text).toMatch(
      // The reader's date format: 20.02.2027 in Romanian, 2027-02-20 in English.
      /Aveți deja un concediu declarat, 20\.02\.2027 – 25\.02\.2027\. Un singur concediu pe competiție: noua declarație îl înlocuiește\.|You already have a holiday declared, 20 Feb 2027 – 25 Feb 2027\. One holiday per competition: the new declaration replaces it\./,
    );
    const second = { from: '2027-02-22', to: '2027-02-28' };
    const notReplaced = await send(red, game, 'holiday', { ...second, idempotencyKey: 'holiday-3' });
    expect(notReplaced.status).toBe(422);
    expect((await holidays()).map((h) => [h.fromDay, h.replacedAt])).toEqual([['2027-02-20', null]]);
    const replaced = await send(red, game, 'holiday', { ...second, idempotencyKey: 'holiday-4', confirm: 'yes' });
    expect(replaced.headers.location).toBe(`/games/${game.id}?done=holiday-replaced`);
    const told = await red.get(replaced.headers.location);
    expect(told.text).toMatch(/Noul concediu l-a înlocuit pe cel declarat înainte|The new holiday replaced the one declared before/);
    expect((await holidays()).filter((h) => h.replacedAt === null).map((h) => h.fromDay)).toEqual(['2027-02-22']);
    // The confirmation mail says so too, with the dates it replaced.
    const confirmations = await t.database.run((m) =>
      m.find(OutboundMail, { where: { template: 'holiday-confirmation', gameId: game.id }, order: { createdAt: 'ASC' } }),
    );
    expect(confirmations).toHaveLength(2);
    // Both rows share the frozen clock's instant: which is which is told by what each holiday is.
    const mails = await Promise.all(confirmations.map((row) => t.database.run(() => app.get(OutboxComposer).content(row))));
    const texts = mails.map((mail) => mail.text.replace(/\s+/g, ' '));
    const firstMail = texts.find(
      (text) => /2027-02-20|20\.02\.2027|20 Feb 2027/.test(text) && !/2027-02-22|22\.02\.2027|22 Feb 2027/.test(text),
    );
    const latest = texts.find((text) => /2027-02-22|22\.02\.2027|22 Feb 2027/.test(text));
    expect(firstMail).toBeDefined();
    expect(latest).toBeDefined();
    expect(firstMail).not.toMatch(/înlocuiește|replaces/);
    expect(latest).toMatch(
      /Acesta înlocuiește concediul declarat înainte, 20\.02\.2027 – 25\.02\.2027|It replaces the holiday declared before, 20 Feb 2027 – 25 Feb 2027/,
    );
  });

  it('asks before claiming the partner’s time', async () => {
    const game = ch.games[4];
    await redMoves(game, 11);
    // docs/rules.md §5: BLUE silent for 63 days, over the 50 even after a holiday of nine days.
    clock.set('2027-04-05T09:00:00Z');
    // A web session lasts 30 days: the claimant logs in on the day of the claim.
    const claimant = await loginAgent(t, userOf(ch, game, 'red').email);
    expect((await claimant.get(`/games/${game.id}`)).text).toContain('name="confirm" value="yes" required id="claim-confirm"');
    const refused = await send(claimant, game, 'claim', { idempotencyKey: 'claim-1' });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(REFUSED);
    expect(await t.database.run((m) => m.countBy(Claim, { gameId: game.id }))).toBe(0);
    const claimed = await send(claimant, game, 'claim', { idempotencyKey: 'claim-2', confirm: 'yes' });
    expect(claimed.headers.location).toBe(`/games/${game.id}?done=claim`);
    expect(await t.database.run((m) => m.countBy(Claim, { gameId: game.id }))).toBe(1);
  });
});
