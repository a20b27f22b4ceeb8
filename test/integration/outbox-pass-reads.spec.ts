// One pass of the outbox sender composes a move's mails (the move's confirmation to its player
// and "your move" to the partner) from the move's event alone, never reading the game (its
// thread's names included: docs/mail-rules.md, Events), and the mails it composes so are exactly
// the mails each row would get composed alone.
import { In } from 'typeorm';
import { actorOf, UsersService } from '../../src/auth/users.service';
import { replayGame } from '../../src/engine';
import { randomMove, seededRandom } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { GameRepository } from '../../src/games/persistence/game.repository';
import { MovesService } from '../../src/games/actions/moves.service';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { Sequence } from '../../src/competitions/sequence.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { ManualClock } from '../../src/common/clock';
import { createUser, setUpCompetition } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`the outbox's pass reads no game for its rows (${TEST_DB})`, () => {
  let t: TestApp;
  let game: Game;
  let rows: OutboundMail[];

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
    // The start's mails are not what this file looks at.
    await t.database.run((m) => m.update(OutboundMail, { status: 'pending' }, { status: 'sent', sentAt: t.clock.now() }));
    const opening = replayGame({ tileSet: 'ro', sequence: sequence.tiles }, []);
    if (!opening.ok) throw new Error('the opening does not replay');
    const red = await t.database.run(() => t.app.get(UsersService).findUserByEmail(redEmail.address));
    t.clock.advance({ hours: 1 });
    await t.app
      .get(MovesService)
      .submitMove(actorOf(red!), game.id, { move: randomMove(opening.state, seededRandom(15), { passProbability: 0 }) });
    rows = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id, status: 'pending' }, order: { template: 'ASC' } }));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('writes a move two mails, its confirmation and the partner\'s "your move"', () => {
    expect(rows.map((r) => r.template)).toEqual(['move-confirmation', 'your-move']);
    expect(new Set(rows.map((r) => r.playerId))).toEqual(new Set([game.redPlayerId, game.bluePlayerId]));
  });

  it('composes the same mails through one pass as row by row, reading the game not at all', async () => {
    const composer = t.app.get(OutboxComposer);
    const now = t.clock.now();
    const alone = [];
    for (const row of rows) alone.push(await t.database.run(() => composer.compose(row, now)));
    const games = t.app.get(GameRepository);
    const wholeGame = jest.spyOn(games, 'wholeGame');
    try {
      const reads = composer.passReads();
      // At once, as the sender's workers serve the two recipients.
      const together = await Promise.all(rows.map((row) => t.database.run(() => composer.compose(row, now, reads))));
      expect(wholeGame).not.toHaveBeenCalled();
      expect(together).toEqual(alone);
      expect(together.flat().map((m) => m.messageId)).toEqual(rows.map((r) => r.messageId));
      for (const message of together.flat()) {
        expect(message.subject).toContain('CN 2027');
        expect(message.html).toContain('<table');
      }
    } finally {
      wholeGame.mockRestore();
    }
  });

  it('sends both and marks both sent, each once', async () => {
    const pass = await t.app.get(OutboxSender).deliverDue();
    expect(pass).toEqual({ sent: 2, failed: 0 });
    const after = await t.database.run((m) => m.find(OutboundMail, { where: { id: In(rows.map((r) => r.id)) } }));
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(after.every((r) => r.sentAt !== null && r.lastError === null)).toBe(true);
    expect(await t.app.get(OutboxSender).deliverDue()).toEqual({ sent: 0, failed: 0 });
  });
});
