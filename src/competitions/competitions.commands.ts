import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SYSTEM_ACTOR } from '../auth/actor';
import { BadInputError, Command, jsonLine } from '../cli/command';
import { Database } from '../database/database';
import { RULE_KEYS } from './competition-settings';
import { CompetitionsService, type CreateCompetitionInput, type GroupsInput } from './competitions.service';
import { runWithServices } from './cli-services';
import { parseOptions } from '../cli/options';
import { PlayerIdentityService } from './player-identity.service';

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

const FILE_KEYS = new Set([
  'name',
  'shortName',
  ...RULE_KEYS,
  'arbiter',
  'arbiterEmail',
  'arbiterUserId',
  'series',
  'players',
  'groups',
]);

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
  if (unknown.length) throw new BadInputError(`${path}: unknown setting ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${[...FILE_KEYS].join(', ')}`);
  if (f.players === undefined) return { file: f };
  if (typeof f.players !== 'string') throw new BadInputError('"players" must be the path of a CSV file');
  const csvPath = resolve(dirname(path), f.players);
  try {
    return { file: f, csv: readFileSync(csvPath, 'utf8') };
  } catch (error) {
    throw new BadInputError(`cannot read the players file ${csvPath}: ${(error as Error).message}`);
  }
}

export const competitionCreateCommand: Command = {
  name: 'competition create',
  usage: 'competition create FILE',
  summary: 'create a competition from a JSON/YAML file (settings, arbiter, players CSV, groups); deals its sequence',
  async run(io) {
    if (io.args.length !== 1) throw new BadInputError('usage: competition create FILE');
    const { file, csv } = readCompetitionFile(io.args[0]);
    const { arbiter, players: _players, groups, ...settings } = file;
    const input: CreateCompetitionInput = { ...settings, arbiterEmail: settings.arbiterEmail ?? arbiter };
    return runWithServices(io, async (get) => {
      const competitions = get(CompetitionsService);
      // One transaction: a bad players line or group size leaves no half-made competition behind.
      const view = await get(Database).transaction(async (m) => {
        const competition = await competitions.createIn(m, SYSTEM_ACTOR, input);
        if (csv !== undefined) await competitions.importPlayersIn(m, SYSTEM_ACTOR, competition.id, csv);
        if (groups !== undefined) {
          await competitions.makeGroupsIn(m, SYSTEM_ACTOR, competition.id, typeof groups === 'number' ? { count: groups } : groups);
        }
        return competitions.view(m, competition);
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
      return 0;
    });
  },
};

export const competitionStartCommand: Command = {
  name: 'competition start',
  usage: 'competition start ID',
  summary: 'start a competition: reveal its sequence and begin every game the same day',
  async run(io) {
    if (io.args.length !== 1) throw new BadInputError('usage: competition start ID');
    return runWithServices(io, async (get) => {
      const started = await get(CompetitionsService).start(SYSTEM_ACTOR, io.args[0]);
      io.out(
        jsonLine({
          id: started.competition.id,
          startDate: started.startDate,
          games: started.games,
          sequences: started.competition.sequences.map((s) => ({ series: s.series, sha256: s.sha256, tiles: s.tiles })),
        }),
      );
      return 0;
    });
  },
};

/** Issue 12 §1: the operator confirms an added address for its owner, who could not use the mailed link. */
export const playerConfirmAddressCommand: Command = {
  name: 'player confirm-address',
  usage: 'player confirm-address EMAIL --reason TEXT',
  summary: 'confirm an address added to a player, for its owner (audited with the reason, announced to the partners)',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { reason: 'value' });
    if (positionals.length !== 1 || !options.reason?.trim()) throw new BadInputError('usage: player confirm-address EMAIL --reason TEXT');
    return runWithServices(io, async (get) => {
      const confirmed = await get(PlayerIdentityService).confirmByAdmin(SYSTEM_ACTOR, positionals[0], options.reason!);
      io.out(jsonLine({ ...confirmed, verified: true }));
      return 0;
    });
  },
};
