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

  it('joins the Polish too, each problem without it read in English, after the Polish head', () => {
    const problems = [
      { ro: 'unu', en: 'one', pl: 'jeden' },
      { ro: 'doi', en: 'two' },
    ];
    expect(joinMessages(problems, 'Refused:', 'Refuzat:', 'Odrzucone:')).toEqual({
      ro: 'Refuzat: unu; doi.',
      en: 'Refused: one; two.',
      pl: 'Odrzucone: jeden; two.',
    });
    expect(joinMessages([{ ro: 'unu', en: 'one' }])).not.toHaveProperty('pl');
  });

  it('is a 400 BAD_INPUT', () => {
    expect(badInput({ ro: 'r', en: 'e' })).toMatchObject({ code: 'BAD_INPUT', status: 400, messages: { ro: 'r', en: 'e' } });
  });
});
