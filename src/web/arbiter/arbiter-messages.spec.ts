import { loadMessages } from '../views.service';
import { CATEGORY_ORDER } from './dashboard';
import { RULED_OUTCOMES } from './ruling-form';

// Keys the panel builds at run time (`arbiter.category.${…}` …), which a scan of the
// templates cannot see: each must exist in both languages.
describe('arbiter panel messages built at run time', () => {
  const messages = loadMessages();
  const dynamic = [
    ...CATEGORY_ORDER.map((c) => `arbiter.category.${c}`),
    ...['draft', 'started', 'finished'].map((s) => `arbiter.status.${s}`),
    ...['playing', 'ended'].map((s) => `arbiter.gameStatus.${s}`),
    ...['move', 'contest-answer', 'ruling'].map((s) => `arbiter.awaiting.${s}`),
    ...['open', 'admitted', 'appealed', 'ruled'].map((s) => `arbiter.disputeStatus.${s}`),
    ...RULED_OUTCOMES.map((o) => `arbiter.outcome.${o}`),
    ...['proposed', 'homologated'].map((s) => `arbiter.resultStatus.${s}`),
    // The PFS forms' titles in the list of forms left out (ruling-form.ts pfsForms).
    ...['pointPenalty', 'walkover', 'challengeOverride'].map((f) => `arbiter.ruling.${f}`),
    ...[
      'created',
      'imported',
      'grouped',
      'started',
      'leave',
      'homologated',
      'ruled',
      'recorded',
      'anonymised',
      'lexicon',
      'appeal-lodged',
      'appeal-decided',
      'closed',
      'address-added',
      'player-saved',
      'demo',
    ].map((d) => `arbiter.done.${d}`),
  ];

  it.each(dynamic)('%s is in Romanian and English', (key) => {
    expect(messages[key]?.ro).toBeTruthy();
    expect(messages[key]?.en).toBeTruthy();
  });
});
