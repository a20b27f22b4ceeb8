import { MAX_PLAYERS, parseTournamentJson } from './tournament-input';

const players = [
  { id: 1, name: 'Ana' },
  { id: 'b', name: 'Bogdan', club: 'CS Arad', rating: 1700 },
];
const parse = (value: unknown) => parseTournamentJson(JSON.stringify(value));

describe('a tournament in rounds read from JSON', () => {
  it('takes the contract of the CLI, rounds and settings optional', () => {
    expect(parse({ players })).toMatchObject({ ok: true, tournament: { players, rounds: [], settings: {} } });
    const rounds = [[{ red: 1, blue: 'b', result: { kind: 'time', loser: 'red' } }]];
    expect(parse({ players, rounds, settings: { clubRule: true, gibson: true, prizePlaces: 3 } })).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', '{', /^not JSON/],
    ['an unknown field', JSON.stringify({ players, extra: 1 }), /^extra: unknown field$/],
    ['an id twice', JSON.stringify({ players: [...players, { id: 1, name: 'X' }] }), /^players\[2\]\.id: 1 is given twice$/],
    ['an unknown player', JSON.stringify({ players, rounds: [[{ bye: 7 }]] }), /^rounds\[0\]\[0\]\.bye: no player has the id 7$/],
    ['a player twice in a round', JSON.stringify({ players, rounds: [[{ red: 1, blue: 1 }]] }), /is in round 1 twice$/],
    [
      'a no-show without its loser',
      JSON.stringify({ players, rounds: [[{ red: 1, blue: 'b', result: { kind: 'no-show' } }]] }),
      /names the loser$/,
    ],
    [
      'a normal result without scores',
      JSON.stringify({ players, rounds: [[{ red: 1, blue: 'b', result: { kind: 'normal', red: 3 } }]] }),
      /both scores/,
    ],
    [
      'an unknown kind',
      JSON.stringify({ players, rounds: [[{ red: 1, blue: 'b', result: { kind: 'walkover' } }]] }),
      /kind: expected one of/,
    ],
    [
      'too many players',
      JSON.stringify({ players: Array.from({ length: MAX_PLAYERS + 1 }, (_, i) => ({ id: i, name: `P${i}` })) }),
      /^players: more than 1000$/,
    ],
  ])('refuses %s, naming the field', (_what, text, message) => {
    const parsed = parseTournamentJson(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
