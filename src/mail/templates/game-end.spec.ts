import type { GameEndModel } from '../../notifications/models/models';
import { renderMail } from './render';
import { sampleModels } from './testing/sample-models';

const WORDS = {
  ro: { recorded: 'mutarea dumneavoastră a fost înregistrată', over: 'Partida s-a încheiat', yours: 'MUTAREA DUMNEAVOASTRĂ', last: 'ULTIMA MUTARE', later: 'Vă scriem când', final: 'Scor final' },
  en: { recorded: 'your move was recorded', over: 'The game is over', yours: 'YOUR MOVE', last: 'LAST MOVE', later: 'We will write when', final: 'Final score' },
} as const;

/** The move that ended the game is confirmed by the game-end mail, with the final scores. */
describe.each(['ro', 'en'] as const)('the game-end mail in %s', (language) => {
  const words = WORDS[language];
  const mover = sampleModels(language)['game-end'];
  const move = mover.lastMove!;
  const text = (model: GameEndModel) => renderMail('game-end', language, model).text;

  it("to the mover: their move's confirmation, the move and its score, the scores after the rack adjustment, no promise to write", () => {
    const mail = renderMail('game-end', language, mover);
    expect(mail.text.split('\n')[0]).toContain(`${language === 'ro' ? 'Turul' : 'Round'} ${move.tour}: ${words.recorded}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(move.notation);
      expect(part).toContain(String(move.score));
      expect(part).not.toContain(words.later);
      // The running total after the move would be the score before the rack adjustment.
      expect(part).not.toMatch(language === 'ro' ? /Total .*: (<strong>)?\d/ : /'s total: (<strong>)?\d/);
    }
    expect(mail.text).toContain(words.yours);
    expect(mail.text).toMatch(new RegExp(`${words.final}\\s+${mover.scores.red}\\s+${mover.scores.blue}`));
  });

  it('to the partner: the game is over, with the last move', () => {
    const partner: GameEndModel = { ...mover, you: move.player === 'red' ? 'blue' : 'red', yours: undefined };
    const mail = text(partner);
    expect(mail.split('\n')[0]).toContain(words.over);
    expect(mail).not.toContain(words.recorded);
    expect(mail).toContain(words.last);
    expect(mail).toContain(move.notation);
  });

  it('a game ended off the board (a resignation) names no move', () => {
    const mail = text({ ...mover, reason: 'abandon', by: 'blue', lastMove: undefined, yours: undefined });
    expect(mail.split('\n')[0]).toContain(words.over);
    expect(mail).not.toContain(words.last);
    expect(mail).not.toContain(words.yours);
  });
});
