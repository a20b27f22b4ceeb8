import fc from 'fast-check';
import type { Actor, Role } from '../../auth/core/actor';
import { addressConfirmationState, mayEditIdentity, planImport, type ListedFacts, type ListedPlayer } from './player-identity';

const arbiter = (userId: string, roles: Role[] = ['arbiter']): Actor => ({ kind: 'user', userId, roles });

describe('mayEditIdentity', () => {
  it('lets the operator and admins change anyone', () => {
    expect(mayEditIdentity({ kind: 'system' }, ['a', 'b'])).toBe(true);
    expect(mayEditIdentity(arbiter('x', ['admin']), ['a', 'b'])).toBe(true);
  });

  it('lets an arbiter change only a player who plays in nothing but their competitions', () => {
    expect(mayEditIdentity(arbiter('a'), [])).toBe(true);
    expect(mayEditIdentity(arbiter('a'), ['a', 'a'])).toBe(true);
    expect(mayEditIdentity(arbiter('a'), ['a', 'b'])).toBe(false);
    expect(mayEditIdentity(arbiter('a'), ['b'])).toBe(false);
  });
});

const current: ListedFacts = { name: 'Ana Pop', club: 'CS Arad', language: 'ro', previousCoefficient: 15000, previousRank: 2 };
const listed = (over: Partial<ListedPlayer> = {}): ListedPlayer => ({ ...current, emails: ['a@p.example'], ...over });

describe('planImport', () => {
  it('the review’s hijack: a foreign arbiter’s line renames nobody and only adds the address, unverified', () => {
    const plan = planImport(
      current,
      listed({ name: 'Hijacked', club: null, language: 'en', emails: ['a@p.example', 'evil@attacker.example'] }),
      new Set(['a@p.example']),
      false,
    );
    expect(plan.updates).toEqual({});
    expect(plan.unchanged).toEqual({ name: 'Hijacked', club: null, language: 'en' });
    expect(plan.renamedFrom).toBeNull();
    expect(plan.newAddresses).toEqual(['evil@attacker.example']);
  });

  it('the player’s own arbiter may rename them, and the old name is kept for the announcement', () => {
    const plan = planImport(current, listed({ name: 'Ana Popescu' }), new Set(['a@p.example']), true);
    expect(plan.updates).toEqual({ name: 'Ana Popescu' });
    expect(plan.unchanged).toEqual({});
    expect(plan.renamedFrom).toBe('Ana Pop');
  });

  it('an empty coefficient or rank cell never clears what the player has', () => {
    const plan = planImport(current, listed({ previousCoefficient: null, previousRank: null }), new Set(['a@p.example']), true);
    expect(plan.updates).toEqual({});
  });

  it('changes nothing when the line says what the player already is', () => {
    const plan = planImport(current, listed(), new Set(['a@p.example']), false);
    expect(plan).toEqual({ updates: {}, unchanged: {}, renamedFrom: null, newAddresses: [] });
  });

  it('for any line: what is written and what is left unchanged never overlap, and a foreign arbiter writes nothing', () => {
    const facts = fc.record({
      name: fc.constantFrom('Ana', 'Ion', 'Maria'),
      club: fc.constantFrom(null, 'CS Arad', 'CSM Iași'),
      language: fc.constantFrom('ro' as const, 'en' as const),
      previousCoefficient: fc.option(fc.integer({ min: 0, max: 20000 })),
      previousRank: fc.option(fc.integer({ min: 1, max: 99 })),
    });
    fc.assert(
      fc.property(facts, facts, fc.boolean(), fc.subarray(['a@x.example', 'b@x.example', 'c@x.example']), (now, line, mayEdit, emails) => {
        const known = new Set(['a@x.example']);
        const plan = planImport(
          { ...now, previousCoefficient: now.previousCoefficient ?? 1, previousRank: now.previousRank ?? 1 },
          { ...line, emails },
          known,
          mayEdit,
        );
        const written = Object.keys(plan.updates);
        for (const key of Object.keys(plan.unchanged)) expect(written).not.toContain(key);
        if (!mayEdit) expect(plan.updates).toEqual({});
        if (plan.renamedFrom !== null) expect(plan.updates.name).toBe(line.name);
        for (const a of plan.newAddresses) expect(known.has(a)).toBe(false);
      }),
    );
  });
});

describe('addressConfirmationState', () => {
  const now = new Date('2027-01-10T09:00:00Z');
  it('is valid until it expires, and unknown once verified or without a link', () => {
    expect(addressConfirmationState({ verified: false, confirmExpiresAt: new Date('2027-01-11T00:00:00Z') }, now)).toBe('valid');
    expect(addressConfirmationState({ verified: false, confirmExpiresAt: new Date('2027-01-10T09:00:00Z') }, now)).toBe('expired');
    expect(addressConfirmationState({ verified: true, confirmExpiresAt: null }, now)).toBe('unknown');
    expect(addressConfirmationState({ verified: false, confirmExpiresAt: null }, now)).toBe('unknown');
    expect(addressConfirmationState(null, now)).toBe('unknown');
  });
});
