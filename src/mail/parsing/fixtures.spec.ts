// Each real-shaped mail read the way the pipeline reads it (docs/mail-rules.md 5–10): who wrote it, then
// the player's own lines, then the one command in them.
import { classifyInbound } from './automated';
import { parseCommand, type CommandResult } from './commands';
import { extractReply } from './quotes';
import { decodedFixture } from './testing/fixtures';

const OPTIONS = { ownAddresses: ['moves@scrabble.example'], replyAddress: 'moves@scrabble.example' };

async function read(name: string): Promise<{ kind: string; command?: CommandResult }> {
  const message = await decodedFixture(name);
  const kind = classifyInbound(message, OPTIONS).kind;
  if (kind !== 'person') return { kind };
  return { kind, command: parseCommand(extractReply(message).lines) };
}

/** A move; the lines the player wrote below it are its note. */
const move = (text: string, note?: string) => ({
  kind: 'person',
  command: { ok: true, command: { kind: 'move', move: expect.objectContaining({ text }), ...(note !== undefined && { note }) } },
});

describe('real-shaped replies', () => {
  it.each<[string, unknown]>([
    ['gmail-alternative-en.eml', move('h8 CASA')],
    ['gmail-html-only-ro.eml', move('8h: MASA')],
    ['outlook-web-html-only.eml', move('PAS')],
    [
      'outlook-desktop-ro.eml',
      { kind: 'person', command: { ok: true, command: { kind: 'admit', replacement: expect.objectContaining({ text: 'h8 MASA' }) } } },
    ],
    [
      'apple-mail-html-only.eml',
      {
        kind: 'person',
        command: { ok: true, command: { kind: 'move', move: expect.objectContaining({ text: 'h8 CASA 24', declaredScore: 24 }) } },
      },
    ],
    ['thunderbird-bottom-post-ro.eml', move('d4 MARE')],
    ['signature-move-like-ro.eml', { kind: 'person', command: { ok: true, command: { kind: 'status' } } }],
    ['quoted-moves-ro.eml', move('8h: CASA')],
    ['quoted-moves-en.eml', move('PASS')],
    ['windows-1250-unlabelled.eml', move('h8 ŢARĂ', 'Mulţumesc, Ştefan')],
    ['unknown-charset.eml', { kind: 'person', command: { ok: true, command: { kind: 'long-thinking', days: 15 } } }],
    ['malformed-unterminated-boundary.eml', { kind: 'person', command: { ok: true, command: { kind: 'draw' } } }],
    ['malformed-no-date-no-from.eml', move('PAS')],
    ['malformed-nul-subject.eml', move('h8 CASA')],
    ['display-name-address.eml', move('h8 CASA')],
    ['out-of-office-ro.eml', { kind: 'automated' }],
    ['out-of-office-en.eml', { kind: 'automated' }],
    ['dsn-bounce.eml', { kind: 'bounce' }],
  ])('%s', async (name, expected) => {
    expect(await read(name)).toEqual(expected);
  });

  it('bad base64 yields no command from the garbage', async () => {
    expect(await read('malformed-bad-base64.eml')).toEqual({ kind: 'person', command: { ok: false, code: 'NO_COMMAND' } });
  });
});
