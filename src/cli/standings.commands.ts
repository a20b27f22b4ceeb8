import { StandingsService } from '../coefficients/standings.service';
import { serviceCommand } from './cli-services';
import { jsonLine } from './command';
import { onePositional } from './options';

export const competitionStandingsCommand = serviceCommand({
  name: 'competition standings',
  usage: 'competition standings [--csv] ID',
  summary: 'the standings of every group: sum of homologated coefficients, games, average, score difference',
  options: { csv: 'flag' },
  input: ({ options, positionals }) => ({ csv: options.csv, id: onePositional(positionals, 'the competition id') }),
  async run({ csv, id }, get, io) {
    const standings = get(StandingsService);
    io.out(csv ? await standings.csv(id) : jsonLine(await standings.view(id)));
  },
});
