import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { isUuid, uuidOf } from './ids';

describe('isUuid', () => {
  it.each(['0b8f8f7e-3c2a-4d5e-9f10-112233445566', '0B8F8F7E-3C2A-4D5E-9F10-112233445566', '00000000-0000-0000-0000-000000000000'])(
    'takes %s',
    (id) => expect(isUuid(id)).toBe(true),
  );

  it.each([
    '',
    'abc',
    '0b8f8f7e3c2a4d5e9f10112233445566',
    ' 0b8f8f7e-3c2a-4d5e-9f10-112233445566',
    '0b8f8f7e-3c2a-4d5e-9f10-11223344556g',
    "1' OR '1'='1",
  ])('refuses %j', (id) => expect(isUuid(id)).toBe(false));

  it('takes every generated UUID and nothing with a character added or cut', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom('', 'x', '0', '-'), (id, extra) => {
        expect(isUuid(id)).toBe(true);
        expect(isUuid(randomUUID())).toBe(true);
        expect(isUuid(`${id}${extra}`)).toBe(extra === '');
        expect(isUuid(id.slice(1))).toBe(false);
      }),
    );
  });
});

describe('uuidOf', () => {
  it('gives a UUID, the same for the same key and another for another key', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(isUuid(uuidOf(a))).toBe(true);
        expect(uuidOf(a)).toBe(uuidOf(a));
        if (a !== b) expect(uuidOf(a)).not.toBe(uuidOf(b));
      }),
    );
  });
});
