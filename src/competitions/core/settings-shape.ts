// The shape of a competition's settings once checked; the rules that check them are competition-settings.ts.
import type { LocalDate } from '../../common/calendar';
import type { RuleBook, TileSetId } from '../../engine';

/** How the tiles left on a rack at the end count (docs/rules.md §4): moved to the finisher, or doubled. */
export type EndRackRule = 'transfer' | 'double';

/** The settings with every default filled in (docs/rules.md §2–§7 defaults). */
export interface CompetitionSettings {
  readonly name: string;
  readonly shortName: string;
  readonly tileSet: TileSetId;
  /** docs/rules.md §13: the federation whose game rules its games follow (challenge, end, walkover, penalties). */
  readonly rules: RuleBook;
  readonly handicap: boolean;
  readonly zeroTurnsToEnd: number;
  readonly endRackRule: EndRackRule;
  readonly thinkingDays: number;
  readonly holidayLongDays: number;
  readonly holidayShortDays: number;
  readonly reminderDays: number;
  readonly escalationDays: number;
  /** Days after a declined offer before the same player may offer it again. */
  readonly offerCooldownDays: number;
  readonly timeZone: string;
  readonly startDate: LocalDate;
  readonly closingDate: LocalDate;
  readonly lexicon: string | null;
  readonly autoHomologate: boolean;
  /** The analysis of the turns played shown during play too. */
  readonly analysisDuringPlay: boolean;
  /** Whether players may store conditional replies. */
  readonly conditionalsAllowed: boolean;
}
