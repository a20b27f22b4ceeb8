import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SYSTEM_ACTOR } from '../auth/core/actor';
import { RULE_KEYS } from '../competitions/core/competition-settings';
import { CompetitionSetupService, type CreateCompetitionInput } from '../competitions/competition-setup.service';
import type { GroupsInput } from '../competitions/core/group-plans';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { PlayerIdentityService } from '../competitions/player-identity.service';
import { serviceCommand } from './cli-services';
import { BadInputError, jsonLine } from './command';

/**
 * The competition file (JSON or YAML): the settings of POST /api/competitions, plus
 * `arbiter` (an e-mail address), `players` (a CSV path, relative to the file) and
 * `groups` (as POST /api/competitions/:id/groups, or just a number of groups).
 */
interface CompetitionFile extends CreateCompetitionInput {
  readonly arbiter?: string;
  readonly players?: string;
  readonly groups?: GroupsInput | number;
}

const FILE_KEYS = new Set(['name', 'shortName', ...RULE_KEYS, 'arbiter', 'arbiterEmail', 'arbiterUserId', 'series', 'players', 'groups']);

function readCompetitionFile(path: string): { file: CompetitionFile; csv?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new BadInputError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let file: unknown;
  try {
    // YAML is a superset of JSON: one parser reads both.
    file = parseYaml(text);
  } catch (error) {
    throw new BadInputError(`${path} is neither JSON nor YAML: ${(error as Error).message}`);
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw new BadInputError(`${path} must hold an object of settings (name, shortName, startDate, closingDate, …)`);
  }
  const f = file as CompetitionFile;
  // The API refuses unknown fields; so does the file, where a misspelt setting would silently take its default.
  const unknown = Object.keys(f).filter((k) => !FILE_KEYS.has(k));
  if (unknown.length)
    throw new BadInputError(`${path}: unknown setting ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${[...FILE_KEYS].join(', ')}`);
  if (f.players === undefined) return { file: f };
  if (typeof f.players !== 'string') throw new BadInputError('"players" must be the path of a CSV file');
  const csvPath = resolve(dirname(path), f.players);
  try {
    return { file: f, csv: readFileSync(csvPath, 'utf8') };
  } catch (error) {
    throw new BadInputError(`cannot read the players file ${csvPath}: ${(error as Error).message}`);
  }
}

/** The one argument of `competition create` and `start`, taken as given: they parse no options. */
function onlyArgument(positionals: readonly string[], usage: string): string {
  if (positionals.length !== 1) throw new BadInputError(`usage: ${usage}`);
  return positionals[0];
}

export const competitionCreateCommand = serviceCommand({
  name: 'competition create',
  usage: 'competition create FILE',
  summary: 'create a competition from a JSON/YAML file (settings, arbiter, players CSV, groups); deals its sequence',
  input({ positionals }) {
    const { file, csv } = readCompetitionFile(onlyArgument(positionals, 'competition create FILE'));
    const { arbiter, players: _players, groups, ...settings } = file;
    const input: CreateCompetitionInput = { ...settings, arbiterEmail: settings.arbiterEmail ?? arbiter };
    return { input, csv, groups };
  },
  async run({ input, csv, groups }, get, io) {
    const setup = get(CompetitionSetupService);
    // One transaction: a bad players line or group size leaves no half-made competition behind.
    const view = await setup.setUp(SYSTEM_ACTOR, input, {
      csv,
      groups: groups === undefined || typeof groups !== 'number' ? groups : { count: groups },
    });
    io.out(
      jsonLine({
        id: view.id,
        sequenceSha256: view.sequenceSha256,
        sequences: view.sequences.map((s) => ({ series: s.series, sha256: s.sha256, source: s.source })),
        groups: view.groups.map((g) => ({ name: g.name, series: g.series, players: g.players.map((p) => p.name) })),
        players: view.players,
      }),
    );
  },
});

export const competitionStartCommand = serviceCommand({
  name: 'competition start',
  usage: 'competition start ID',
  summary: 'start a competition: reveal its sequence and begin every game the same day',
  input: ({ positionals }) => onlyArgument(positionals, 'competition start ID'),
  async run(id, get, io) {
    const started = await get(CompetitionStartService).start(SYSTEM_ACTOR, id);
    io.out(
      jsonLine({
        id: started.competition.id,
        startDate: started.startDate,
        games: started.games,
        sequences: started.competition.sequences.map((s) => ({ series: s.series, sha256: s.sha256, tiles: s.tiles })),
      }),
    );
  },
});

/** The operator confirms an added address for its owner, who could not use the mailed link. */
export const playerConfirmAddressCommand = serviceCommand({
  name: 'player confirm-address',
  usage: 'player confirm-address EMAIL --reason TEXT',
  summary: 'confirm an address added to a player, for its owner (audited with the reason, announced to the partners)',
  options: { reason: 'value' },
  input({ options, positionals }) {
    if (positionals.length !== 1 || !options.reason?.trim()) throw new BadInputError('usage: player confirm-address EMAIL --reason TEXT');
    return { email: positionals[0], reason: options.reason };
  },
  async run({ email, reason }, get, io) {
    const confirmed = await get(PlayerIdentityService).confirmByAdmin(SYSTEM_ACTOR, email, reason);
    io.out(jsonLine({ ...confirmed, verified: true }));
  },
});
