// CLI commands over the tournaments-in-rounds core (docs/rules.md §11), so that a tournament
// director can script a tournament: pair the next round under any system of the seeds, print the
// standings, export the tournament for a rating office as tsh's `.t` file, rank a series of events
// as the Cupa României does. JSON in, JSON out;
// exit status 0 done, 1 the system cannot pair the round, 2 unusable input.
import { cupaStandings } from '../tournaments/core/cupa';
import { parseCupaJson } from '../tournaments/core/cupa-input';
import { PAIRING_SYSTEMS, pairNextRound } from '../tournaments/core/pairing-systems';
import { standings } from '../tournaments/core/standings';
import { parseTournamentJson } from '../tournaments/core/tournament-input';
import type { Tournament } from '../tournaments/core/tournament';
import { tshFile } from '../tournaments/core/tsh-export';
import { BadInputError, jsonLine, type CommandIo } from './command';
import { defineCommand } from './define-command';
import { readInputFile, readInputStream, requireUtf8 } from './input';
import { choiceOption, integerOption, onePositional } from './options';

/** A tournament of a thousand players and a hundred rounds fits well within this. */
export const MAX_TOURNAMENT_BYTES = 5 * 1024 * 1024;

const REGIMES = ['frsc'] as const;

/** The text of FILE, or of stdin for `-`, bounded and UTF-8. */
async function readText(path: string, io: CommandIo): Promise<string> {
  const bytes = path === '-' ? await readInputStream(io.stdin, MAX_TOURNAMENT_BYTES) : await readInputFile(path, MAX_TOURNAMENT_BYTES);
  return requireUtf8(bytes, path === '-' ? 'the input' : path);
}

/** The tournament in FILE, or on stdin for `-`; BadInputError for anything unusable. */
async function readTournament(path: string, io: CommandIo): Promise<Tournament> {
  const parsed = parseTournamentJson(await readText(path, io));
  if (!parsed.ok) throw new BadInputError(parsed.message);
  return parsed.tournament;
}

export const pairCommand = defineCommand({
  name: 'pair',
  usage: 'pair --system SYSTEM [--seed N] FILE|-',
  summary: `the next round of a tournament in rounds, as JSON; SYSTEM: ${PAIRING_SYSTEMS.join(', ')}`,
  options: { system: 'value', seed: 'value' },
  input: ({ options, positionals }) => {
    if (options.system === undefined) throw new BadInputError(`--system is missing: one of ${PAIRING_SYSTEMS.join(', ')}`);
    return {
      system: choiceOption('system', options.system, PAIRING_SYSTEMS),
      seed: options.seed === undefined ? undefined : integerOption('seed', options.seed, 0),
      file: onePositional(positionals, 'the tournament file (or - for stdin)'),
    };
  },
  run: async ({ system, seed, file }, io) => {
    const outcome = pairNextRound(system, await readTournament(file, io), seed);
    if (!outcome.ok) {
      io.out(jsonLine({ error: { code: outcome.code, message: outcome.messages.en, messages: outcome.messages } }));
      return 1;
    }
    io.out(jsonLine(outcome.next));
  },
});

export const standingsCommand = defineCommand({
  name: 'standings',
  usage: 'standings --regime frsc [--final] FILE|-',
  summary: "a tournament in rounds' standings (F 9.7: points, spread, …), as JSON",
  options: { regime: 'value', final: 'flag' },
  input: ({ options, positionals }) => {
    if (options.regime === undefined) throw new BadInputError(`--regime is missing: one of ${REGIMES.join(', ')}`);
    return {
      regime: choiceOption('regime', options.regime, REGIMES),
      final: options.final === true,
      file: onePositional(positionals, 'the tournament file (or - for stdin)'),
    };
  },
  run: async ({ final, file }, io) => {
    io.out(jsonLine({ final, standings: standings(await readTournament(file, io), { final }) }));
  },
});

export const exportTshCommand = defineCommand({
  name: 'export-tsh',
  usage: 'export-tsh FILE|-',
  summary: "a tournament in rounds as tsh's .t file, for a rating office",
  input: ({ positionals }) => ({ file: onePositional(positionals, 'the tournament file (or - for stdin)') }),
  run: async ({ file }, io) => {
    io.out(tshFile(await readTournament(file, io)));
  },
});

export const cupaCommand = defineCommand({
  name: 'cupa',
  usage: 'cupa FILE|-',
  summary:
    'a series of events ranked as the Cupa României: FILE is {"players": [{"id", "name", "club"?, "rating"?}], "events": [{"name", ' +
    '"standings": [{"id", "place"}]}]} (rows as `standings --final` prints them); prints {"players": [{"id", "name", ' +
    '"club"?, "place", "points", "events"}], "clubs": [{"club", "place", "points", "events"}], "clubsAwarded"}',
  input: ({ positionals }) => ({ file: onePositional(positionals, 'the events file (or - for stdin)') }),
  run: async ({ file }, io) => {
    const parsed = parseCupaJson(await readText(file, io));
    if (!parsed.ok) throw new BadInputError(parsed.message);
    io.out(jsonLine(cupaStandings(parsed.series)));
  },
});
