import type { Command } from '../cli/command';
import { jsonLine } from '../cli/command';
import { onePositional, parseOptions } from '../cli/options';
import { withRefusals } from '../games/games.commands';
import { StandingsService } from './standings.service';

export const competitionStandingsCommand: Command = {
  name: 'competition standings',
  usage: 'competition standings [--csv] ID',
  summary: 'the standings of every group: sum of homologated coefficients, games, average, score difference',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { csv: 'flag' });
    const id = onePositional(positionals, 'the competition id');
    return withRefusals(io, async (get) => {
      const standings = get(StandingsService);
      io.out(options.csv ? await standings.csv(id) : jsonLine(await standings.view(id)));
      return 0;
    });
  },
};
