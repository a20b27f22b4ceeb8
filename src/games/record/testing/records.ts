// Game records shared by the specs of the record, the CLI commands and the spawned CLI.
import { sequenceStarting } from '../../../engine/testing/fixtures';

/** RED holds CASTALE, BLUE HAINERU; the rest of the Romanian tiles follow in tile-set order (A first). */
export const SEQUENCE = sequenceStarting('CASTALEHAINERU');

/** The example JSON game record, on {@link SEQUENCE}. */
export const EXAMPLE_RECORD = {
  tileSet: 'ro',
  sequence: SEQUENCE,
  rules: { handicap: true, zeroTurnsToEnd: 6, endRackRule: 'transfer' },
  start: '2027-01-10',
  holidays: { red: [['2027-02-01', '2027-02-20']], blue: [] },
  moves: [
    { move: 'h8 CASA', date: '2027-01-12' },
    { move: 'PAS', date: '2027-01-15' },
  ],
  outcome: { type: 'abandon', by: 'blue' },
};

/** Undated moves, for records where dates do not matter. */
export function moves(...texts: string[]): { move: string }[] {
  return texts.map((move) => ({ move }));
}
