import type { INestApplication } from '@nestjs/common';
import type { Role, UserActor } from '../../src/auth/core/actor';
import { actorOf, UsersService } from '../../src/auth/users.service';
import { CompetitionSetupService, type CreateCompetitionInput } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { GroupsService } from '../../src/competitions/groups.service';
import type { GroupsInput } from '../../src/competitions/core/group-plans';
import { CompetitionStartService } from '../../src/games/actions/competition-start.service';
import { Database } from '../../src/database/database';

export interface TestUser {
  readonly id: string;
  readonly email: string;
  readonly key: string;
  readonly actor: UserActor;
  /** `Authorization` header value. */
  readonly bearer: string;
}

/** A user with an API key, made through the real UsersService. */
export async function createUser(
  app: INestApplication,
  { email, roles, name = email, playerId }: { email: string; roles: Role[]; name?: string; playerId?: string },
): Promise<TestUser> {
  const users = app.get(UsersService);
  return app.get(Database).transaction(async () => {
    const user = await users.createUser({ displayName: name, roles, emails: [email], verified: true, playerId });
    const { key } = await users.createApiKey(user.id, 'test');
    return { id: user.id, email, key, actor: actorOf(user), bearer: `Bearer ${key}` };
  });
}

/** The API key of the user the import created for a player (found by the player's address). */
export async function keyForPlayer(app: INestApplication, email: string): Promise<TestUser> {
  const users = app.get(UsersService);
  return app.get(Database).transaction(async () => {
    const user = await users.findUserByEmail(email);
    if (!user) throw new Error(`no user with ${email}`);
    const { key } = await users.createApiKey(user.id, 'test');
    return { id: user.id, email, key, actor: actorOf(user), bearer: `Bearer ${key}` };
  });
}

/** `n` players as the import CSV: player1@example.org …, ranks 1..n. */
export function playersCsv(n: number, { domain = 'example.org', prefix = 'Player' } = {}): string {
  const lines = ['name,email,club,language,previous_coefficient,previous_rank'];
  for (let i = 1; i <= n; i++)
    lines.push(
      `${prefix} ${i},${prefix.toLowerCase()}${i}@${domain},Club ${(i % 3) + 1},${i % 4 === 0 ? 'en' : 'ro'},1.${String(5000 - i).padStart(4, '0')},${i}`,
    );
  return `${lines.join('\n')}\n`;
}

export const SETTINGS: CreateCompetitionInput = {
  name: 'Campionatul Național prin corespondență 2027',
  shortName: 'CN 2027',
  startDate: '2027-02-01',
  closingDate: '2027-12-31',
};

/**
 * A competition ready to start (or started): created by `arbiter`, `players` imported,
 * split into `groups`. Through the service, as the API does it.
 */
export async function setUpCompetition(
  app: INestApplication,
  arbiter: UserActor,
  {
    players = 6,
    groups = { count: 1 } as GroupsInput,
    settings = {} as Partial<CreateCompetitionInput>,
    start = false,
    domain = 'example.org',
  } = {},
) {
  const setup = app.get(CompetitionSetupService);
  const registration = app.get(RegistrationService);
  const grouping = app.get(GroupsService);
  const created = await setup.create(arbiter, { ...SETTINGS, ...settings });
  await registration.importPlayers(arbiter, created.id, playersCsv(players, { domain }));
  const grouped = await grouping.makeGroups(arbiter, created.id, groups);
  if (!start) return grouped;
  return (await app.get(CompetitionStartService).start(arbiter, created.id)).competition;
}
