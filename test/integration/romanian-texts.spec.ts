// Issue 14 "Done when": the Romanian pages and mails contain no English word or machine key.
// Every mail template rendered in `ro` with its sample model, the mails a little game really
// wrote (a ruling among them), and the main web pages in `ro` through the app, as an arbiter
// and as a player — each scanned, as a reader sees it (tags, scripts and attributes left
// out, names and addresses taken away), for English status words, dotted message keys,
// hyphenated template codes, `undefined`, `null`, `NaN` and raw JSON.
import { ManualClock } from '../../src/common/clock';
import { Player } from '../../src/players/player.entity';
import { Game } from '../../src/games/game.entity';
import { DisputesService } from '../../src/games/disputes.service';
import { MovesService } from '../../src/games/moves.service';
import { OffersService } from '../../src/games/offers.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer';
import { MAIL_TEMPLATE_NAMES } from '../../src/mail/templates/all-models';
import { renderMail } from '../../src/mail/templates/render';
import { NAMED_MAIL_TEMPLATES } from '../../src/web/arbiter/mail-names';
import { sampleModel } from '../../src/mail/templates/testing/sample-models';
import { placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent, type Agent } from '../support/web';

/** What a reader must never meet on a Romanian page or in a Romanian mail. */
const FORBIDDEN: readonly [string, RegExp][] = [
  [
    'English status word',
    /\b(open|appealed|proposed|homologated|pending|sent|failed|red|blue|upheld|rejected|ruled|admitted|playing|ended|draft)\b/i,
  ],
  ['message key', /\b[a-z]+\.[a-z]+\.[a-z]+\b/],
  ['template code', /\b[a-z]+-[a-z]+-[a-z]+\b/],
  ['undefined', /\bundefined\b/],
  ['null', /\bnull\b/],
  ['NaN', /\bNaN\b/],
  ['raw JSON', /[{}]|"\w+"\s*:/],
  ['UTC instant', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
];

/** The text a person reads: no tags, scripts, styles or attributes; entities decoded. */
function readable(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Names, addresses and links are the reader's own data, not words of the page. */
function withoutNames(text: string, names: readonly string[]): string {
  let out = text.replace(/\bhttps?:\/\/\S+/g, ' ').replace(/[\w.+-]+@[\w.-]+/g, ' ');
  for (const name of [...names].sort((a, b) => b.length - a.length)) if (name) out = out.split(name).join(' ');
  return out;
}

/** The platform's own mail codes (`result-homologated`, `game-start`, …): never shown as words. */
const MAIL_CODES = new RegExp(
  `(?<![\\w-])(${[...new Set([...NAMED_MAIL_TEMPLATES, ...MAIL_TEMPLATE_NAMES])].filter((n) => n.includes('-')).join('|')})(?![\\w-])`,
);

function problems(where: string, text: string): string[] {
  const found: string[] = [];
  const code = MAIL_CODES.exec(text);
  if (code) found.push(`${where}: mail code "${code[0]}"`);
  for (const [what, pattern] of FORBIDDEN) {
    const m = pattern.exec(text);
    if (m) {
      const at = Math.max(0, m.index - 60);
      found.push(`${where}: ${what} "${m[0]}" in …${text.slice(at, m.index + m[0].length + 60).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

describe(`Romanian texts carry no English word or machine key (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let game: Game;
  let ended: Game;
  let arbiter: Agent;
  let red: Agent;
  let names: string[];
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4 });
    [game, ended] = ch.games;
    const movesService = t.app.get(MovesService);
    const offersService = t.app.get(OffersService);
    const disputesService = t.app.get(DisputesService);
    // A little game: two tours, a ruling with its effects, one game ended waiting for homologation.
    const moves: string[] = [];
    for (let i = 0; i < 4; i++) {
      const move = placementFor(ch, moves, 11 + i);
      await movesService.submitMove(playerOf(ch, game, i % 2 === 0 ? 'red' : 'blue'), game.id, { move });
      moves.push(move);
      clock.advance({ days: 2 });
    }
    await disputesService.rule(ch.arbiter.actor, game.id, {
      kind: 'thinking-days',
      player: 'red',
      days: -3,
      reason: 'Platforma a fost oprită trei zile.',
    });
    await disputesService.rule(ch.arbiter.actor, game.id, { kind: 'warning', player: 'blue', reason: 'Limbaj nepotrivit în mesaje.' });
    await offersService.abandon(playerOf(ch, ended, 'blue'), ended.id);
    names = [...(await t.database.run((m) => m.find(Player, {}))).map((p) => p.name), 'Arbitrul 1', 'Arbitrul 2'];
    arbiter = await loginAgent(t, ch.arbiter.email);
    red = await loginAgent(t, userOf(ch, game, 'red').email);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('renders every mail template in Romanian with its sample model without English words or keys', () => {
    const found: string[] = [];
    for (const name of MAIL_TEMPLATE_NAMES) {
      const mail = renderMail(name, 'ro', sampleModel(name, 'ro'));
      const sample = sampleNames(sampleModel(name, 'ro'));
      found.push(...problems(`${name} (subject)`, withoutNames(mail.subject ?? '', sample)));
      found.push(...problems(`${name} (text)`, withoutNames(mail.text, sample)));
      found.push(...problems(`${name} (html)`, withoutNames(readable(mail.html), sample)));
    }
    expect(found).toEqual([]);
  });

  it('writes the mails the game sent, rulings included, in Romanian sentences', async () => {
    const rows = await t.database.run((m) => m.find(OutboundMail, { where: { language: 'ro' }, order: { createdAt: 'ASC' } }));
    const gameRows = rows.filter((r) => r.gameId === game.id || r.gameId === ended.id);
    expect(gameRows.some((r) => r.template === 'ruling')).toBe(true);
    const found: string[] = [];
    for (const row of gameRows) {
      const content = await t.database.run(() => t.app.get(OutboxComposer).content(row));
      found.push(...problems(`${row.template} (text)`, withoutNames(content.text, names)));
      if (content.html) found.push(...problems(`${row.template} (html)`, withoutNames(readable(content.html), names)));
    }
    expect(found).toEqual([]);
  });

  it("shows the arbiter's pages in Romanian without English words or keys", async () => {
    const c = ch.competitionId;
    const pages = [
      '/arbiter',
      `/arbiter/competitions/${c}`,
      `/arbiter/games/${game.id}`,
      `/arbiter/games/${ended.id}`,
      `/arbiter/competitions/${c}/homologation`,
      `/arbiter/competitions/${c}/audit`,
      `/arbiter/competitions/${c}/standings`,
      `/arbiter/games/${game.id}/sheet`,
      '/arbiter/mail',
    ];
    const found: string[] = [];
    for (const path of pages) {
      const res = await arbiter.get(path).set('Accept-Language', 'ro');
      expect([path, res.status]).toEqual([path, 200]);
      found.push(...problems(path, withoutNames(readable(res.text), names)));
    }
    expect(found).toEqual([]);
  });

  it("shows the player's pages in Romanian without English words or keys", async () => {
    const mine = ch.games.filter((g) => g.redPlayerId === game.redPlayerId || g.bluePlayerId === game.redPlayerId);
    const pages = ['/', ...mine.map((g) => `/games/${g.id}`), '/settings'];
    const found: string[] = [];
    for (const path of pages) {
      const res = await red.get(path).set('Accept-Language', 'ro');
      expect([path, res.status]).toEqual([path, 200]);
      found.push(...problems(path, withoutNames(readable(res.text), names)));
    }
    expect(found).toEqual([]);
  });

  it('the audit log tells each action in a sentence with local times, the ruling mail its effects', async () => {
    const audit = readable((await arbiter.get(`/arbiter/competitions/${ch.competitionId}/audit`)).text);
    expect(audit).toMatch(/\d{2}\.\d{2}\.2027 \d{2}:\d{2}/);
    expect(audit).toContain('se scad 3 zile din timpul de gândire folosit');
    const mail = await arbiter.get('/arbiter/mail');
    expect(readable(mail.text)).toContain('Decizia arbitrului');
  });
});

/** Every string of a sample model that names a person, a club, a competition or an address. */
function sampleNames(model: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if (/^(red|blue|name|arbiter|competition|playerName|claimant|partner|from|address|to|club|url|competitionName)$/i.test(key))
        out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(model, '');
  return out;
}
