import { badInput, joinMessages } from './bad-input';

describe('wording a refusal of the arbiter’s input', () => {
  it('joins the problems in each language, after a head when given', () => {
    const problems = [
      { ro: 'unu', en: 'one', pl: 'jeden' },
      { ro: 'doi', en: 'two', pl: 'dwa' },
    ];
    expect(joinMessages(problems)).toEqual({ ro: 'unu; doi.', en: 'one; two.', pl: 'jeden; dwa.' });
    expect(joinMessages(problems, 'Refused:', 'Refuzat:', 'Odrzucono:')).toEqual({
      ro: 'Refuzat: unu; doi.',
      en: 'Refused: one; two.',
      pl: 'Odrzucono: jeden; dwa.',
    });
  });

  it('joins the Polish too, after the Polish head', () => {
    const problems = [
      { ro: 'unu', en: 'one', pl: 'jeden' },
      { ro: 'doi', en: 'two', pl: 'dwa' },
    ];
    expect(joinMessages(problems, 'Refused:', 'Refuzat:', 'Odrzucone:')).toEqual({
      ro: 'Refuzat: unu; doi.',
      en: 'Refused: one; two.',
      pl: 'Odrzucone: jeden; dwa.',
    });
  });

  it('is a 400 BAD_INPUT', () => {
    expect(badInput({ ro: 'r', en: 'e', pl: 'p' })).toMatchObject({
      code: 'BAD_INPUT',
      status: 400,
      messages: { ro: 'r', en: 'e', pl: 'p' },
    });
  });
});
