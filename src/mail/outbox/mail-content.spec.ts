import { sampleModel } from '../templates/testing/sample-models';
import { renderMailContent } from './mail-content';

describe('the body of an outbox row (docs/mail-rules.md 19)', () => {
  it("renders a view-model payload with the templates, in the player's language", () => {
    const model = sampleModel('your-move', 'ro');
    const content = renderMailContent('your-move', 'ro', model as never);
    expect(content.html).toBeDefined();
    expect(content.text).toContain(model.game.red);
  });

  it('lists any other payload plainly rather than hold the mail back', () => {
    const content = renderMailContent('your-move', 'en', { gameId: 'g', turn: 3 });
    expect(content.html).toBeUndefined();
    expect(content.text).toContain('turn: 3');
  });
});
