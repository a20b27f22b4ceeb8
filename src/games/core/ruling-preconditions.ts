// The arbiter's decisions (docs/rules.md §5–§7) as plain values: what each kind says, and the
// checks every ruling passes before it changes anything (a reason, amounts in range).
import type { Bilingual, Color } from '../../engine';
import type { GameOutcome } from './game-state';
import { Refusal } from '../../common/refusal';
import { isPointPenalty } from './pfs-rules';

/** docs/rules.md §6: a deduction of 0.1–1 from a game's coefficient, in ten-thousandths. */
export const MIN_COEFFICIENT_PENALTY = 1_000;
export const MAX_COEFFICIENT_PENALTY = 10_000;

/** A ruling on one game. Every kind carries the arbiter's reason. */
export type GameRuling =
  /** docs/rules.md §6: the contested word is valid (the move stands: line A) or not (line B). */
  | { readonly kind: 'word'; readonly valid: boolean }
  /** docs/rules.md §5: the time claim is upheld (the game is lost on time) or rejected. */
  | {
      readonly kind: 'claim';
      readonly upheld: boolean;
      /** Upholds before the accused's 5 days to answer ran out (claim-window.ts mayRule): explicit, with the reason, audited. */
      readonly earlyOverride?: boolean;
    }
  /** docs/rules.md §6: "the arbiter may correct score arithmetic at any time": points added to (or taken from) a player's score. */
  | { readonly kind: 'score-correction'; readonly player: Color; readonly points: number }
  /** docs/rules.md §6: a technically wrong move and everything after it are annulled; play resumes before it. */
  | { readonly kind: 'move-annulment'; readonly number: number }
  /** docs/rules.md §5: days charged (a refused letter, 10) or credited (the platform was down) to a player's clock. */
  | { readonly kind: 'thinking-days'; readonly player: Color; readonly days: number }
  /** docs/rules.md §6 sanction: 0.1–1 deducted from the player's coefficient of this game. */
  | { readonly kind: 'coefficient-penalty'; readonly player: Color; readonly amount: number }
  | { readonly kind: 'warning'; readonly player: Color }
  /** docs/rules.md §13 [P 7.1], PFS rules only: a multiple of 50 points deducted from the player's score. */
  | { readonly kind: 'point-penalty'; readonly player: Color; readonly points: number }
  /** docs/rules.md §13 [P 7.1], PFS rules only: the player excluded from the game, a walkover 400:1 to the opponent. */
  | { readonly kind: 'walkover'; readonly player: Color }
  /** docs/rules.md §7: an ending the arbiter records (no-show, forfeit, closing date, …). */
  | { readonly kind: 'outcome'; readonly outcome: GameOutcome };

export type GameRulingKind = GameRuling['kind'];

/** A ruling with its mandatory reason. */
export type RulingInput = GameRuling & { readonly reason: string };

const bad = (en: string, ro: string, pl: string) => new Refusal('BAD_INPUT', { ro, en, pl }, 400);

