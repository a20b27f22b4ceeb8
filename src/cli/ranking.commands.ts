import { RankingService } from '../ranking/ranking.service';
import { FEDERATIONS } from '../ranking/core/ranking-inputs';
import { serviceCommand } from './cli-services';
import { BadInputError, jsonLine } from './command';
import { choiceOption, onePositional } from './options';

// docs/rules.md §12.1: the federations' rankings — printed, computed again, their method chosen.

const federationInput = ({ positionals }: { positionals: readonly string[] }) => ({
  federation: choiceOption('federation', onePositional(positionals, 'the federation'), FEDERATIONS),
});

export const rankingShowCommand = serviceCommand({
  name: 'ranking show',
  usage: 'ranking show FEDERATION',
  summary: "the federation's stored ranking list (frsc | pfs): its settings, the players on it and those with too few games",
  input: federationInput,
  async run({ federation }, get, io) {
    io.out(jsonLine(await get(RankingService).list(federation)));
  },
});

export const rankingRecomputeCommand = serviceCommand({
  name: 'ranking recompute',
  usage: 'ranking recompute FEDERATION',
  summary: "computes the federation's ranking again from the homologated games of its finished competitions, as of today",
  input: federationInput,
  async run({ federation }, get, io) {
    io.out(jsonLine(await get(RankingService).recomputeNow(federation)));
  },
});

export const rankingMethodCommand = serviceCommand({
  name: 'ranking method',
  usage: 'ranking method FEDERATION pfs|elo|none [NAME=VALUE ...]',
  summary: "the federation's ranking method and the constants it changes (docs/rules.md §12.1), then its list computed again",
  input: ({ positionals }) => {
    const [federation, method, ...pairs] = positionals;
    if (!federation || !method) throw new BadInputError('ranking method needs the federation and the method');
    const constants: Record<string, string> = {};
    for (const pair of pairs) {
      const at = pair.indexOf('=');
      if (at <= 0) throw new BadInputError(`"${pair}" is not NAME=VALUE`);
      constants[pair.slice(0, at)] = pair.slice(at + 1);
    }
    return { federation: choiceOption('federation', federation, FEDERATIONS), method, constants };
  },
  async run({ federation, method, constants }, get, io) {
    io.out(jsonLine(await get(RankingService).choose(federation, method, constants)));
  },
});
