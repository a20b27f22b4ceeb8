import { holdsSecrets, withoutSecretPart, withoutSecrets } from './payload-secrets';

describe('links kept out of sight', () => {
  const url = 'https://scrabble.example/login/3q8XvT0_abcdefghijklmnopqrstuvwxyzABCDEFGHI';

  it('cuts the secret segment of a login link, keeping the page it names', () => {
    expect(withoutSecrets('magic-link', { name: 'Ana', url, expiresInMinutes: 15 })).toEqual({
      name: 'Ana',
      url: 'https://scrabble.example/login/…',
      expiresInMinutes: 15,
    });
  });

  it("cuts the code of a held move's confirmation link", () => {
    const confirmUrl = 'https://scrabble.example/mail/confirm/3f1c9a7e-0b2d-4c6e-8f1a-3b5c7d9e0f21/0123456789abcdef0123456789abcdef';
    expect(withoutSecrets('move-confirmation-request', { written: ['h8 CASA'], confirmUrl }).confirmUrl).toBe(
      'https://scrabble.example/mail/confirm/3f1c9a7e-0b2d-4c6e-8f1a-3b5c7d9e0f21/…',
    );
  });

  it('leaves other templates, and a payload already cut, as they are (the same object)', () => {
    const game = { gameId: 'g', url };
    expect(withoutSecrets('your-move', game)).toBe(game);
    const cut = withoutSecrets('magic-link', { url });
    expect(withoutSecrets('magic-link', cut)).toBe(cut);
    expect(holdsSecrets('magic-link', cut)).toBe(false);
    expect(holdsSecrets('magic-link', { url })).toBe(true);
    expect(withoutSecretPart(`${url}?next=/x#y`)).toBe('https://scrabble.example/login/…');
  });
});
