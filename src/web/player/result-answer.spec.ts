import type { ResultView } from '../../games/model/result-view';
import { resultAnswer } from './result-answer';

// A game ended on 1 February 2027: the players confirm or object through 6 February inclusive.
const result = (over: Partial<ResultView> = {}): ResultView => ({
  gameId: 'g',
  status: 'proposed',
  outcome: { type: 'normal' } as never,
  scores: { red: 400, blue: 380 },
  coefficients: { red: 1.5128, blue: 0.4872 },
  automatic: false,
  dueOn: '2027-02-06',
  confirmed: { red: false, blue: false },
  confirmedAt: { red: null, blue: null },
  objections: [],
  homologatedAt: null,
  ...over,
});

describe('the final sheet on the player page (docs/rules.md §7)', () => {
  it("offers the form through the window's last day", () => {
    expect(resultAnswer(result(), 'red', 'ro', '2027-02-01')).toEqual({ canConfirm: true, answerClosedOn: null, myAnswer: null });
    expect(resultAnswer(result(), 'red', 'ro', '2027-02-06')).toMatchObject({ canConfirm: true, answerClosedOn: null });
  });

  it('says on which day the window closed instead of offering the form, in the page language', () => {
    expect(resultAnswer(result(), 'blue', 'ro', '2027-02-07')).toEqual({ canConfirm: false, answerClosedOn: '06.02.2027', myAnswer: null });
    expect(resultAnswer(result(), 'blue', 'en', '2027-03-01')).toEqual({ canConfirm: false, answerClosedOn: '2027-02-06', myAnswer: null });
  });

  it('shows the answer given, not the closed window, to a player who answered in time', () => {
    const answered = result({
      confirmed: { red: false, blue: true },
      confirmedAt: { red: null, blue: '2027-02-02T10:00:00Z' },
      objections: [{ color: 'red', text: 'Lipsește o mutare.', at: '2027-02-03T10:00:00Z' }],
    });
    const closed = { canConfirm: false, answerClosedOn: null };
    const confirmed = { confirmedOn: '02.02.2027', objections: [] };
    expect(resultAnswer(answered, 'blue', 'ro', '2027-02-09')).toEqual({ ...closed, myAnswer: confirmed });
    expect(resultAnswer(answered, 'red', 'ro', '2027-02-09')).toMatchObject({ ...closed, myAnswer: { confirmedOn: null } });
  });

  it('offers nothing once the result is homologated, nor to someone who does not play the game', () => {
    const nothing = { canConfirm: false, answerClosedOn: null, myAnswer: null };
    expect(resultAnswer(result({ status: 'homologated' }), 'red', 'ro', '2027-02-09')).toEqual(nothing);
    expect(resultAnswer(result({ status: 'homologated' }), 'red', 'ro', '2027-02-03')).toEqual(nothing);
    expect(resultAnswer(result(), null, 'ro', '2027-02-09')).toEqual(nothing);
  });
});
