import { badInput, joinMessages } from './bad-input';

describe('wording a refusal of the arbiter’s input', () => {
  it('joins the problems in each language, after a head when given', () => {
    const problems = [
      { ro: 'unu', en: 'one' },
      { ro: 'doi', en: 'two' },
    ];
    expect(joinMessages(problems)).toEqual({ ro: 'unu; doi.', en: 'one; two.' });
    expect(joinMessages(problems, 'Refused:', 'Refuzat:')).toEqual({ ro: 'Refuzat: unu; doi.', en: 'Refused: one; two.' });
  });

  it('is a 400 BAD_INPUT', () => {
    expect(badInput({ ro: 'r', en: 'e' })).toMatchObject({ code: 'BAD_INPUT', status: 400, messages: { ro: 'r', en: 'e' } });
  });
});
