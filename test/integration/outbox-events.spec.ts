// A game action writes one event a fact (docs/mail-rules.md, "Events"), its mails name it, and
// each mail is built from its event; a row queued before events (none named) is still
// delivered once, and an event that fails its schema never holds its mail back.
import { actorOf, UsersService } from '../../src/auth/users.service';
import { replayGame } from '../../src/engine';
import { randomMove, seededRandom } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { Sequence } from '../../src/competitions/sequence.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { GameEventRow } from '../../src/notifications/game-event.entity';
import { ManualClock } from '../../src/common/clock';
import { createUser, setUpCompetition } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`game facts in the outbox (${TEST_DB})`, () => {
  let t: TestApp;
  let game: Game;
  let rows: OutboundMail[];
  let events: GameEventRow[];
  let started = 0;

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock('2027-02-01T10:00:00Z') });
    const arbiter = await createUser(t.app, { email: 'arbitru@example.org', roles: ['arbiter'] });
    const competition = await setUpCompetition(t.app, arbiter.actor, { players: 4, start: true });
    const { first, sequence, redEmail } = await t.database.run(async (m) => {
      const first = await m.findOneByOrFail(Game, { competitionId: (competition as { id: string }).id, round: 1 });
      const sequence = await m.findOneByOrFail(Sequence, { id: first.sequenceId });
      const redEmail = await m.findOneByOrFail(PlayerEmail, { playerId: first.redPlayerId });
      return { first, sequence, redEmail };
    });
    game = first;
    await t.database.run((m) => m.update(OutboundMail, { status: 'pending' }, { status: 'sent', sentAt: t.clock.now() }));
    const opening = replayGame({ tileSet: 'ro', sequence: sequence.tiles }, []);
    if (!opening.ok) throw new Error('the opening does not replay');
    const red = await t.database.run(() => t.app.get(UsersService).findUserByEmail(redEmail.address));
    t.clock.advance({ hours: 1 });
    await t.app
      .get(MovesService)
      .submitMove(actorOf(red!), game.id, { move: randomMove(opening.state, seededRandom(15), { passProbability: 0 }) });
    rows = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id, status: 'pending' }, order: { template: 'ASC' } }));
    // The move's own facts: the game's start is a fact of its own, written before the move.
    const moved = t.clock.now();
    const all = await t.database.run((m) => m.find(GameEventRow, { where: { gameId: game.id }, order: { kind: 'ASC' } }));
    started = all.filter((e) => e.kind === 'game-started' && e.createdAt < moved).length;
    events = all.filter((e) => e.createdAt.getTime() === moved.getTime());
  });

  afterAll(async () => {
    await t?.close();
  });

  it('writes one event a fact, and each mail names its own', () => {
    expect(started).toBe(1);
    expect(events.map((e) => e.kind)).toEqual(['move-played', 'turn-passed']);
    const byKind = new Map(events.map((e) => [e.kind, e.id]));
    expect(rows.map((r) => [r.template, r.eventId])).toEqual([
      ['move-confirmation', byKind.get('move-played')],
      ['your-move', byKind.get('turn-passed')],
    ]);
  });

  it("writes the board once an action, in the snapshot: the turn passed names the lines owed, the mail's positions are the snapshot's", () => {
    const turnPassed = events.find((e) => e.kind === 'turn-passed')!.payload as unknown as { fact: Record<string, unknown> };
    expect(turnPassed.fact).toMatchObject({ owed: ['main'] });
    expect(turnPassed.fact).not.toHaveProperty('lines');
    const yourMove = rows.find((r) => r.template === 'your-move')!;
    expect(yourMove.payload).not.toHaveProperty('lines');
    // A board in any of its forms is 15 rows of 15 squares: only the snapshot's, of the one live line, may be written.
    const boards = (text: string) => text.match(/\[("[^"]{15}",){14}"[^"]{15}"\]/g) ?? [];
    const written = [...events.map((e) => JSON.stringify(e.payload)), ...rows.map((r) => JSON.stringify(r.payload))];
    expect(written.flatMap(boards)).toHaveLength(1);
  });

  it('builds the same mail from the event as from the game as it stands, while the game has not moved on', async () => {
    const composer = t.app.get(OutboxComposer);
    for (const row of rows) {
      const fromEvent = await t.database.run(() => composer.content(row));
      const fromGame = await t.database.run(() => composer.content({ ...row, eventId: null }));
      expect(fromEvent.html).toContain('<table');
      expect(fromEvent).toEqual(fromGame);
    }
  });

  it('renders a mail whose event fails its schema as the plain listing, never not at all', async () => {
    const [row] = rows;
    const event = events.find((e) => e.id === row.eventId)!;
    await t.database.run((m) => m.update(GameEventRow, { id: event.id }, { payload: { fact: { kind: 'move-played' } } as never }));
    try {
      const content = await t.database.run(() => t.app.get(OutboxComposer).content(row));
      expect(content.html ?? '').not.toContain('<table');
      expect(content.text.length).toBeGreaterThan(0);
    } finally {
      await t.database.run((m) => m.update(GameEventRow, { id: event.id }, { payload: event.payload as never }));
    }
  });

  it('delivers a row queued before events (it names none) once, with the rest', async () => {
    await t.database.run((m) => m.update(OutboundMail, { id: rows[0].id }, { eventId: null }));
    const sender = t.app.get(OutboxSender);
    expect(await sender.deliverDue()).toEqual({ sent: 2, failed: 0 });
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0 });
    const after = await t.database.run((m) => m.findBy(OutboundMail, { gameId: game.id, status: 'pending' }));
    expect(after).toEqual([]);
  });
});
