import { tshFile } from './tsh-export';
import { ratedPlayers, tournamentOf } from './testing/tournaments';

describe('the tsh .t export (docs/rules.md §11.5)', () => {
  it('writes one line per player: name, rating, opponents, a semicolon, scores', () => {
    const players = [...ratedPlayers(4), { id: 5, name: 'Pop; Ion' }];
    const text = tshFile(
      tournamentOf(players, [
        [
          { red: 1, blue: 2, result: { kind: 'normal', red: 412, blue: 380 } },
          { red: 3, blue: 4, result: { kind: 'no-show-excused', loser: 'blue' } },
          { bye: 5 },
        ],
        [
          { red: 5, blue: 1, result: { kind: 'time', loser: 'blue' } },
          { red: 2, blue: 3, result: { kind: 'draw-arbiter' } },
        ],
        [{ red: 1, blue: 3 }],
      ]),
    );
    expect(text).toBe(
      [
        'P0001 3000 2 5 3; 412 0',
        'P0002 2999 1 3 0; 380 0 0',
        'P0003 2998 0 2 1; 75 0',
        'P0004 2997 0 0 0; -75 0 0',
        'Pop Ion 0 0 1 0; 75 50 0',
        '',
      ].join('\n'),
    );
  });

  it('is empty for a tournament with no players', () => {
    expect(tshFile(tournamentOf([]))).toBe('');
  });
});
