// What a person reads, on every page and in every mail of a seeded world (docs/web.md "Texts a
// person reads"): a little championship with moves and rulings, an ended game, an open contest, an
// appealed one, a commission appeal, two refused mails; each page fetched as the arbiter and as
// the players in Romanian, English and Polish and checked by the shared helper
// (src/common/testing/visible-text.ts) for machine codes and the other language's words. The same
// world shows a contest's one mail (docs/rules.md §6) and the arbiter's name on sheets and mail.
import request from 'supertest';
import { ManualClock } from '../../src/common/clock';
import { htmlProblems, textProblems, visibleText, withoutNames } from '../../src/common/testing/visible-text';
import { AppealsService } from '../../src/appeals/appeals.service';
import { Player } from '../../src/players/player.entity';
import { Game } from '../../src/games/entities/game.entity';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { applyMove } from '../../src/engine';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { InboundMailRepository } from '../../src/mail/inbound-mail.repository';
import { storeInbound } from '../../src/mail/inbound-store';
import { MailPipeline } from '../../src/mail/pipeline/mail-pipeline.service';
import { Case } from '../../src/arbiter/case.entity';
import { MAIL_TEMPLATE_NAMES } from '../../src/mail/templates/all-models';
import { NAMED_MAIL_TEMPLATES } from '../../src/web/arbiter/mail-names';
import { modelState, placementFor as anyPlacement, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { pdfText } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

const LANGUAGES = ['ro', 'en', 'pl'] as const;

/**
 * What the world's people typed in Romanian (ruling reasons, an appeal): their words, not the
 * platform's, so a Polish page quoting them is not in the wrong language.
 */
const TYPED_IN_ROMANIAN = [
  'Platforma a fost oprită trei zile.',
  'Limbaj nepotrivit în mesaje.',
  'Avertismentul din partida a doua',
  'Clubul Sportiv Arad',
  'Jucătorul nu a primit mesajul.',
  'Chitanța 12/2027',
  'Mesajul a fost livrat.',
  'Al doilea avertisment.',
  'Re: partida',
];

/** The platform's own mail codes (`result-homologated`, `game-start`, …): never shown as words. */
const MAIL_CODES = new RegExp(
  `(?<![\\w-])(${[...new Set([...NAMED_MAIL_TEMPLATES, ...MAIL_TEMPLATE_NAMES])].filter((n) => n.includes('-')).join('|')})(?![\\w-])`,
);

/** The shared checks, and the platform's mail codes. */
function problems(where: string, lang: string, html: string, given: readonly string[]): string[] {
  const names = lang === 'pl' ? [...given, ...TYPED_IN_ROMANIAN] : given;
  const code = MAIL_CODES.exec(withoutNames(visibleText(html), names));
  return [...htmlProblems(where, lang, html, names), ...(code ? [`${where} [${lang}]: mail code "${code[0]}"`] : [])];
}

/**
 * A legal placement none of whose words reads as a premium square's code (`TL`, `DW`…): the
 * sequence is dealt afresh each run, and such a word, shown on a page, is what this spec looks for.
 */
function placementFor(ch: Championship, moves: readonly string[], seed: number): string {
  for (let tried = 0; tried < 50; tried++) {
    const move = anyPlacement(ch, moves, seed + 1000 * tried);
    const played = applyMove(modelState(ch, moves), move);
    if (played.ok && !played.record.words.some((w) => /^(TW|DW|TL|DL)$/.test(w.word))) return move;
  }
  throw new Error('no placement without a premium-square code among its words');
}
describe(`Every page and mail reads in its language, without a machine code (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let game: Game;
  let ended: Game;
  let contested: Game;
  let appealed: Game;
  let arbiter: Agent;
  let red: Agent;
  let contestedMover: Agent;
  let names: string[];
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  /** Switches the agent's language through the layout's switch, as a person does. */
  async function speak(agent: Agent, lang: 'ro' | 'en' | 'pl'): Promise<void> {
    const page = await agent.get('/account');
    const res = await agent
      .post('/language')
      .type('form')
      .send({ _csrf: csrfOf(page.text), lang, next: '/account' });
    expect(res.status).toBe(303);
  }

  /** The mail written last to the game's player under this template, as its reader gets it. */
  async function lastMail(g: Game, playerId: string, template: string) {
    const rows = await t.database.run((m) =>
      m.find(OutboundMail, { where: { gameId: g.id, playerId, template }, order: { createdAt: 'DESC' } }),
    );
    return rows[0] && (await t.database.run(() => t.app.get(OutboxComposer).content(rows[0])));
  }

  /** A mail arriving in the platform's mailbox, decided by the pipeline as the inbox would. */
  let uid = 0;
  async function receive(from: string, to: string, body: string): Promise<void> {
    uid += 1;
    const raw = Buffer.from(
      [
        `From: <${from}>`,
        `To: <${to}>`,
        `Subject: Re: partida`,
        `Message-ID: <visible-${uid}@example.org>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '',
      ].join('\r\n'),
    );
    const repo = t.app.get(InboundMailRepository);
    await t.database.run(() =>
      storeInbound(
        repo,
        {
          mailbox: 'INBOX',
          uidValidity: '1',
          uid,
          size: raw.length,
          raw,
          messageId: `<visible-${uid}@example.org>`,
          from,
          subject: 'Re: partida',
        },
        clock.now(),
      ),
    );
    await t.app.get(MailPipeline).processStored();
  }

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4, domain: 'visible.example.org' });
    [game, ended, contested, appealed] = ch.games;
    const movesService = t.app.get(MovesService);
    const disputes = t.app.get(DisputesService);
    // A little game: two tours, a ruling with its effects, one game ended waiting for homologation.
    const moves: string[] = [];
    for (let i = 0; i < 4; i++) {
      const move = placementFor(ch, moves, 11 + i);
      await movesService.submitMove(playerOf(ch, game, i % 2 === 0 ? 'red' : 'blue'), game.id, { move });
      moves.push(move);
      clock.advance({ days: 2 });
    }
    await disputes.rule(ch.arbiter.actor, game.id, {
      kind: 'thinking-days',
      player: 'red',
      days: -3,
      reason: 'Platforma a fost oprită trei zile.',
    });
    await disputes.rule(ch.arbiter.actor, game.id, { kind: 'warning', player: 'blue', reason: 'Limbaj nepotrivit în mesaje.' });
    await t.app.get(OffersService).abandon(playerOf(ch, ended, 'blue'), ended.id);
    // Two contests (docs/rules.md §6): one waits for the mover's answer, one went to the arbiter.
    for (const g of [contested, appealed]) {
      const first = placementFor(ch, [], 7);
      const played = applyMove(modelState(ch, []), first);
      if (!played.ok) throw new Error(played.code);
      await movesService.submitMove(playerOf(ch, g, 'red'), g.id, { move: first });
      await disputes.contestWord(playerOf(ch, g, 'blue'), g.id, {
        words: [played.record.words[0].word],
        reply: placementFor(ch, [first], 8),
      });
    }
    await disputes.appealContest(playerOf(ch, appealed, 'red'), appealed.id, {});
    // The commission's appeal, decided (docs/rules.md §6).
    const appeals = t.app.get(AppealsService);
    const lodged = await appeals.lodge(ch.arbiter.actor, ch.competitionId, {
      decision: 'Avertismentul din partida a doua',
      appellant: 'Clubul Sportiv Arad',
      comment: 'Jucătorul nu a primit mesajul.',
      feeReceipt: 'Chitanța 12/2027',
    });
    await appeals.decide(ch.arbiter.actor, (lodged as Case).id, { outcome: 'rejected', comment: 'Mesajul a fost livrat.' });
    // Two refused mails: the contested mover replying with a move, and a stranger at the same address.
    const mover = userOf(ch, contested, 'red');
    const contestMail = await lastMail(contested, contested.redPlayerId, 'contest');
    const replyTo = /moves\+[^\s@]+@[\w.-]+/.exec(contestMail.text)![0];
    await receive(mover.email, replyTo, placementFor(ch, [], 21));
    await receive('strain@elsewhere.example', replyTo, 'PAS');
    names = [
      ...(await t.database.run((m) => m.find(Player, {}))).map((p) => p.name),
      'Arbitrul 1',
      'Arbitrul 2',
      'Dan Marinescu',
      'Ștefan Ionescu-Vlad',
    ];
    arbiter = await loginAgent(t, ch.arbiter.email);
    red = await loginAgent(t, userOf(ch, game, 'red').email);
    contestedMover = await loginAgent(t, mover.email);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a contest sends the contested mover one mail saying what to do; a move before the answer is refused alike on the web and by mail', async () => {
    const rows = await t.database.run((m) =>
      m.find(OutboundMail, { where: { gameId: contested.id, playerId: contested.redPlayerId }, order: { createdAt: 'ASC' } }),
    );
    const sinceContest = rows.slice(rows.findIndex((r) => r.template === 'contest'));
    expect(sinceContest.map((r) => r.template).filter((n) => n === 'contest' || n === 'your-move')).toEqual(['contest']);
    const mail = await lastMail(contested, contested.redPlayerId, 'contest');
    expect(mail.text).toMatch(/RECUNOSC|ADMIT/);
    expect(mail.text).toMatch(/APEL|APPEAL/);
    // The web preview answers as the mailed move was answered (the inbox's reason, in words).
    const preview = await contestedMover.get(`/games/${contested.id}/preview`).query({ notation: placementFor(ch, [], 21) });
    expect(preview.body).toMatchObject({ ok: false, code: 'DISPUTE_OPEN' });
    const inbox = visibleText((await arbiter.get('/arbiter/mail')).text);
    expect(inbox).toContain('mutarea jucătorului era contestată');
    expect(inbox).toContain('trimis de la o adresă neînregistrată');
  });

  it("the arbiter's name, set through the API and on /account, signs the sheets and the ruling mail", async () => {
    const api = (path: string) => request(t.app.getHttpServer()).patch(path).set('Authorization', ch.arbiter.bearer);
    expect((await api('/api/account/name').send({ name: '   ' })).status).toBe(400);
    expect((await api('/api/account/name').send({ name: 'x'.repeat(81) })).body.error.code).toBe('BAD_INPUT');
    const player = userOf(ch, game, 'red');
    expect(
      (await request(t.app.getHttpServer()).patch('/api/account/name').set('Authorization', player.bearer).send({ name: 'Eu' })).status,
    ).toBe(403);
    const set = await api('/api/account/name').send({ name: '  Dan   Marinescu ' });
    expect([set.status, set.body]).toEqual([200, { name: 'Dan Marinescu' }]);
    const sheet = await arbiter.get(`/arbiter/games/${game.id}/sheet`);
    expect(visibleText(sheet.text)).toMatch(/Arbitru:?\s+Dan Marinescu/);
    // On /account, the form an arbiter signs with.
    const account = await arbiter.get('/account');
    expect(account.text).toContain('value="Dan Marinescu"');
    const saved = await arbiter
      .post('/account/name')
      .type('form')
      .send({ _csrf: csrfOf(account.text), name: 'Ștefan Ionescu-Vlad' });
    expect([saved.status, saved.headers.location]).toEqual([303, '/account?done=named']);
    const pdf = await arbiter
      .get(`/arbiter/games/${game.id}/sheet.pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const printed = pdfText(pdf.body as Buffer);
    expect(printed).toContain('Ștefan Ionescu-Vlad');
    expect(textProblems('sheet.pdf', 'ro', withoutNames(printed, names))).toEqual([]);
    await t.app.get(DisputesService).rule(ch.arbiter.actor, game.id, { kind: 'warning', player: 'red', reason: 'Al doilea avertisment.' });
    const ruling = await lastMail(game, game.redPlayerId, 'ruling');
    expect(ruling.text).toContain('Ștefan Ionescu-Vlad');
    expect(ruling.text).not.toMatch(/Arbitrul 1|Admin/);
  });

  it.each(LANGUAGES)("shows the arbiter's pages in %s without a machine code or a foreign word", async (lang) => {
    await speak(arbiter, lang);
    const c = ch.competitionId;
    const pages = [
      '/arbiter',
      `/arbiter/competitions/${c}`,
      `/arbiter/competitions/${c}/homologation`,
      `/arbiter/competitions/${c}/audit`,
      `/arbiter/competitions/${c}/standings`,
      `/arbiter/competitions/${c}/appeals`,
      ...[game, ended, contested, appealed].flatMap((g) => [`/arbiter/games/${g.id}`, `/arbiter/games/${g.id}/sheet`]),
      '/arbiter/mail',
      '/arbiter/competitions/new',
      '/arbiter/lexicons',
      '/arbiter/api-keys',
      '/account',
      // The public pages, as the arbiter reads them in their language.
      '/public',
      `/public/competitions/${c}`,
      `/public/games/${ended.id}/sheet`,
      '/public/ranking',
      '/public/ranking/frsc',
    ];
    const found: string[] = [];
    for (const path of pages) {
      const res = await arbiter.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.text).toContain(`<html lang="${lang}"`);
      found.push(...problems(path, lang, res.text, names));
    }
    // No outcome is chosen for the commission before the arbiter chooses one.
    expect((await arbiter.get(`/arbiter/competitions/${c}/appeals`)).text).not.toMatch(
      /<option[^>]*selected[^>]*>[^<]*<\/option>\s*(?:<option|<\/select>)[\s\S]*name="comment"/,
    );
    expect(found).toEqual([]);
  });

  it.each(LANGUAGES)("shows the players' pages in %s without a machine code or a foreign word", async (lang) => {
    const found: string[] = [];
    for (const [agent, player] of [
      [red, game.redPlayerId],
      [contestedMover, contested.redPlayerId],
    ] as const) {
      await speak(agent, lang);
      const mine = ch.games.filter((g) => g.redPlayerId === player || g.bluePlayerId === player);
      const pages = ['/', ...mine.flatMap((g) => [`/games/${g.id}`, `/games/${g.id}/sheet`]), '/settings', '/account'];
      for (const path of pages) {
        const res = await agent.get(path);
        expect([path, res.status]).toEqual([path, 200]);
        found.push(...problems(path, lang, res.text, names));
      }
    }
    expect(found).toEqual([]);
  });

  it('writes the mails the games sent, rulings included, without a machine code or a foreign word', async () => {
    const rows = await t.database.run((m) => m.find(OutboundMail, { order: { createdAt: 'ASC' } }));
    const gameRows = rows.filter((r) => r.gameId !== null && ch.games.some((g) => g.id === r.gameId));
    expect(gameRows.some((r) => r.template === 'ruling')).toBe(true);
    const found: string[] = [];
    for (const row of gameRows) {
      const content = await t.database.run(() => t.app.get(OutboxComposer).content(row));
      found.push(...textProblems(`${row.template} (text)`, row.language, withoutNames(content.text, names)));
      if (content.html) found.push(...problems(`${row.template} (html)`, row.language, content.html, names));
    }
    expect(found).toEqual([]);
  });

  it('the audit log tells each action in a sentence with local times', async () => {
    await speak(arbiter, 'ro');
    const audit = visibleText((await arbiter.get(`/arbiter/competitions/${ch.competitionId}/audit`)).text);
    expect(audit).toMatch(/\d{2}\.\d{2}\.2027 \d{2}:\d{2}/);
    expect(audit).toContain('se scad 3 zile din timpul de gândire folosit');
  });
});
