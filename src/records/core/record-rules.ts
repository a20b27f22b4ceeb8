// The regulation of a record attempt in a one-player game (docs/rules.md §14, seed 004_*
// "Regulamin ustanawiania rekordu w grze jednoosobowej" [R], read with the PFS tournament rules [P]).
// Pure: who may do what when, the clock, the check of a challenge, the protocol and the success test.
import { addDays, compareDays, type LocalDate } from '../../common/calendar';
import type { Refusal } from '../../common/refusal';
import { refuse } from './record-texts';

/** announced → playing (the committee started the clock) → finished (play ended) → closed (protocol signed by both). */
export type AttemptStatus = 'announced' | 'playing' | 'finished' | 'closed';
export const ATTEMPT_STATUSES: readonly AttemptStatus[] = ['announced', 'playing', 'finished', 'closed'];

/** [R 1]: the wish to set the record is announced at least two weeks before the planned day. */
export const ANNOUNCE_DAYS_AHEAD = 14;
/** [P 1.2]: twenty minutes for all of a player's moves; a setting of each attempt. */
export const DEFAULT_TIME_LIMIT_MINUTES = 20;
export const MAX_TIME_LIMIT_MINUTES = 180;
/** The day of an attempt is the PFS's: Polish time. */
export const RECORD_TIME_ZONE = 'Europe/Warsaw';

export interface Signature {
  readonly userId: string;
  /** The member states the attempt ran by the rules [R, the committee's duty 4]. */
  readonly regular: boolean;
  readonly remarks: string;
  readonly at: string;
}

/** What the rules read of an attempt. */
export interface AttemptFacts {
  readonly status: AttemptStatus;
  readonly playerUserId: string;
  readonly committee: readonly string[];
  readonly plannedDay: LocalDate;
  readonly regulationAccepted: boolean;
  /** When the committee last started the clock; null while it is stopped. */
  readonly clockSince: Date | null;
  readonly usedMs: number;
  readonly timeLimitMs: number;
  readonly signatures: readonly Signature[];
}

/** The turn the committee has not yet released (the clock stopped after it). */
export interface PendingTurn {
  readonly kind: 'place' | 'pass';
  readonly challenged: boolean;
  readonly words: readonly string[];
}

export type AttemptCommand =
  | { readonly kind: 'accept-regulation' }
  | { readonly kind: 'start' }
  | { readonly kind: 'move'; readonly move: string }
  | { readonly kind: 'pass' }
  | { readonly kind: 'release' }
  | { readonly kind: 'challenge'; readonly words: readonly string[] }
  | { readonly kind: 'claim-time' }
  | { readonly kind: 'sign'; readonly regular: boolean; readonly remarks: string };

export type CommandKind = AttemptCommand['kind'];
export const COMMAND_KINDS: readonly CommandKind[] = [
  'accept-regulation',
  'start',
  'move',
  'pass',
  'release',
  'challenge',
  'claim-time',
  'sign',
];

/** Who may send each command: the announced player plays, the committee watches and judges [R]. */
export const COMMAND_ROLE: Readonly<Record<CommandKind, 'player' | 'committee'>> = {
  'accept-regulation': 'player',
  start: 'committee',
  move: 'player',
  pass: 'player',
  release: 'committee',
  challenge: 'committee',
  'claim-time': 'committee',
  sign: 'committee',
};

/** Commands that cannot be undone ask once (docs/web.md, Confirmations). */
export const CONFIRMED_COMMANDS: ReadonlySet<CommandKind> = new Set<CommandKind>([
  'accept-regulation',
  'pass',
  'challenge',
  'claim-time',
  'sign',
]);

const MAX_MOVE = 64;
const MAX_REMARKS = 1000;
const MAX_WORDS = 16;

const bad = (ro: string, en: string, pl: string) => refuse('BAD_COMMAND', 400, ro, en, pl);

