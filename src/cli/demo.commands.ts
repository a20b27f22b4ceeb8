import { DemoModule } from '../demo/demo.module';
import { DemoService } from '../demo/demo.service';
import { serviceCommand } from './cli-services';
import { BadInputError } from './command';

/** `demo [--force]`: a demo competition in the database, and login links to look at it. */
export const demoCommand = serviceCommand({
  name: 'demo',
  usage: 'demo [--force]',
  summary: 'fill an empty database with a demo competition (six players, games at every stage) and print login links',
  options: { force: 'flag' },
  features: [DemoModule],
  input({ options, positionals }) {
    if (positionals.length) throw new BadInputError('usage: demo [--force]');
    return { force: options.force === true };
  },
  async run({ force }, get, io, settings) {
    const demo = await get(DemoService).fill({ force });
    io.out(`Demo competition: ${settings.publicUrl}/arbiter/competitions/${demo.competitionId} (${demo.games} games)\n`);
    for (const login of demo.logins) io.out(`  ${login.who} <${login.email}>: ${login.url}\n`);
    io.out('Each link works once, within 15 minutes; `admin login-link --email ADDRESS` gives another.\n');
  },
});
