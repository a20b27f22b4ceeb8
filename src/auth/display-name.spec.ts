import { personName } from './display-name';

describe('personName (a user is shown by name, never by address)', () => {
  it('keeps a display name', () => {
    expect(personName('Ana Ionescu')).toBe('Ana Ionescu');
    expect(personName('  Ștefan Țurcanu ')).toBe('Ștefan Țurcanu');
  });

  it('makes a name of an address used as display name', () => {
    expect(personName('admin@localhost')).toBe('Admin');
    expect(personName('ion.popescu@frs.ro')).toBe('Ion Popescu');
    expect(personName('arbitru_sef@x.ro')).toBe('Arbitru Sef');
  });

  it('is empty for no user', () => {
    expect(personName(null)).toBe('');
    expect(personName(undefined)).toBe('');
  });
});
