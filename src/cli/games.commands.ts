import { SYSTEM_ACTOR } from '../auth/core/actor';
import { GameCheckService } from '../games/reads/game-check.service';
import { GameSheetsService } from '../games/reads/game-sheets.service';
import { serviceCommand } from './cli-services';
import { jsonLine } from './command';
import { choiceOption, onePositional } from './options';

export const gameSheetCommand = serviceCommand({
  name: 'game sheet',
  usage: 'game sheet [--language ro|en|pl] [--line A|B] ID',
  summary: 'print a stored game as its text game sheet (docs/rules.md §8)',
  options: { language: 'value', line: 'value' },
  input: ({ options, positionals }) => ({
    id: onePositional(positionals, 'the game id'),
    language: choiceOption('language', options.language, ['ro', 'en', 'pl'] as const),
    line: options.line,
  }),
  async run({ id, language, line }, get, io) {
    io.out(await get(GameSheetsService).sheet(SYSTEM_ACTOR, id, { language, line }));
  },
});

export const gameGcgCommand = serviceCommand({
  name: 'game gcg',
  usage: 'game gcg [--line A|B] ID',
  summary: 'print a stored game as GCG',
  options: { line: 'value' },
  input: ({ options, positionals }) => ({ id: onePositional(positionals, 'the game id'), line: options.line }),
  async run({ id, line }, get, io) {
    io.out(await get(GameSheetsService).gcg(SYSTEM_ACTOR, id, { line }));
  },
});

export const checkCommand = serviceCommand({
  name: 'check',
  usage: 'check',
  summary: 'replay every stored game through the rules core and report any difference from the database (exit 1 if any)',
  options: {},
  printRefusals: false,
  async run(_args, get, io) {
    const report = await get(GameCheckService).check();
    for (const p of report.problems) io.err(`${p.gameId}: ${p.problem}\n`);
    io.out(jsonLine({ games: report.games, moves: report.moves, problems: report.problems }));
    return report.problems.length === 0 ? 0 : 1;
  },
});