function text(body: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const v = body[name];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** A command from a form or a JSON body, or the refusal of what is malformed (400). */
export function parseCommand(body: unknown): AttemptCommand | Refusal {
  const b = (body && typeof body === 'object' ? body : {}) as Readonly<Record<string, unknown>>;
  const kind = text(b, 'action');
  switch (kind) {
    case 'accept-regulation':
    case 'start':
    case 'pass':
    case 'release':
    case 'claim-time':
      return { kind };
    case 'move': {
      const move = text(b, 'move') ?? '';
      if (move === '' || move.length > MAX_MOVE)
        return bad(
          `Scrieți mutarea (cel mult ${MAX_MOVE} de caractere), de exemplu „h8 CASA”.`,
          `Write the move (at most ${MAX_MOVE} characters), e.g. "h8 WORD".`,
          `Wpisz ruch (najwyżej ${MAX_MOVE} znaków), np. „h8 SŁOWO”.`,
        );
      return { kind, move };
    }
    case 'challenge': {
      const raw = b.words;
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,;]+/) : [];
      const words = list
        .filter((w): w is string => typeof w === 'string')
        .map((w) => w.trim())
        .filter((w) => w !== '');
      if (words.length === 0 || words.length > MAX_WORDS || list.some((w) => typeof w !== 'string'))
        return bad('Alegeți cuvintele de verificat.', 'Choose the words to check.', 'Wskaż sprawdzane wyrazy.');
      return { kind, words: [...new Set(words)] };
    }
    case 'sign': {
      const regular = b.regular === true || b.regular === 'yes' ? true : b.regular === false || b.regular === 'no' ? false : undefined;
      const remarks = text(b, 'remarks') ?? '';
      if (regular === undefined || remarks.length > MAX_REMARKS)
        return bad(
          `Spuneți dacă încercarea s-a desfășurat regulamentar (observațiile: cel mult ${MAX_REMARKS} de caractere).`,
          `Say whether the attempt ran by the rules (remarks: at most ${MAX_REMARKS} characters).`,
          `Określ, czy próba przebiegła prawidłowo (uwagi: najwyżej ${MAX_REMARKS} znaków).`,
        );
      return { kind, regular, remarks };
    }
    default:
      return bad('Acțiune necunoscută.', 'Unknown action.', 'Nieznana czynność.');
  }
}

/** The actor's part in the attempt, if any. */
export function partOf(facts: Pick<AttemptFacts, 'playerUserId' | 'committee'>, userId: string | undefined): 'player' | 'committee' | null {
  if (userId === undefined) return null;
  if (facts.playerUserId === userId) return 'player';
  return facts.committee.includes(userId) ? 'committee' : null;
}

/** Nobody acts as someone else: the player's commands are the player's, the committee's the committee's (403). */
export function requirePart(facts: AttemptFacts, userId: string | undefined, command: AttemptCommand): Refusal | undefined {
  const needed = COMMAND_ROLE[command.kind];
  if (partOf(facts, userId) === needed) return undefined;
  return needed === 'player'
    ? refuse(
        'NOT_THE_PLAYER',
        403,
        'Doar jucătorul anunțat joacă această încercare.',
        'Only the announced player plays this attempt.',
        'Tę próbę rozgrywa tylko zgłoszony gracz.',
      )
    : refuse(
        'NOT_THE_COMMITTEE',
        403,
        'Doar comisia încercării poate face aceasta.',
        "Only the attempt's committee may do this.",
        'Może to zrobić tylko komisja próby.',
      );
}

const notNow = (ro: string, en: string, pl: string) => refuse('NOT_NOW', 409, ro, en, pl);

/** The time the player has used, the clock's current run included. */
export function usedAt(facts: Pick<AttemptFacts, 'clockSince' | 'usedMs'>, now: Date): number {
  return facts.usedMs + (facts.clockSince ? Math.max(0, now.getTime() - facts.clockSince.getTime()) : 0);
}

/** [P 6.1.1]: the time is over when the player has used it all. */
export function timeIsOver(facts: Pick<AttemptFacts, 'clockSince' | 'usedMs' | 'timeLimitMs'>, now: Date): boolean {
  return usedAt(facts, now) >= facts.timeLimitMs;
}

