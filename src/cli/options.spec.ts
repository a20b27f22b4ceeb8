// The CLI's option parser: values taken whole, even with a leading dash (`--red -5`).
import { BadInputError } from './command';
import { choiceOption, integerOption, onePositional, parseOptions } from './options';

describe('parseOptions', () => {
  const spec = { red: 'value', blue: 'value', verbose: 'flag' } as const;

  it('takes the next argument as the value, whatever it starts with, or the text after =', () => {
    expect(parseOptions(['--red', '-5', '--blue=-3', 'file', '--verbose'], spec)).toEqual({
      options: { red: '-5', blue: '-3', verbose: true },
      positionals: ['file'],
    });
    expect(parseOptions(['--red', '--blue'], spec).options).toEqual({ red: '--blue' });
    expect(parseOptions(['--red=a=b'], spec).options).toEqual({ red: 'a=b' });
  });

  it('keeps - (stdin) as a positional and stops at --', () => {
    expect(parseOptions(['-', '--', '--red', '-'], spec)).toEqual({ options: {}, positionals: ['-', '--red', '-'] });
  });

  it('refuses unknown, repeated and valueless options', () => {
    expect(() => parseOptions(['--green', '1'], spec)).toThrow(new BadInputError('unknown option --green'));
    expect(() => parseOptions(['--toString'], spec)).toThrow(new BadInputError('unknown option --toString'));
    expect(() => parseOptions(['--red', '1', '--red=2'], spec)).toThrow(new BadInputError('--red is given twice'));
    expect(() => parseOptions(['--red'], spec)).toThrow(new BadInputError('--red needs a value'));
    expect(() => parseOptions(['--verbose=yes'], spec)).toThrow(new BadInputError('--verbose takes no value'));
  });
});

describe('option values', () => {
  it('integerOption: whole decimal numbers within bounds', () => {
    expect(integerOption('red', '-5')).toBe(-5);
    expect(integerOption('red', '+7')).toBe(7);
    for (const bad of ['', '1e3', '0x10', '5.0', ' 5', '9007199254740993']) {
      expect(() => integerOption('red', bad)).toThrow(BadInputError);
    }
    expect(() => integerOption('full-tours', '-1', 0)).toThrow(new BadInputError('--full-tours must be at least 0, not -1'));
  });

  it('choiceOption and onePositional', () => {
    expect(choiceOption('format', undefined, ['json', 'gcg'])).toBeUndefined();
    expect(choiceOption('format', 'gcg', ['json', 'gcg'])).toBe('gcg');
    expect(() => choiceOption('format', 'GCG', ['json', 'gcg'])).toThrow(new BadInputError('--format must be one of json, gcg, not "GCG"'));
    expect(onePositional(['a'], 'FILE')).toBe('a');
    expect(() => onePositional([], 'FILE')).toThrow(new BadInputError('FILE is missing'));
  });
});
