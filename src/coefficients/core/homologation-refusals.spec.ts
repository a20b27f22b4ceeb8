import { answerRefusal } from './homologation-refusals';

describe('the refusal of a late confirmation or objection (docs/rules.md §7)', () => {
  it("has its own code and names the window's last day in each language", () => {
    const refusal = answerRefusal('window-closed', '2027-02-06');
    expect({ code: refusal.code, status: refusal.getStatus() }).toEqual({ code: 'CONFIRMATION_WINDOW_CLOSED', status: 409 });
    expect(refusal.messages.ro).toContain('s-a încheiat pe 06.02.2027');
    expect(refusal.messages.en).toContain('ended on 2027-02-06');
    expect(refusal.messages.ro).not.toMatch(/\b(the|window|closed|confirm|object)\b/i);
  });

  it('says a homologated result is homologated', () => {
    expect(answerRefusal('already-homologated', '2027-02-06').code).toBe('NOT_ALLOWED_NOW');
  });
});
