// `pair` under the small-field systems and `cupa` (docs/rules.md §11.3, §11.7) run in-process
// through the real CLI runner: JSON in on stdin, JSON out, the exit status.
import { cliRun } from './testing/run-cli';

const players = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `Player ${id}`, rating: 2000 - id, club: id <= 3 ? 'Atlantis' : 'Elite' }));

describe('pair --system guelph|nast|chew', () => {
  it('pairs round 1 of each, and names the refusal of a field Guelph does not take', async () => {
    const guelph = await cliRun(['pair', '--system', 'guelph', '-'], JSON.stringify({ players }));
    expect(guelph.status).toBe(0);
    // Clark's first round on the rating list: 1–6, 2–5, 3–4.
    expect(JSON.parse(guelph.out).pairs.map((p: number[]) => [...p].sort())).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
    expect((await cliRun(['pair', '--system', 'nast', '-'], JSON.stringify({ players }))).status).toBe(0);
    expect(JSON.parse((await cliRun(['pair', '--system', 'chew', '-'], JSON.stringify({ players }))).out)).toMatchObject({
      round: 1,
      bye: null,
    });
    const seven = await cliRun(['pair', '--system', 'guelph', '-'], JSON.stringify({ players: [...players, { id: 7, name: 'Player 7' }] }));
    expect(seven.status).toBe(1);
    expect(JSON.parse(seven.out).error.code).toBe('GUELPH_FIELD');
  });
});

describe('cupa', () => {
  it('prints the players’ and the clubs’ standings of a series of events', async () => {
    const series = {
      players,
      events: [
        { name: 'Duplicat clasic', standings: [1, 4, 2, 5, 3, 6].map((id, i) => ({ id, place: i + 1 })) },
        {
          name: 'Libere',
          standings: [{ id: 4, place: 1, points: 6, spread: 400, games: 6 }, ...[1, 2, 3, 5].map((id, i) => ({ id, place: i + 2 }))],
        },
      ],
    };
    const run = await cliRun(['cupa', '-'], JSON.stringify(series));
    expect(run).toMatchObject({ status: 0, err: '' });
    const result = JSON.parse(run.out);
    expect(result.players.slice(0, 2)).toEqual([
      { id: 1, name: 'Player 1', club: 'Atlantis', place: 1, points: 19, events: [10, 9] },
      { id: 4, name: 'Player 4', club: 'Elite', place: 1, points: 19, events: [9, 10] }, // equal on every criterion: a shared place
    ]);
    expect(result.players.find((p: { id: number }) => p.id === 6).events).toEqual([5, null]);
    expect(result.clubs).toEqual([
      { club: 'Atlantis', place: 1, points: 10 + 8 + 6 + (9 + 8 + 7), events: [24, 24] },
      { club: 'Elite', place: 2, points: 9 + 7 + 5 + (10 + 6), events: [21, 16] },
    ]);
    expect(result.clubsAwarded).toBe(false);
  });

  it('refuses unusable input with BAD_INPUT naming the field, exit 2', async () => {
    const run = await cliRun(['cupa', '-'], JSON.stringify({ players, events: [{ name: 'A', standings: [{ id: 9, place: 1 }] }] }));
    expect(run.status).toBe(2);
    expect(JSON.parse(run.out)).toEqual({ error: { code: 'BAD_INPUT', message: 'events[0].standings[0].id: no player has the id 9' } });
  });
});