/** Refuses a ruling that cannot be applied whatever the game's state. */
export function checkRuling(ruling: RulingInput): void {
  if (typeof ruling.reason !== 'string' || ruling.reason.trim() === '') {
    throw new Refusal(
      'REASON_REQUIRED',
      {
        ro: 'Decizia arbitrului trebuie motivată.',
        en: "The arbiter's decision needs a reason.",
        pl: 'Decyzja sędziego wymaga uzasadnienia.',
      },
      400,
    );
  }
  switch (ruling.kind) {
    case 'score-correction':
      if (!Number.isSafeInteger(ruling.points) || ruling.points === 0)
        throw bad(
          'a score correction is a whole, non-zero number of points',
          'corecția de scor este un număr întreg de puncte, diferit de zero',
          'korekta wyniku to całkowita, niezerowa liczba punktów',
        );
      return;
    case 'move-annulment':
      if (!Number.isSafeInteger(ruling.number) || ruling.number < 1)
        throw bad(
          'the move to annul is a move number',
          'mutarea anulată se dă prin numărul ei',
          'ruch do unieważnienia podaje się numerem',
        );
      return;
    case 'thinking-days':
      if (!Number.isSafeInteger(ruling.days) || ruling.days === 0)
        throw bad(
          'days charged (positive) or credited (negative), not zero',
          'zile adăugate (pozitiv) sau scăzute (negativ), nu zero',
          'dni doliczone (dodatnie) albo odliczone (ujemne), nie zero',
        );
      return;
    case 'coefficient-penalty':
      if (!Number.isSafeInteger(ruling.amount) || ruling.amount < MIN_COEFFICIENT_PENALTY || ruling.amount > MAX_COEFFICIENT_PENALTY) {
        throw bad(
          'a coefficient penalty is from 0.1 to 1 (1000 to 10000 ten-thousandths)',
          'penalizarea de coeficient este între 0,1 și 1',
          'kara współczynnikowa wynosi od 0,1 do 1',
        );
      }
      return;
    case 'point-penalty':
      if (!isPointPenalty(ruling.points))
        throw bad(
          'a penalty in points is a positive multiple of 50 (PFS 7.1)',
          'penalizarea în puncte este un multiplu pozitiv de 50 (PFS 7.1)',
          'kara punktowa to dodatnia wielokrotność 50 (PFS 7.1)',
        );
      return;
    default:
      return;
  }
}

/**
 * What a ruling's preconditions read of a game: the arbiter's page offers a ruling only when
 * they hold, and disputes.service.ts applyRuling refuses it on the locked game when they
 * do not (rulingNotApplicable), whichever way it came: the page, the JSON API or the CLI.
 */
export interface RulingSituation {
  /** The game is in play (not ended). */
  readonly playing: boolean;
  /** The dispute not yet settled: `open` while the contested player may still admit, `appealed` once the arbiter is asked. */
  readonly dispute: 'open' | 'appealed' | null;
  /** The open time claim; `ripe` once answered or its 5 days passed (claim-window.ts): upholding needs no override. */
  readonly claim: { readonly ripe: boolean } | null;
  /** Moves played in the official line. */
  readonly movesPlayed: number;
  /** Ended otherwise than by play (abandonment, time, an agreement, a ruling). */
  readonly endedByOutcome: boolean;
  readonly homologated: boolean;
}

/** The game as the preconditions read it: the page's game view and the service's locked session both have this shape. */
export interface RulingFacts {
  readonly status: string;
  /** The game's dispute not yet settled, if any (`open`, `appealed`; a settled one reads as none). */
  readonly dispute: { readonly status: string } | null | undefined;
  /** The live lines: two while an appeal waits. */
  readonly lines: readonly { readonly movesPlayed: number }[];
  readonly outcome: GameOutcome | null;
  readonly result: { readonly status: string } | null | undefined;
}

/** The situation of a game and its open time claim's answer window (claim-window.ts), null when no claim is open. */
export function rulingSituation(game: RulingFacts, claim: { readonly ripe: boolean } | null): RulingSituation {
  const dispute = game.dispute?.status === 'open' || game.dispute?.status === 'appealed' ? game.dispute.status : null;
  return {
    playing: game.status === 'playing',
    dispute,
    claim: claim ? { ripe: claim.ripe } : null,
    movesPlayed: Math.max(0, ...game.lines.map((l) => l.movesPlayed)),
    endedByOutcome: game.status === 'ended' && game.outcome !== null,
    homologated: game.result?.status === 'homologated',
  };
}

const unmet = (en: string, ro: string, pl: string): Bilingual => ({ ro, en, pl });