/** Whether the command may be given now (409 otherwise): the attempt's state, the clock, the turn awaiting the committee. */
export function requireMoment(
  facts: AttemptFacts,
  command: AttemptCommand,
  pending: PendingTurn | null,
  today: LocalDate,
  userId: string,
): Refusal | undefined {
  const playing = facts.status === 'playing';
  switch (command.kind) {
    case 'accept-regulation':
      if (facts.status !== 'announced' || facts.regulationAccepted)
        return notNow('Regulamentul a fost deja acceptat.', 'The regulation is already accepted.', 'Regulamin został już zaakceptowany.');
      return undefined;
    case 'start':
      if (facts.status !== 'announced')
        return notNow('Încercarea a început deja.', 'The attempt has already started.', 'Próba już się rozpoczęła.');
      if (!facts.regulationAccepted)
        return notNow(
          'Jucătorul nu a acceptat încă regulamentul [R 3].',
          'The player has not yet accepted the regulation [R 3].',
          'Gracz nie zaakceptował jeszcze regulaminu [R 3].',
        );
      if (compareDays(today, facts.plannedDay) < 0)
        return notNow('Ziua anunțată nu a sosit încă.', 'The announced day has not come yet.', 'Zgłoszony termin jeszcze nie nadszedł.');
      return undefined;
    case 'move':
    case 'pass':
      if (!playing) return notNow('Încercarea nu este în joc.', 'The attempt is not in play.', 'Próba nie jest w toku.');
      if (facts.clockSince === null)
        return notNow(
          'Ceasul este oprit: comisia îl pornește după ce a văzut mutarea anterioară.',
          'The clock is stopped: the committee starts it once it has seen the previous move.',
          'Zegar jest zatrzymany: komisja włącza go po obejrzeniu poprzedniego ruchu.',
        );
      return undefined;
    case 'release':
      if (!playing || pending === null)
        return notNow('Nu este nicio mutare de înregistrat.', 'There is no move to record.', 'Nie ma ruchu do zapisania.');
      return undefined;
    case 'challenge':
      if (!playing || pending === null || pending.kind !== 'place')
        return notNow(
          'Se poate verifica doar ultima mutare, înainte ca ceasul să fie pornit din nou [P 4.7.1].',
          'Only the last move can be checked, before the clock is started again [P 4.7.1].',
          'Sprawdzić można tylko ostatni ruch, przed ponownym włączeniem zegara [P 4.7.1].',
        );
      if (pending.challenged)
        return notNow(
          'Această mutare a fost deja verificată [P 4.7.3].',
          'This move has already been checked [P 4.7.3].',
          'Ten ruch został już sprawdzony [P 4.7.3].',
        );
      return undefined;
    case 'claim-time':
      if (!playing || facts.clockSince === null) return notNow('Ceasul nu merge.', 'The clock is not running.', 'Zegar nie jest włączony.');
      return undefined;
    case 'sign':
      if (facts.status !== 'finished')
        return notNow(
          'Protocolul se semnează după încheierea jocului.',
          'The protocol is signed once play has ended.',
          'Protokół podpisuje się po zakończeniu partii.',
        );
      if (facts.signatures.some((s) => s.userId === userId))
        return notNow(
          'Ați semnat deja protocolul.',
          'You have already signed the protocol.',
          'Protokół został już przez Ciebie podpisany.',
        );
      return undefined;
  }
}

/** [P 4.7.2, 4.7.3, 4.7.9]: every word named is one the move formed, as it stands on the board. */
export function checkNamedWords(named: readonly string[], formed: readonly string[]): Refusal | undefined {
  const upper = new Set(formed.map((w) => w.toUpperCase()));
  if (named.every((w) => upper.has(w.toUpperCase()))) return undefined;
  return refuse(
    'NOT_A_WORD_OF_THE_MOVE',
    400,
    `Se pot verifica doar cuvintele formate de mutare: ${formed.join(', ')}.`,
    `Only the words the move formed can be checked: ${formed.join(', ')}.`,
    `Sprawdzić można tylko wyrazy utworzone ruchem: ${formed.join(', ')}.`,
  );
}

/** The verdict of a challenge [P 4.7.8]: successful when one word named is not in the official list. */
export function challengeSucceeds(named: readonly string[], inList: (word: string) => boolean): boolean {
  return named.some((w) => !inList(w));
}

