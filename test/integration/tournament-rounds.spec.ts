import { ManualClock } from '../../src/common/clock';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { Database } from '../../src/database/database';
import { CompetitionStartService } from '../../src/games/actions/competition-start.service';
import { Game } from '../../src/games/entities/game.entity';
import { OffersService } from '../../src/games/actions/offers.service';
import { WithdrawalService } from '../../src/games/actions/withdrawal.service';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { RoundReadsService } from '../../src/tournaments/round-reads.service';
import { RoundsService } from '../../src/tournaments/rounds.service';
import type { UserActor } from '../../src/auth/core/actor';
import { createUser, keyForPlayer, playersCsv, SETTINGS, type TestUser } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

/**
 * A tournament in rounds played end to end through the services (docs/rules.md §11.6): 9
 * players, the plan "modified Swiss ×2, KOTH ×1"; each round proposed, confirmed and started
 * together, with a bye; a withdrawal and a late entry between rounds 1 and 2; every game ended
 * by an abandonment (the quickest result); no rematch, at most one bye each, and the standings.
 */
describe(`a tournament in rounds (${TEST_DB})`, () => {
  let t: TestApp;
  let rounds: RoundsService;
  let reads: RoundReadsService;
  let arbiter: TestUser;
  let competitionId: string;
  const clock = new ManualClock('2027-01-10T09:00:00Z');
  const players = new Map<string, UserActor>();
  const met = new Set<string>();
  const byes: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    rounds = t.app.get(RoundsService);
    reads = t.app.get(RoundReadsService);
    arbiter = await createUser(t.app, { email: 'arbitru@rounds.example.org', roles: ['arbiter'] });
    const created = await t.app
      .get(CompetitionSetupService)
      .create(arbiter.actor, { ...SETTINGS, name: 'Turneu pe runde', shortName: 'TR' });
    competitionId = created.id;
    await t.app.get(RegistrationService).importPlayers(arbiter.actor, competitionId, playersCsv(9, { domain: 'rounds.example.org' }));
    for (let i = 1; i <= 9; i++) {
      const user = await keyForPlayer(t.app, `player${i}@rounds.example.org`);
      players.set(user.actor.playerId!, user.actor);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const gamesOf = (round: number) =>
    t.app.get(Database).run((m) => m.find(Game, { where: { competitionId, round }, order: { id: 'ASC' } }));

  /** Every game of the round ends: BLUE abandons in odd games, RED in even ones. */
  async function finishRound(round: number): Promise<void> {
    const games = await gamesOf(round);
    for (const [i, game] of games.entries()) {
      const loser = i % 2 === 0 ? game.bluePlayerId : game.redPlayerId;
      await t.app.get(OffersService).abandon(players.get(loser)!, game.id);
    }
  }

  /** Proposes and confirms the next round, checking no rematch and no second bye. */
  async function playRound(number: number, field: number): Promise<void> {
    const proposal = await rounds.propose(arbiter.actor, competitionId);
    expect(proposal.number).toBe(number);
    expect(proposal.status).toBe('proposed');
    const paired = proposal.pairs.flat();
    expect(new Set(paired).size).toBe(paired.length);
    expect(paired.length + (proposal.byePlayerId ? 1 : 0)).toBe(field);
    for (const [red, blue] of proposal.pairs) {
      const key = [red, blue].sort().join('|');
      expect(met.has(key)).toBe(false);
      met.add(key);
    }
    if (proposal.byePlayerId) {
      expect(byes).not.toContain(proposal.byePlayerId);
      byes.push(proposal.byePlayerId);
    }
    const { games } = await rounds.confirm(arbiter.actor, competitionId, number);
    expect(games).toBe(proposal.pairs.length);
    const created = await gamesOf(number);
    expect(created.map((g) => [g.redPlayerId, g.bluePlayerId].sort().join('|')).sort()).toEqual(
      proposal.pairs.map((p) => [...p].sort().join('|')).sort(),
    );
    expect(new Set(created.map((g) => g.startedOn)).size).toBe(1);
  }

  it('plays three rounds with a bye, a withdrawal and a late entry, and ranks the field as F 9.7 says', async () => {
    await expect(rounds.savePlan(arbiter.actor, competitionId, { plan: 'modified Swiss ×2, Snooker ×1' })).rejects.toMatchObject({
      code: 'BAD_PLAN',
    });
    const plan = await rounds.savePlan(arbiter.actor, competitionId, { plan: 'modified Swiss ×2, KOTH ×1', regime: 'frsc' });
    expect(plan.systems).toEqual(['modified-swiss', 'modified-swiss', 'koth']);
    // Not all at once: the groups' start refuses a tournament in rounds.
    await expect(t.app.get(CompetitionStartService).start(arbiter.actor, competitionId)).rejects.toMatchObject({
      code: 'PLAYED_IN_ROUNDS',
    });
    await expect(rounds.confirm(arbiter.actor, competitionId, 1)).rejects.toMatchObject({ code: 'NO_PROPOSAL' });

    await playRound(1, 9);
    // Each paired player is mailed their game (the games' own start mail).
    const starts = await t.app.get(Database).run((m) => m.countBy(OutboundMail, { template: 'game-start' }));
    expect(starts).toBe(8);
    await expect(rounds.propose(arbiter.actor, competitionId)).rejects.toMatchObject({ code: 'ROUND_UNFINISHED' });
    await finishRound(1);

    // Between rounds: a player who did not sit out withdraws, a late entrant registers (F 9.4).
    clock.advance({ days: 3 });
    const [round1] = await gamesOf(1);
    const withdrawn = round1.redPlayerId;
    await t.app.get(WithdrawalService).withdrawPlayer(arbiter.actor, competitionId, withdrawn, { reason: 'boală' });
    const late = await t.app.get(RegistrationService).addPlayer(arbiter.actor, competitionId, {
      name: 'Zaharia Târziu',
      email: 'late@rounds.example.org',
      club: 'Club 9',
      language: 'ro',
    });
    const lateActor = (await keyForPlayer(t.app, 'late@rounds.example.org')).actor;
    players.set(late.playerId, lateActor);

    await playRound(2, 9);
    const round2 = (await gamesOf(2)).flatMap((g) => [g.redPlayerId, g.bluePlayerId]);
    expect(round2).not.toContain(withdrawn);
    await finishRound(2);

    // A late entry after a proposal changes the field: the arbiter pairs again.
    await playRound(3, 9);
    await finishRound(3);
    await expect(rounds.propose(arbiter.actor, competitionId)).rejects.toMatchObject({ code: 'ALL_ROUNDS_PAIRED' });

    const { state } = await reads.tournament(competitionId);
    expect(state.progress.map((p) => p.complete)).toEqual([true, true, true]);
    const { final, lines } = reads.standingAfter(state, 3);
    expect(final).toBe(true);
    expect(lines).toHaveLength(10);
    // Three different byes, each worth 1 and +75 (F 9.5.3).
    expect(new Set(byes).size).toBe(3);
    // Each player who sat out was mailed so (F 9.2f).
    const byeMails = await t.app.get(Database).run((m) => m.find(OutboundMail, { where: { template: 'round-bye' } }));
    expect(byeMails).toHaveLength(3);
    // Each a fact of the competition (mail/core/competition-facts.ts): the same mail as the row written before events with its payload.
    const composer = t.app.get(OutboxComposer);
    for (const row of byeMails) {
      expect([row.gameId, row.eventId === null]).toEqual([null, false]);
      const built = await t.app.get(Database).run(() => composer.content(row));
      expect(built.text).toContain(String(row.payload.round));
      // The same row without its event: a row written before events, its payload the model.
      expect(await t.app.get(Database).run(() => composer.content({ ...row, eventId: null }))).toEqual(built);
    }
    // The late entrant lost round 1 by F 4.4.6f: no point, −75 less the round's largest difference (none played over the board).
    const lateLine = lines.find((l) => l.playerId === late.playerId)!;
    expect(lateLine.games).toBe(3);
    expect(lateLine.spread).toBeLessThanOrEqual(-75 + 2 * 75);
    expect(lines.find((l) => l.playerId === withdrawn)!.withdrawn).toBe(true);
    // F 9.7: points first, then spread.
    for (let i = 1; i < lines.length; i++) {
      const [a, b] = [lines[i - 1], lines[i]];
      expect(a.points > b.points || (a.points === b.points && a.spread >= b.spread)).toBe(true);
    }
    const total = lines.reduce((sum, l) => sum + l.points, 0);
    // 4 games a round and one bye a round: 5 points a round.
    expect(total).toBe(15);
    // Colours: nobody has RED (or BLUE) in all of their three games.
    const all = [...(await gamesOf(1)), ...(await gamesOf(2)), ...(await gamesOf(3))];
    for (const id of players.keys()) {
      const reds = all.filter((g) => g.redPlayerId === id).length;
      const blues = all.filter((g) => g.bluePlayerId === id).length;
      expect(Math.abs(reds - blues)).toBeLessThanOrEqual(1 + Number(reds + blues < 3));
    }
  });

  it("shows the standings and pairings publicly, and pairs and confirms a round through the arbiter's forms", async () => {
    const agent = await loginAgent(t, 'arbitru@rounds.example.org');
    const standings = await agent.get(`/public/competitions/${competitionId}/rounds`);
    expect(standings.status).toBe(200);
    expect(standings.text).toContain('data-testid="round-standings"');
    expect(standings.text).toContain('Zaharia Târziu');
    const after1 = await agent.get(`/public/competitions/${competitionId}/rounds?after=1`);
    expect(after1.status).toBe(200);

    const created = await t.app.get(CompetitionSetupService).create(arbiter.actor, { ...SETTINGS, name: 'Turneu web', shortName: 'TW' });
    await t.app.get(RegistrationService).importPlayers(arbiter.actor, created.id, playersCsv(5, { domain: 'web.rounds.example.org' }));
    const base = `/arbiter/competitions/${created.id}/rounds`;
    const page = await agent.get(base);
    expect(page.status).toBe(200);
    const plan = await agent
      .post(`${base}/plan`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), plan: 'koth ×9, bogus', rounds: '' });
    expect(plan.status).toBe(422);
    expect(plan.text).toContain('data-testid="rounds-refused"');
    const saved = await agent
      .post(`${base}/plan`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), plan: '', rounds: '3', regime: 'frsc' });
    expect(saved.status).toBe(303);
    const proposed = await agent
      .post(`${base}/propose`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), closingDate: '' });
    expect(proposed.status).toBe(303);
    expect(proposed.headers.location).toBe(`${base}/1`);
    const proposal = await agent.get(`${base}/1`);
    expect(proposal.status).toBe(200);
    expect(proposal.text).toContain('data-testid="confirm-round"');
    expect(proposal.text).toContain('data-testid="bye"');
    const unticked = await agent
      .post(`${base}/1/confirm`)
      .type('form')
      .send({ _csrf: csrfOf(proposal.text) });
    expect(unticked.status).toBe(422);
    const confirmed = await agent
      .post(`${base}/1/confirm`)
      .type('form')
      .send({ _csrf: csrfOf(proposal.text), confirm: 'yes' });
    expect(confirmed.status).toBe(303);
    const games = await t.app.get(Database).run((m) => m.countBy(Game, { competitionId: created.id, round: 1 }));
    expect(games).toBe(2);
    expect((await agent.get(`${base}/9`)).status).toBe(404);
    expect((await agent.get(`${base}/x`)).status).toBe(404);
  });
});
