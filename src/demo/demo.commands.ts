import { BadInputError, type Command } from '../cli/command';
import { parseOptions } from '../cli/options';
import { parseSettings } from '../config/settings';
import { printRefusal, withServices } from '../competitions/cli-services';
import { DemoModule } from './demo.module';
import { DemoService } from './demo.service';

/** `demo [--force]`: a demo competition in the database, and login links to look at it. */
export const demoCommand: Command = {
  name: 'demo',
  usage: 'demo [--force]',
  summary: 'fill an empty database with a demo competition (six players, games at every stage) and print login links',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { force: 'flag' });
    if (positionals.length) throw new BadInputError('usage: demo [--force]');
    const settings = parseSettings(io.env);
    return withServices(io, async (get) => {
      let demo;
      try {
        demo = await get(DemoService).fill({ force: options.force === true });
      } catch (error) {
        return printRefusal(io, error);
      }
      io.out(`Demo competition: ${settings.publicUrl}/arbiter/competitions/${demo.competitionId} (${demo.games} games)\n`);
      for (const login of demo.logins) io.out(`  ${login.who} <${login.email}>: ${login.url}\n`);
      io.out('Each link works once, within 15 minutes; `admin login-link --email ADDRESS` gives another.\n');
      return 0;
    }, { features: [DemoModule] });
  },
};