/** What an announcement gives, already parsed. */
export interface AnnouncementFacts {
  readonly playerUserId: string;
  readonly committee: readonly string[];
  readonly plannedDay: LocalDate;
  readonly announcedDay: LocalDate;
  readonly feePaid: boolean;
  readonly adultOrConsent: boolean;
  readonly timeLimitMinutes: number;
  readonly recordToBeat: number;
}

/** [R 1–2, the committee]: the conditions an announcement must meet (400 when one is not). */
export function checkAnnouncement(a: AnnouncementFacts): Refusal | undefined {
  const no = (ro: string, en: string, pl: string) => refuse('BAD_ANNOUNCEMENT', 400, ro, en, pl);
  if (a.committee.length !== 2 || a.committee[0] === a.committee[1])
    return no('Comisia are doi membri diferiți.', 'The committee has two different members.', 'Komisja składa się z dwóch różnych osób.');
  if (a.committee.includes(a.playerUserId))
    return no(
      'Jucătorul nu poate fi în propria comisie.',
      'The player cannot sit on their own committee.',
      'Gracz nie może zasiadać we własnej komisji.',
    );
  if (compareDays(a.plannedDay, addDays(a.announcedDay, ANNOUNCE_DAYS_AHEAD)) < 0)
    return no(
      `Încercarea se anunță cu cel puțin ${ANNOUNCE_DAYS_AHEAD} zile înainte [R 1]: cel mai devreme ${addDays(a.announcedDay, ANNOUNCE_DAYS_AHEAD)}.`,
      `An attempt is announced at least ${ANNOUNCE_DAYS_AHEAD} days ahead [R 1]: ${addDays(a.announcedDay, ANNOUNCE_DAYS_AHEAD)} at the earliest.`,
      `Próbę zgłasza się co najmniej dwa tygodnie przed terminem [R 1]: najwcześniej ${addDays(a.announcedDay, ANNOUNCE_DAYS_AHEAD)}.`,
    );
  if (!a.feePaid)
    return no('Taxa de înscriere nu este plătită [R 2].', 'The entry fee is not paid [R 2].', 'Opłata nie została wniesiona [R 2].');
  if (!a.adultOrConsent)
    return no(
      'Un jucător minor are nevoie de acordul scris al părinților [R].',
      "A minor needs the parents' written consent [R].",
      'Niepełnoletni potrzebuje pisemnej zgody rodziców lub opiekunów [R].',
    );
  if (!Number.isInteger(a.timeLimitMinutes) || a.timeLimitMinutes < 1 || a.timeLimitMinutes > MAX_TIME_LIMIT_MINUTES)
    return no(
      `Timpul de joc: între 1 și ${MAX_TIME_LIMIT_MINUTES} de minute.`,
      `The playing time: 1 to ${MAX_TIME_LIMIT_MINUTES} minutes.`,
      `Czas gry: od 1 do ${MAX_TIME_LIMIT_MINUTES} minut.`,
    );
  if (!Number.isInteger(a.recordToBeat) || a.recordToBeat < 0)
    return no(
      'Recordul de bătut este un număr întreg de puncte.',
      'The record to beat is a whole number of points.',
      'Rekord do pobicia to całkowita liczba punktów.',
    );
  return undefined;
}

/** The committee's statement once both have signed [R, end]: null while a signature is missing. */
export interface ProtocolOutcome {
  readonly regular: boolean;
  readonly succeeded: boolean;
  /** The record the score had to beat: the announced one, or a higher one set since. */
  readonly standing: number;
}

/**
 * [R "Za rekord uważa się najwyższy wynik"]: the attempt sets the record when both members state
 * it ran by the rules and its score is higher than the standing record — strictly: an equal score
 * is not a higher one. The standing record is the higher of the one announced and the best set
 * on the platform since.
 */
export function protocolOutcome(
  signatures: readonly Signature[],
  committee: readonly string[],
  finalScore: number,
  recordToBeat: number,
  bestOnPlatform: number | null,
): ProtocolOutcome | null {
  if (!committee.every((member) => signatures.some((s) => s.userId === member))) return null;
  const regular = signatures.every((s) => s.regular);
  const standing = Math.max(recordToBeat, bestOnPlatform ?? 0);
  return { regular, succeeded: regular && finalScore > standing, standing };
}