/** Why this kind of ruling cannot be given on the game now (docs/rules.md §5–§7), as a phrase; null when it can. */
export function unmetPrecondition(kind: GameRulingKind, s: RulingSituation): Bilingual | null {
  switch (kind) {
    case 'word':
      // docs/rules.md §6: the arbiter rules once the contested player asks (the dispute's case opens then).
      if (s.dispute === 'appealed') return null;
      return unmet(
        "no contest waits for the arbiter's ruling",
        'nicio contestație nu așteaptă decizia arbitrului',
        'żadne zakwestionowanie nie czeka na decyzję sędziego',
      );
    case 'claim':
      return s.claim
        ? null
        : unmet(
            'there is no open time claim',
            'nu există nicio reclamație de timp deschisă',
            'nie ma otwartego zgłoszenia przekroczenia czasu',
          );
    case 'score-correction':
      // "At any time, even after the game" (docs/rules.md §6): once there is a score.
      if (s.movesPlayed > 0) return null;
      return unmet(
        'no move has been played: there is no score to correct',
        'nu s-a jucat nicio mutare: nu există scor de corectat',
        'nie wykonano żadnego ruchu: nie ma wyniku do korekty',
      );
    case 'move-annulment':
      if (s.dispute)
        return unmet(
          'a contest is open: it is settled first',
          'o contestație este deschisă: se rezolvă întâi aceasta',
          'trwa zakwestionowanie: najpierw trzeba je rozstrzygnąć',
        );
      if (s.homologated || s.endedByOutcome) {
        return unmet(
          'the game is homologated or ended otherwise than by play',
          'partida e omologată sau încheiată altfel decât prin joc',
          'partia jest zatwierdzona albo zakończyła się inaczej niż grą',
        );
      }
      if (s.movesPlayed > 0) return null;
      return unmet(
        'no move has been played: there is nothing to annul',
        'nu s-a jucat nicio mutare: nu există nimic de anulat',
        'nie wykonano żadnego ruchu: nie ma czego unieważnić',
      );
    case 'thinking-days':
      return s.playing
        ? null
        : unmet(
            'the game is over: its clocks no longer run',
            'partida s-a încheiat: ceasurile ei nu mai merg',
            'partia się zakończyła: jej zegary już nie biegną',
          );
    case 'outcome':
    case 'walkover':
      return s.playing ? null : unmet('the game has already ended', 'partida s-a încheiat deja', 'partia już się zakończyła');
    case 'coefficient-penalty':
    case 'warning':
    case 'point-penalty':
      // docs/rules.md §6, §13 sanctions: during the game or after it.
      return null;
  }
}

/** The refusal of a ruling whose precondition does not hold, before anything changes. */
export function notApplicable(why: Bilingual): Refusal {
  const messages = {
    ro: `Această decizie nu se poate da acum: ${why.ro}.`,
    en: `This ruling cannot be given now: ${why.en}.`,
    pl: `Tej decyzji nie można teraz podjąć: ${why.pl}.`,
  };
  return new Refusal('RULING_NOT_APPLICABLE', messages, 409);
}

/**
 * The open claim's choices: upholding ends the game, so only while it is in play and on one line
 * (while an appeal waits there are two, and which one the time ran out on is not decided yet:
 * the appeal is ruled first, docs/rules.md §6); before the accused's 5 days ran out, only with the
 * explicit override (claim-window.ts mayRule).
 */
export function claimChoices(s: RulingSituation): { readonly uphold: boolean; readonly earlyOverride: boolean } {
  const uphold = s.claim !== null && s.playing && s.dispute !== 'appealed';
  return { uphold, earlyOverride: uphold && !s.claim!.ripe };
}

/**
 * The refusal of this ruling on a game in this situation, or null: its kind's precondition,
 * then the claim's choice (upholding ends the game, so only while it is in play).
 */
export function rulingNotApplicable(ruling: GameRuling, s: RulingSituation): Refusal | null {
  const why = unmetPrecondition(ruling.kind, s);
  if (why) return notApplicable(why);
  if (ruling.kind === 'claim' && ruling.upheld && !claimChoices(s).uphold) {
    if (s.playing && s.dispute === 'appealed') {
      return notApplicable(
        unmet(
          'an appealed contest keeps two lines of the game: rule on it first, then on the claim',
          'o contestație apelată ține partida pe două linii: decideți întâi asupra ei, apoi asupra reclamației',
          'odwołanie trzyma partię w dwóch wariantach: najpierw rozstrzygnij je, potem zgłoszenie',
        ),
      );
    }
    const ended = unmet(
      'the game is over: the claim can only be rejected',
      'partida s-a încheiat: reclamația se poate doar respinge',
      'partia się zakończyła: zgłoszenie można tylko odrzucić',
    );
    return notApplicable(ended);
  }
  return null;
}
