import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { addDays } from '../../common/calendar';
import { CLOSING_DATE_PASSED, closingDateRefusal, isPlayAction, requirePlayOpen } from './closing-guard';

const closing = '2027-06-30';
const PLAY = ['move', 'arbiter-move', 'pass', 'offer', 'offer-accept', 'offer-decline', 'contest', 'admit', 'appeal'];
// What stays open after the closing date: the claim the procedure waits on, and leaving the game.
const NOT_PLAY = ['claim', 'abandon', 'long-thinking', 'ruling', 'import', 'holiday'];

describe('the closing-date guard (docs/rules.md §5, §7; docs/rules.md)', () => {
  it('refuses every move, pass, offer and contest after the closing date, with its code and the date', () => {
    for (const action of PLAY) {
      const refusal = closingDateRefusal(action, { day: '2027-07-01', closing, playing: true });
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal!.code).toBe(CLOSING_DATE_PASSED);
      expect(refusal!.getStatus()).toBe(409);
      expect(refusal!.messages.ro).toContain('30.06.2027');
      expect(refusal!.messages.en).toContain('2027-06-30');
      expect(refusal!.details).toEqual({ action, closingDate: closing });
      expect(() => requirePlayOpen(action, { day: '2027-07-01', closing, playing: true })).toThrow(refusal!.messages.en);
    }
  });

  it('names the action refused, in Romanian and English', () => {
    const words = (action: string) => closingDateRefusal(action, { day: '2027-07-02', closing, playing: true })!.messages;
    expect(words('move').ro).toMatch(/^Mutarea /);
    expect(words('pass').ro).toMatch(/^Pasul /);
    expect(words('offer').en).toMatch(/^The offer /);
    expect(words('contest').ro).toMatch(/^Contestația /);
  });

  it('lets play go on through the closing day, and leaves other actions and ended games alone (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAY, ...NOT_PLAY), fc.integer({ min: -60, max: 60 }), fc.boolean(), (action, offset, playing) => {
        const refusal = closingDateRefusal(action, { day: addDays(closing, offset), closing, playing });
        expect(refusal !== null).toBe(playing && isPlayAction(action) && offset > 0);
      }),
    );
    for (const action of NOT_PLAY) expect(isPlayAction(action)).toBe(false);
    expect(isPlayAction('toString')).toBe(false);
  });
});
