// The ruling forms on both databases: the arbiter's game page shows only the ruling forms whose
// preconditions hold (ruling-form.ts), says in words why the others are not there, and
// refuses one posted anyway; every ruling, homologation, case closing and a player's
// acceptance of a draw asks once (a required box, refused without it, nothing written);
// the dashboard's claim row says when the 5 days to answer passed with no answer. The JSON
// API is held to the same rule by the games service: a ruling that does not apply is refused
// (RULING_NOT_APPLICABLE, the reason in words) and nothing is written.
import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { CasesService } from '../../src/arbiter/cases.service';
import { Penalty } from '../../src/arbiter/penalty.entity';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { ManualClock } from '../../src/common/clock';
import { Result } from '../../src/games/entities/result.entity';
import { applyMove } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { modelState, placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';
import { hangAfter } from '../support/hang';

/** The ruling forms on an arbiter's game page, by kind, in page order. */
function rulingForms(html: string): string[] {
  return [...html.matchAll(/<form [^>]*data-testid="ruling-([a-z-]+)"/g)].map((m) => m[1]);
}

/** One form's markup, from its opening tag to its end. */
function formOf(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`no form ${marker}`);
  const start = html.lastIndexOf('<form', at);
  return html.slice(start, html.indexOf('</form>', at) + '</form>'.length);
}

const CONFIRM_BOX = /<input type="checkbox" name="confirm" value="yes" required>/;
/** What every game may get, in play or not (docs/rules.md §6 sanctions, the exclusion). */
const SANCTIONS = ['coefficient-penalty', 'warning'];

