import type { Type } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../auth/actor';
import type { Command, CommandIo } from '../cli/command';
import { jsonLine } from '../cli/command';
import { choiceOption, onePositional, parseOptions } from '../cli/options';
import { printRefusal, withServices } from '../competitions/cli-services';
import { GameCheckService } from './game-check';
import { GameSheetsService } from './game-sheets.service';

/** CLI work on the platform's services, acting as the platform; a refusal prints as the API's body. */
export function withRefusals(io: CommandIo, work: (get: <S>(service: Type<S>) => S) => Promise<number>): Promise<number> {
  return withServices(io, async (get) => {
    try {
      return await work(get);
    } catch (error) {
      return printRefusal(io, error);
    }
  });
}

export const gameSheetCommand: Command = {
  name: 'game sheet',
  usage: 'game sheet [--language ro|en] [--line A|B] ID',
  summary: 'print a stored game as its text game sheet (RULES.md §8)',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { language: 'value', line: 'value' });
    const id = onePositional(positionals, 'the game id');
    const language = choiceOption('language', options.language, ['ro', 'en'] as const);
    return withRefusals(io, async (get) => {
      io.out(await get(GameSheetsService).sheet(SYSTEM_ACTOR, id, { language, line: options.line }));
      return 0;
    });
  },
};

export const gameGcgCommand: Command = {
  name: 'game gcg',
  usage: 'game gcg [--line A|B] ID',
  summary: 'print a stored game as GCG',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { line: 'value' });
    const id = onePositional(positionals, 'the game id');
    return withRefusals(io, async (get) => {
      io.out(await get(GameSheetsService).gcg(SYSTEM_ACTOR, id, { line: options.line }));
      return 0;
    });
  },
};

export const checkCommand: Command = {
  name: 'check',
  usage: 'check',
  summary: 'replay every stored game through the rules core and report any difference from the database (exit 1 if any)',
  async run(io) {
    parseOptions(io.args, {});
    return withServices(io, async (get) => {
      const report = await get(GameCheckService).check();
      for (const p of report.problems) io.err(`${p.gameId}: ${p.problem}\n`);
      io.out(jsonLine({ games: report.games, moves: report.moves, problems: report.problems }));
      return report.problems.length === 0 ? 0 : 1;
    });
  },
};
