// The scaffold every command shares: arguments parsed and checked before the action runs, and
// the action's status as the exit status (0 when it returns nothing).
import { BadInputError, type CommandIo } from './command';
import { defineCommand } from './define-command';

function io(args: string[]): CommandIo & { printed: string[] } {
  const printed: string[] = [];
  return { args, env: {}, stdin: process.stdin, out: (text) => void printed.push(text), err: () => undefined, printed };
}

describe('defineCommand', () => {
  const names = { name: 'x', usage: 'x [--to DAY] [--force] ID', summary: 'a command' };

  it('gives the action the parsed options, and exits 0 when the action returns nothing', async () => {
    const command = defineCommand({
      ...names,
      options: { to: 'value', force: 'flag' },
      async run({ options, positionals }, out) {
        out.out(`${options.to} ${options.force} ${positionals.join(',')}`);
      },
    });
    const run = io(['--to', '-5', 'g-1', '--force']);
    await expect(command.run(run)).resolves.toBe(0);
    expect(run.printed).toEqual(['-5 true g-1']);
    expect(command).toMatchObject(names);
  });

  it("returns the action's own status", async () => {
    await expect(defineCommand({ ...names, run: async () => 1 }).run(io([]))).resolves.toBe(1);
  });

  it('checks the arguments with input before the action, which never runs on unusable ones', async () => {
    const ran: string[] = [];
    const command = defineCommand({
      ...names,
      options: { to: 'value' },
      input({ options }) {
        if (options.to === undefined) throw new BadInputError('--to is required');
        return options.to;
      },
      async run(to) {
        ran.push(to);
      },
    });
    await expect(command.run(io([]))).rejects.toThrow(new BadInputError('--to is required'));
    await expect(command.run(io(['--from', 'x']))).rejects.toThrow(new BadInputError('unknown option --from'));
    expect(ran).toEqual([]);
    await expect(command.run(io(['--to', '2027-03-01']))).resolves.toBe(0);
    expect(ran).toEqual(['2027-03-01']);
  });

  it('without options parses nothing: every argument is a positional, as given', async () => {
    const seen: (readonly string[])[] = [];
    const command = defineCommand({ ...names, input: ({ positionals }) => positionals, run: async (args) => void seen.push(args) });
    await command.run(io(['--help', '--', 'a']));
    expect(seen).toEqual([['--help', '--', 'a']]);
  });
});
