import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMessages } from '../views.service';
import { boardModel } from './game-board';
import { END_REASONS } from './game-page';
import { getTileSet } from '../../engine';

// Keys the player pages compute at run time ({{t premiumKey}}, {{t stateKey}}, {{t done}}):
// a template scan cannot see them, so they are checked here in both languages.
describe('player page messages', () => {
  const messages = loadMessages();
  const has = (key: string) => Boolean(messages[key]?.ro && messages[key]?.en);

  it('name every premium square, long and short', () => {
    const keys = new Set(
      boardModel({ board: Array(15).fill('.'.repeat(15)) }, getTileSet('ro'))
        .flatMap((r) => r.cells)
        .flatMap((c) => [c.premiumKey, c.premiumShortKey])
        .filter((k): k is string => k !== null),
    );
    expect(keys.size).toBe(8);
    for (const key of keys) expect(has(key)).toBe(true);
  });

  it('name every state of my games and every action done', () => {
    for (const state of ['yourMove', 'theirMove', 'answerContest', 'ruling', 'ended']) expect(has(`player.state.${state}`)).toBe(true);
    for (const reason of END_REASONS) expect(has(`player.end.${reason}`)).toBe(true);
    // The game page's forms, in its two controllers over one form frame (game-forms.service.ts).
    const controllers = ['game-pages.controller.ts', 'game-agreements.controller.ts']
      .map((f) => readFileSync(join(__dirname, f), 'utf8'))
      .join('\n');
    const done = [...controllers.matchAll(/this\.forms\.act\(actor, id, req, res, '([a-z-]+)'/g)].map((m) => m[1]);
    expect(done.length).toBeGreaterThanOrEqual(12);
    for (const d of done) expect(has(`player.done.${d}`)).toBe(true);
  });
});
