import type { Command } from './command';

/**
 * Every CLI command, by the module that defines it. A module is loaded only when one of
 * its commands runs, so `coefficients` does not pay for Nest and TypeORM.
 */
export interface CommandModule {
  /** The names of the commands the module defines (a spec keeps them in step). */
  readonly names: readonly string[];
  load(): Promise<readonly Command[]>;
}

export const commandModules: readonly CommandModule[] = [
  {
    names: ['version', 'migrate'],
    load: async () => {
      const m = await import('./platform.commands');
      return [m.versionCommand, m.migrateCommand];
    },
  },
  {
    names: ['replay', 'coefficients', 'sheet', 'gcg'],
    load: async () => (await import('./rules.commands')).rulesCommands,
  },
  {
    names: ['analyse'],
    load: async () => [(await import('./analyse.commands')).analyseCommand],
  },
  {
    names: ['competition create', 'competition start', 'player confirm-address'],
    load: async () => {
      const m = await import('./competitions.commands');
      return [m.competitionCreateCommand, m.competitionStartCommand, m.playerConfirmAddressCommand];
    },
  },
  {
    names: ['admin api-key', 'admin api-key list', 'admin api-key revoke', 'admin login-link'],
    load: async () => {
      const m = await import('./auth.commands');
      return [m.adminApiKeyCommand, m.adminApiKeyListCommand, m.adminApiKeyRevokeCommand, m.adminLoginLinkCommand];
    },
  },
  {
    names: ['competition standings'],
    load: async () => [(await import('./standings.commands')).competitionStandingsCommand],
  },
  {
    names: ['pair', 'standings', 'export-tsh', 'cupa'],
    load: async () => {
      const m = await import('./tournaments.commands');
      return [m.pairCommand, m.standingsCommand, m.exportTshCommand, m.cupaCommand];
    },
  },
  {
    names: ['ranking show', 'ranking recompute', 'ranking method'],
    load: async () => {
      const m = await import('./ranking.commands');
      return [m.rankingShowCommand, m.rankingRecomputeCommand, m.rankingMethodCommand];
    },
  },
  {
    names: ['demo'],
    load: async () => [(await import('./demo.commands')).demoCommand],
  },
  {
    names: ['sweep'],
    load: async () => [(await import('./sweep.commands')).sweepCommand],
  },
  {
    names: ['rehearsal advance', 'rehearsal clock'],
    load: async () => {
      const m = await import('./rehearsal.commands');
      return [m.rehearsalAdvanceCommand, m.rehearsalClockCommand];
    },
  },
  {
    names: ['game sheet', 'game gcg', 'check'],
    load: async () => {
      const m = await import('./games.commands');
      return [m.gameSheetCommand, m.gameGcgCommand, m.checkCommand];
    },
  },
];

/** Every command, all modules loaded: for help and tests. */
export async function loadAllCommands(): Promise<Command[]> {
  return (await Promise.all(commandModules.map((m) => m.load()))).flat();
}
