import type { Actor, Role } from './actor';
import { SYSTEM_ACTOR } from './actor';
import { canActInGame, canArbitrate, canCreateCompetition, sideInGame } from './permissions';

const game = { redPlayerId: 'p-red', bluePlayerId: 'p-blue', competitionArbiterId: 'u-arbiter' };
const competition = { arbiterUserId: 'u-arbiter' };
const user = (userId: string, roles: Role[], playerId?: string): Actor => ({
  kind: 'user',
  userId,
  roles,
  playerId,
});

const red = user('u-red', ['player'], 'p-red');
const blue = user('u-blue', ['player'], 'p-blue');
const stranger = user('u-other', ['player'], 'p-other');
const arbiter = user('u-arbiter', ['arbiter']);
const otherArbiter = user('u-arbiter-2', ['arbiter']);
const admin = user('u-admin', ['admin']);
const arbiterWhoPlaysRed = user('u-arbiter', ['arbiter', 'player'], 'p-red');
const adminWhoPlaysBlue = user('u-admin', ['admin', 'player'], 'p-blue');
/** A user once arbiter of the competition who lost the role keeps no power over it. */
const formerArbiter = user('u-arbiter', ['player'], 'p-x');

describe('who may act in a game', () => {
  it('lets the two players act, each on their own side', () => {
    expect(sideInGame(red, game)).toBe('red');
    expect(sideInGame(blue, game)).toBe('blue');
    expect(canActInGame(red, game)).toBe(true);
    expect(canActInGame(blue, game)).toBe(true);
  });

  it('refuses a player of another game', () => {
    expect(sideInGame(stranger, game)).toBeNull();
    expect(canActInGame(stranger, game)).toBe(false);
  });

  it('lets the competition’s arbiter, an admin and the platform act (a move received by post)', () => {
    expect(canActInGame(arbiter, game)).toBe(true);
    expect(canActInGame(admin, game)).toBe(true);
    expect(canActInGame(SYSTEM_ACTOR, game)).toBe(true);
    expect(canActInGame(otherArbiter, game)).toBe(false);
    expect(canActInGame(formerArbiter, game)).toBe(false);
  });
});

describe('who may arbitrate', () => {
  it('is the competition’s own arbiter, any admin, or the platform', () => {
    expect(canArbitrate(arbiter, competition)).toBe(true);
    expect(canArbitrate(admin, competition)).toBe(true);
    expect(canArbitrate(SYSTEM_ACTOR, competition)).toBe(true);
  });

  it('is never an arbiter of another competition, nor a player', () => {
    expect(canArbitrate(otherArbiter, competition)).toBe(false);
    expect(canArbitrate(red, competition)).toBe(false);
    expect(canArbitrate(formerArbiter, competition)).toBe(false);
  });

  it('never rules on a game the arbiter (or admin) plays in, but may on the others', () => {
    expect(canArbitrate(arbiterWhoPlaysRed, competition, game)).toBe(false);
    expect(canArbitrate(adminWhoPlaysBlue, competition, game)).toBe(false);
    const otherGame = { redPlayerId: 'p-a', bluePlayerId: 'p-b' };
    expect(canArbitrate(arbiterWhoPlaysRed, competition, otherGame)).toBe(true);
    expect(canArbitrate(adminWhoPlaysBlue, competition, otherGame)).toBe(true);
    // Playing in the game, they still act in it as its player.
    expect(canActInGame(arbiterWhoPlaysRed, game)).toBe(true);
  });

  it('lets arbiters and admins create competitions, not players', () => {
    expect(canCreateCompetition(arbiter)).toBe(true);
    expect(canCreateCompetition(admin)).toBe(true);
    expect(canCreateCompetition(SYSTEM_ACTOR)).toBe(true);
    expect(canCreateCompetition(red)).toBe(false);
  });
});
