import { Refusal } from '../../common/refusal';
import {
  checkAnnouncement,
  checkNamedWords,
  challengeSucceeds,
  parseCommand,
  protocolOutcome,
  requireMoment,
  requirePart,
  timeIsOver,
  usedAt,
  type AttemptFacts,
} from './record-rules';
import { fixSequence, sequenceFromSeed } from './record-sequence';

const facts: AttemptFacts = {
  status: 'announced',
  playerUserId: 'p',
  committee: ['a', 'b'],
  plannedDay: '2027-03-01',
  regulationAccepted: false,
  clockSince: null,
  usedMs: 0,
  timeLimitMs: 20 * 60_000,
  signatures: [],
};
const codeOf = (r: unknown) => (r instanceof Refusal ? `${r.code} ${r.getStatus()}` : r);

describe('the record regulation (docs/rules.md §14)', () => {
  it('reads commands, and refuses malformed ones with a typed 400 in three languages', () => {
    expect(parseCommand({ action: 'move', move: ' h8 KOT ' })).toEqual({ kind: 'move', move: 'h8 KOT' });
    expect(parseCommand({ action: 'challenge', words: ['KOT', 'KOT', ' OK '] })).toEqual({ kind: 'challenge', words: ['KOT', 'OK'] });
    expect(parseCommand({ action: 'challenge', words: 'KOT, OK' })).toEqual({ kind: 'challenge', words: ['KOT', 'OK'] });
    expect(parseCommand({ action: 'sign', regular: 'no', remarks: 'x' })).toEqual({ kind: 'sign', regular: false, remarks: 'x' });
    for (const bad of [null, [], { action: 'fly' }, { action: 'move' }, { action: 'challenge', words: [1] }, { action: 'sign' }]) {
      const r = parseCommand(bad);
      expect(codeOf(r)).toBe('BAD_COMMAND 400');
      expect((r as Refusal).messages).toHaveProperty('pl');
    }
  });

  it('lets only the announced player play and only the committee judge (403)', () => {
    expect(requirePart(facts, 'p', { kind: 'move', move: 'h8 KOT' })).toBeUndefined();
    expect(codeOf(requirePart(facts, 'a', { kind: 'move', move: 'h8 KOT' }))).toBe('NOT_THE_PLAYER 403');
    expect(requirePart(facts, 'b', { kind: 'start' })).toBeUndefined();
    expect(codeOf(requirePart(facts, 'p', { kind: 'challenge', words: ['X'] }))).toBe('NOT_THE_COMMITTEE 403');
    expect(codeOf(requirePart(facts, 'stranger', { kind: 'sign', regular: true, remarks: '' }))).toBe('NOT_THE_COMMITTEE 403');
  });

  it('starts only after the regulation is accepted, on the announced day or later (409)', () => {
    expect(codeOf(requireMoment(facts, { kind: 'start' }, null, '2027-03-01', 'a'))).toBe('NOT_NOW 409');
    const accepted = { ...facts, regulationAccepted: true };
    expect(codeOf(requireMoment(accepted, { kind: 'start' }, null, '2027-02-28', 'a'))).toBe('NOT_NOW 409');
    expect(requireMoment(accepted, { kind: 'start' }, null, '2027-03-01', 'a')).toBeUndefined();
  });

  it('plays while the clock runs; the committee checks or records only the turn waiting for it, once', () => {
    const playing = { ...facts, status: 'playing' as const, regulationAccepted: true, clockSince: new Date('2027-03-01T10:00:00Z') };
    expect(requireMoment(playing, { kind: 'pass' }, null, '2027-03-01', 'p')).toBeUndefined();
    const stopped = { ...playing, clockSince: null };
    expect(codeOf(requireMoment(stopped, { kind: 'move', move: 'x' }, null, '2027-03-01', 'p'))).toBe('NOT_NOW 409');
    const pending = { kind: 'place' as const, challenged: false, words: ['KOT'] };
    expect(requireMoment(stopped, { kind: 'challenge', words: ['KOT'] }, pending, '2027-03-01', 'a')).toBeUndefined();
    expect(codeOf(requireMoment(stopped, { kind: 'challenge', words: ['KOT'] }, { ...pending, challenged: true }, '2027-03-01', 'a'))).toBe(
      'NOT_NOW 409',
    );
    expect(codeOf(requireMoment(stopped, { kind: 'challenge', words: ['KOT'] }, { ...pending, kind: 'pass' }, '2027-03-01', 'a'))).toBe(
      'NOT_NOW 409',
    );
    expect(codeOf(requireMoment(playing, { kind: 'release' }, null, '2027-03-01', 'a'))).toBe('NOT_NOW 409');
    const finished = { ...stopped, status: 'finished' as const, signatures: [{ userId: 'a', regular: true, remarks: '', at: '' }] };
    expect(codeOf(requireMoment(finished, { kind: 'sign', regular: true, remarks: '' }, null, '2027-03-01', 'a'))).toBe('NOT_NOW 409');
    expect(requireMoment(finished, { kind: 'sign', regular: true, remarks: '' }, null, '2027-03-01', 'b')).toBeUndefined();
  });

  it('counts the time the clock ran [P 1.2, 6.1.1]', () => {
    const since = new Date('2027-03-01T10:00:00Z');
    const running = { clockSince: since, usedMs: 5 * 60_000, timeLimitMs: 20 * 60_000 };
    expect(usedAt(running, new Date('2027-03-01T10:10:00Z'))).toBe(15 * 60_000);
    expect(timeIsOver(running, new Date('2027-03-01T10:14:59Z'))).toBe(false);
    expect(timeIsOver(running, new Date('2027-03-01T10:15:00Z'))).toBe(true);
    expect(timeIsOver({ ...running, clockSince: null }, new Date('2027-03-02T00:00:00Z'))).toBe(false);
  });

  it('checks only words the move formed, and fails the move when one named is not in the list [P 4.7, 4.8]', () => {
    expect(checkNamedWords(['kot'], ['KOT', 'OK'])).toBeUndefined();
    expect(codeOf(checkNamedWords(['PIES'], ['KOT']))).toBe('NOT_A_WORD_OF_THE_MOVE 400');
    const list = new Set(['KOT']);
    expect(challengeSucceeds(['KOT'], (w) => list.has(w))).toBe(false);
    expect(challengeSucceeds(['KOT', 'OK'], (w) => list.has(w))).toBe(true);
  });

  it('takes an announcement at least two weeks ahead, with the fee, consent and a committee of two others [R 1–2]', () => {
    const ok = {
      playerUserId: 'p',
      committee: ['a', 'b'],
      plannedDay: '2027-03-15' as const,
      announcedDay: '2027-03-01' as const,
      feePaid: true,
      adultOrConsent: true,
      timeLimitMinutes: 20,
      recordToBeat: 500,
    };
    expect(checkAnnouncement(ok)).toBeUndefined();
    expect(codeOf(checkAnnouncement({ ...ok, plannedDay: '2027-03-14' }))).toBe('BAD_ANNOUNCEMENT 400');
    expect(codeOf(checkAnnouncement({ ...ok, committee: ['a', 'a'] }))).toBe('BAD_ANNOUNCEMENT 400');
    expect(codeOf(checkAnnouncement({ ...ok, committee: ['a', 'p'] }))).toBe('BAD_ANNOUNCEMENT 400');
    expect(codeOf(checkAnnouncement({ ...ok, feePaid: false }))).toBe('BAD_ANNOUNCEMENT 400');
    expect(codeOf(checkAnnouncement({ ...ok, adultOrConsent: false }))).toBe('BAD_ANNOUNCEMENT 400');
    expect(codeOf(checkAnnouncement({ ...ok, timeLimitMinutes: NaN }))).toBe('BAD_ANNOUNCEMENT 400');
  });

  it('closes the protocol once both have signed; an equal score is no record', () => {
    const sig = (userId: string, regular = true) => ({ userId, regular, remarks: '', at: '' });
    expect(protocolOutcome([sig('a')], ['a', 'b'], 600, 500, null)).toBeNull();
    expect(protocolOutcome([sig('a'), sig('b')], ['a', 'b'], 600, 500, null)).toEqual({ regular: true, succeeded: true, standing: 500 });
    expect(protocolOutcome([sig('a'), sig('b')], ['a', 'b'], 600, 500, 600)).toMatchObject({ succeeded: false, standing: 600 });
    expect(protocolOutcome([sig('a'), sig('b', false)], ['a', 'b'], 900, 500, null)).toMatchObject({ regular: false, succeeded: false });
  });

  it('fixes the sequence from a seed (the same seed, the same tiles) or as typed, one of the two', () => {
    expect(sequenceFromSeed('pl', 'PFS 2027')).toBe(sequenceFromSeed('pl', 'PFS 2027'));
    expect(sequenceFromSeed('pl', 'PFS 2027')).not.toBe(sequenceFromSeed('pl', 'PFS 2028'));
    const fixed = fixSequence('pl', { seed: 'PFS 2027' });
    expect(fixed).toMatchObject({ seed: 'PFS 2027', tiles: sequenceFromSeed('pl', 'PFS 2027') });
    expect(fixSequence('pl', { sequence: sequenceFromSeed('pl', 'x') })).toMatchObject({ seed: null });
    expect(codeOf(fixSequence('pl', {}))).toBe('BAD_SEQUENCE 400');
    expect(codeOf(fixSequence('pl', { seed: 'a', sequence: 'b' }))).toBe('BAD_SEQUENCE 400');
    expect(codeOf(fixSequence('pl', { sequence: 'KOT' }))).toBe('BAD_SEQUENCE 400');
  });
});
