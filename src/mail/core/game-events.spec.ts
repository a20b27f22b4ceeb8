import { liveOf, type GameSnapshot } from './game-events';

const position = { board: { rows: ['A'] }, sequence: { tiles: 'AB', takenBy: 'r.' }, totals: { red: 3, blue: 0 }, tilesLeft: 1 };

describe('the live lines a player sees in a snapshot', () => {
  it('are the shared line with their own rack', () => {
    const snap: Pick<GameSnapshot, 'live' | 'shared'> = { shared: { lines: [{ position, racks: { red: 'AB?', blue: 'CD' } }] } };
    expect(liveOf(snap, 'red')).toEqual({ position: { ...position, rack: 'AB?' } });
    expect(liveOf(snap, 'blue')).toEqual({ position: { ...position, rack: 'CD' } });
  });

  it('are lines A and B while two are live, each with the player’s rack of that line', () => {
    const snap: Pick<GameSnapshot, 'live' | 'shared'> = {
      shared: {
        lines: [
          { label: 'A', position, racks: { red: 'A', blue: 'B' } },
          { label: 'B', position: { ...position, tilesLeft: 2 }, racks: { red: 'C', blue: 'D' } },
        ],
      },
    };
    expect(liveOf(snap, 'blue')).toEqual({
      lines: [
        { label: 'A', position: { ...position, rack: 'B' } },
        { label: 'B', position: { ...position, tilesLeft: 2, rack: 'D' } },
      ],
    });
  });

  it('are what an event written before the shared lines kept for the player', () => {
    const red = { position: { ...position, rack: 'XY' } };
    const snap: Pick<GameSnapshot, 'live' | 'shared'> = { live: { red, blue: { position: { ...position, rack: 'Z' } } } };
    expect(liveOf(snap, 'red')).toEqual(red);
  });
});