describe(`ruling forms that apply, and confirmations (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let movesService: MovesService;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let timeService: GameTimeService;
  /** In play, one move; an appealed contest (lines A and B); a time claim; no move yet; ended by abandonment; a contest not appealed. */
  let plain: Game, disputed: Game, claimed: Game, fresh: Game, abandoned: Game, contested: Game;
  let arbiter: Agent;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const count = (where: object) => t.database.run((m) => m.count(Ruling, { where }));
  const gamePage = async (game: Game) => {
    const page = await arbiter.get(`/arbiter/games/${game.id}`);
    expect(page.status).toBe(200);
    return page.text;
  };
  const post = async (agent: Agent, tokenPage: string, path: string, form: Record<string, string>) => {
    const page = await agent.get(tokenPage);
    return agent
      .post(path)
      .type('form')
      .send({ ...form, _csrf: csrfOf(page.text) });
  };
  const inRomanian = async (agent: Agent) => {
    const home = await agent.get('/');
    expect(
      (
        await agent
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang: 'ro', next: '/' })
      ).status,
    ).toBe(303);
  };

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4, domain: 'rulings.example.org' });
    movesService = t.app.get(MovesService);
    offersService = t.app.get(OffersService);
    disputesService = t.app.get(DisputesService);
    timeService = t.app.get(GameTimeService);
    [plain, disputed, claimed, fresh, abandoned, contested] = ch.games;
    const red = (g: Game) => playerOf(ch, g, 'red');
    const blue = (g: Game) => playerOf(ch, g, 'blue');
    for (const g of [plain, disputed, claimed, abandoned]) await movesService.submitMove(red(g), g.id, { move: placementFor(ch, [], 7) });
    // The contested move stands in line A, is replaced in line B (docs/rules.md §6).
    const first = placementFor(ch, [], 7);
    const played = applyMove(modelState(ch, []), first);
    if (!played.ok) throw new Error(played.code);
    const reply = placementFor(ch, [first], 8);
    await disputesService.contestWord(blue(disputed), disputed.id, { words: [played.record.words[0].word], reply });
    await disputesService.appealContest(red(disputed), disputed.id, { lines: { A: placementFor(ch, [first, reply], 9) } });
    // Contested, and RED neither admits nor asks the arbiter yet: nothing waits for a ruling (docs/rules.md §6).
    await movesService.submitMove(red(contested), contested.id, { move: first });
    await disputesService.contestWord(blue(contested), contested.id, { words: [played.record.words[0].word], reply });
    await offersService.abandon(blue(abandoned), abandoned.id);
    // BLUE stays silent in the claimed game: 55 days later, over the 50, RED claims (docs/rules.md §5).
    clock.set('2027-03-28T09:00:00Z');
    await timeService.claimTime(red(claimed), claimed.id);
    arbiter = await loginAgent(t, ch.arbiter.email);
    await inRomanian(arbiter);
  }, hangAfter(240_000));

  afterAll(async () => {
    await t.close();
  });

  it('shows a plain game in play every ruling but the contest and the claim, and says why those are missing', async () => {
    const html = await gamePage(plain);
    expect(rulingForms(html)).toEqual(['score-correction', 'move-annulment', 'thinking-days', ...SANCTIONS, 'outcome', 'exclusion']);
    expect(html).toContain('data-testid="rulings-unavailable"');
    expect(html).toContain('Cuvânt contestat: nicio contestație nu așteaptă decizia arbitrului');
    expect(html).toContain('Reclamație de timp: nu există nicio reclamație de timp deschisă');
    expect(html).not.toContain('data-testid="rulings-none"');
  });

  it('shows a game with no move yet no score to correct and nothing to annul', async () => {
    const html = await gamePage(fresh);
    expect(rulingForms(html)).toEqual(['thinking-days', ...SANCTIONS, 'outcome', 'exclusion']);
    expect(html).toContain('Anularea unei mutări: nu s-a jucat nicio mutare: nu există nimic de anulat');
  });

  it('shows a disputed game (two lines) the contest ruling, and no annulment while it waits', async () => {
    const html = await gamePage(disputed);
    expect(html).toContain('data-testid="line-A"');
    expect(html).toContain('data-testid="line-B"');
    expect(rulingForms(html)).toEqual(['word', 'score-correction', 'thinking-days', ...SANCTIONS, 'outcome', 'exclusion']);
    expect(html).toContain('Anularea unei mutări: o contestație este deschisă: se rezolvă întâi aceasta');
  });

  it('shows a game with a claim its ruling, with the early override while the accused may still answer', async () => {
    const html = await gamePage(claimed);
    const inPlay = ['score-correction', 'move-annulment', 'thinking-days', ...SANCTIONS, 'outcome', 'exclusion'];
    expect(rulingForms(html)).toEqual(['claim', ...inPlay]);
    const claim = formOf(html, 'data-testid="ruling-claim"');
    expect(claim).toContain('name="upheld" value="yes"');
    expect(claim).toContain('name="upheld" value="no"');
    expect(claim).toContain('name="earlyOverride"');
  });

  it('leaves an ended game no clock, ending or annulment; its homologation asks once', async () => {
    const html = await gamePage(abandoned);
    expect(rulingForms(html)).toEqual(['score-correction', ...SANCTIONS, 'exclusion']);
    expect(html).toContain('Zile de gândire: partida s-a încheiat: ceasurile ei nu mai merg');
    expect(html).toContain('Încheierea partidei: partida s-a încheiat deja');
    expect(formOf(html, 'data-testid="homologate"')).toMatch(CONFIRM_BOX);
  });

  it('refuses a ruling the page did not offer, by the same rule, writing nothing', async () => {
    const before = await count({ competitionId: ch.competitionId });
    const ending = await post(arbiter, `/arbiter/games/${abandoned.id}`, `/arbiter/games/${abandoned.id}/rulings`, {
      kind: 'outcome',
      outcome: 'unfinished',
      reason: 'închidere',
      confirm: 'yes',
    });
    expect(ending.status).toBe(422);
    expect(ending.text).toContain('Această decizie nu se poate da acum: partida s-a încheiat deja.');
    const word = await post(arbiter, `/arbiter/games/${plain.id}`, `/arbiter/games/${plain.id}/rulings`, {
      kind: 'word',
      valid: 'yes',
      reason: 'DEX',
      confirm: 'yes',
    });
    expect(word.status).toBe(422);
    expect(word.text).toContain('nicio contestație nu așteaptă decizia arbitrului');
    expect(await count({ competitionId: ch.competitionId })).toBe(before);
  });

  it('asks once on every ruling form: the box is on each, a ruling without it is refused and nothing is written', async () => {
    for (const game of [plain, disputed, claimed]) {
      const html = await gamePage(game);
      for (const kind of rulingForms(html)) {
        expect([game.id, kind, CONFIRM_BOX.test(formOf(html, `data-testid="ruling-${kind}"`))]).toEqual([game.id, kind, true]);
      }
    }
    expect(await gamePage(plain)).toContain('Da, avertizez jucătorul ales: avertismentul se înscrie în jurnal');
    const form = { kind: 'warning', player: 'red', reason: 'limbaj nepotrivit' };
    const unconfirmed = await post(arbiter, `/arbiter/games/${plain.id}`, `/arbiter/games/${plain.id}/rulings`, form);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('Bifați căsuța de confirmare: decizia arbitrului nu mai poate fi anulată.');
    expect(await count({ gameId: plain.id })).toBe(0);
    const confirmed = await post(arbiter, `/arbiter/games/${plain.id}`, `/arbiter/games/${plain.id}/rulings`, { ...form, confirm: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(await count({ gameId: plain.id, kind: 'warning' })).toBe(1);
  });

  it('asks once before homologating, on the homologation page', async () => {
    const path = `/arbiter/competitions/${ch.competitionId}/homologation`;
    const page = await arbiter.get(path);
    expect(formOf(page.text, `action="/arbiter/games/${abandoned.id}/homologate"`)).toMatch(CONFIRM_BOX);
    expect(page.text).toContain('Da, omologhez rezultatul: coeficienții intră în clasament');
    const refused = await post(arbiter, path, `/arbiter/games/${abandoned.id}/homologate`, { reason: 'abandon confirmat' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Bifați căsuța de confirmare: omologarea rezultatului nu mai poate fi anulată.');
    expect((await t.database.run((m) => m.findOneByOrFail(Result, { gameId: abandoned.id }))).status).toBe('proposed');
  });

  it('asks once before closing a case on the dashboard', async () => {
    const payload = { address: 'x@rulings.example.org' };
    const cases = t.app.get(CasesService);
    const opened = { competitionId: ch.competitionId, gameId: fresh.id, kind: 'mail-bounce', payload } as const;
    const bounce = await t.database.transaction(() => cases.open(opened));
    const dashboard = await arbiter.get('/arbiter');
    expect(formOf(dashboard.text, `action="/arbiter/cases/${bounce.id}/close"`)).toMatch(CONFIRM_BOX);
    const refused = await post(arbiter, '/arbiter', `/arbiter/cases/${bounce.id}/close`, { reason: 'adresă nouă' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Bifați căsuța de confirmare: închiderea cazului nu mai poate fi anulată.');
    expect((await t.database.run((m) => m.findOneByOrFail(Case, { id: bounce.id }))).status).toBe('open');
  });

  it('asks once before a player accepts a draw on the game page', async () => {
    await offersService.offer(playerOf(ch, fresh, 'red'), fresh.id, { kind: 'draw' });
    const partner = await loginAgent(t, userOf(ch, fresh, 'blue').email);
    await inRomanian(partner);
    const page = await partner.get(`/games/${fresh.id}`);
    const accept = formOf(page.text, '/accept"');
    expect(accept).toMatch(CONFIRM_BOX);
    expect(accept).toContain('Da, accept remiza: partida se încheie acum cu 1 – 1 și nu se mai poate relua');
    const action = /action="([^"]+)"/.exec(accept)![1];
    const refused = await partner
      .post(action)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Bifați căsuța de confirmare: acceptarea ofertei nu mai poate fi anulată.');
    expect((await t.database.run((m) => m.findOneByOrFail(Game, { id: fresh.id }))).status).toBe('playing');
  });

  it('says on the dashboard claim row, and on the game page, once the 5 days passed with no answer', async () => {
    const row = async () => {
      const html = (await arbiter.get('/arbiter')).text;
      const at = html.indexOf('Reclamație de timp de la');
      expect(at).toBeGreaterThan(0);
      return html.slice(at, html.indexOf('</td>', at));
    };
    expect(await row()).not.toContain('fără răspuns în 5 zile');
    // Claimed on 28.03: answered by 02.04; on 03.04 the window is over.
    clock.set('2027-04-02T09:00:00Z');
    expect(await row()).not.toContain('fără răspuns în 5 zile');
    clock.set('2027-04-03T09:00:00Z');
    expect(await row()).toContain('fără răspuns în 5 zile');
    // The claim may now be upheld without the override: the page no longer offers it.
    const claim = formOf(await gamePage(claimed), 'data-testid="ruling-claim"');
    expect(claim).toContain('name="upheld" value="yes"');
    expect(claim).not.toContain('name="earlyOverride"');
  });
  describe('the JSON API: a ruling that does not apply is refused by the games service, nothing changed', () => {
    /** What a ruling would change: the game's version, its audit entries, rulings and penalties. */
    const footprint = (game: Game) =>
      t.database.run(async (m) => ({
        version: (await m.findOneByOrFail(Game, { id: game.id })).version,
        audit: await m.countBy(AuditEntry, { gameId: game.id }),
        rulings: await m.countBy(Ruling, { gameId: game.id }),
        penalties: await m.countBy(Penalty, { gameId: game.id }),
      }));
    const rule = (game: Game, body: object) =>
      request(t.app.getHttpServer()).post(`/api/games/${game.id}/rulings`).set('Authorization', ch.arbiter.bearer).send(body);

    it.each([
      {
        what: 'thinking days on a game that has ended (its clocks no longer run)',
        game: () => abandoned,
        body: { kind: 'thinking-days', player: 'red', days: 10, reason: 'scrisoare refuzată' },
        ro: 'partida s-a încheiat: ceasurile ei nu mai merg',
        en: 'the game is over: its clocks no longer run',
      },
      {
        what: 'a contested word the mover has not asked the arbiter about',
        game: () => contested,
        body: { kind: 'word', valid: false, reason: 'nu este în listă' },
        ro: 'nicio contestație nu așteaptă decizia arbitrului',
        en: "no contest waits for the arbiter's ruling",
      },
      {
        what: 'a score correction on a game with no move',
        game: () => fresh,
        body: { kind: 'score-correction', player: 'blue', points: 5, reason: 'aritmetică' },
        ro: 'nu s-a jucat nicio mutare: nu există scor de corectat',
        en: 'no move has been played: there is no score to correct',
      },
    ])('refuses $what', async ({ game, body, ro, en }) => {
      const before = await footprint(game());
      const res = await rule(game(), body);
      expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 409, code: 'RULING_NOT_APPLICABLE' });
      expect(res.body.error.messages).toEqual({
        ro: `Această decizie nu se poate da acum: ${ro}.`,
        en: `This ruling cannot be given now: ${en}.`,
        pl: expect.stringMatching(/^Tej decyzji nie można teraz podjąć: .+\.$/),
      });
      expect(await footprint(game())).toEqual(before);
    });

    it('still takes the rulings that apply on those games, through the same route', async () => {
      const before = await footprint(abandoned);
      const res = await rule(abandoned, { kind: 'score-correction', player: 'red', points: 2, reason: 'aritmetică' });
      expect(res.status).toBe(200);
      const after = await footprint(abandoned);
      expect(after).toMatchObject({ rulings: before.rulings + 1, penalties: before.penalties + 1 });
      expect(after.audit).toBeGreaterThan(before.audit);
    });
  });
});
