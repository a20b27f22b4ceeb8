import { findCommandName } from '../cli';
import { commandModules } from './commands';

describe('the command registry', () => {
  it.each(commandModules.map((m) => [m.names.join(', '), m] as const))('names exactly what %s loads', async (_, module) => {
    const loaded = await module.load();
    expect(loaded.map((c) => c.name).sort()).toEqual([...module.names].sort());
  });

  it('has no name twice', () => {
    const names = commandModules.flatMap((m) => m.names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('prefers the longest matching name', () => {
    const names = ['competition', 'competition create', 'check'];
    expect(findCommandName(['competition', 'create', 'x.yaml'], names)).toBe('competition create');
    expect(findCommandName(['competition', 'x'], names)).toBe('competition');
    expect(findCommandName(['nothing'], names)).toBeUndefined();
  });
});
