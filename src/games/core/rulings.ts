// What an arbiter's ruling does to a game (docs/rules.md §5–§7), decided before anything is
// written: the lines it keeps or leaves, the dispute or claim it settles, the turn, the end or
// the reopening of the game, the penalties to record and the details the record, the mail and
// the audit carry. A refused ruling is a Refusal and nothing else: the service writes nothing.
import { otherColor } from '../../common/color';
import type { JsonObject } from '../../common/json';
import type { LocalDate } from '../../common/calendar';
import { rulingNotApplicable, rulingSituation, type RulingInput } from './ruling-preconditions';
import { refusals } from './game-refusals';
import type { Color, RuleBook } from '../../engine';
import type { GameOutcome } from './game-state';
import { decideForfeitVoiding } from './endings';
import { closeLine, findLine, forkLine, officialLine, NO_LINE_CHANGES, type LineChanges } from './lines';
import type { Decided, Play } from './play';
import { contestedMove } from './turns';

/** What the ruling's preconditions and its effects read besides the play: loaded by the service under the game's lock. */
export interface RulingFacts {
  readonly outcome: GameOutcome | null;
  /** The cached state's lines, as the arbiter's page reads them (rulings.ts rulingSituation). */
  readonly snapshot: readonly { readonly movesPlayed: number }[];
  /** The players' ids, by colour: penalties are recorded against a player. */
  readonly players: Readonly<Record<Color, string>>;
  /** The open time claim: its claimant and whether its answer window is ripe (claim-window.ts). */
  readonly claim: { readonly id: string; readonly claimant: Color; readonly ripe: boolean } | null;
  /** The game's proposed or homologated result, if any. */
  readonly result: { readonly id: string; readonly status: string } | null;
  /** For an upheld claim: the day the accused's time ran out (game-clocks.ts), none if it did not. */
  readonly exceededSince?: LocalDate | null;
  /** docs/rules.md §13: the competition's rule book (the walkover and the point penalty are the PFS's); FRSc when absent. */
  readonly rules?: RuleBook;
}

export type PenaltyPlanKind = 'score' | 'thinking-days' | 'coefficient' | 'warning';

export interface PenaltyPlan {
  readonly playerId: string;
  readonly kind: PenaltyPlanKind;
  readonly amount: number;
  readonly effectiveOn: string;
}

/** The cases a ruling settles: its dispute's, its claim's, or those waiting for a result (silence, closing date). */
export type SettledCases = 'dispute' | 'claim' | 'awaiting-result' | null;

export interface RulingPlan {
  readonly lines: LineChanges;
  /** The dispute ruled, and the line kept. */
  readonly dispute: { readonly id: string; readonly keptLineId: string } | null;
  /** The claim ruled. Its answer window is checked first by the service (claim-answers.service.ts checkClaimRuling). */
  readonly claim: { readonly id: string; readonly status: 'upheld' | 'rejected' } | null;
  /**
   * `complete-if-done`: once the lines changed, the turn closes if its player owes nothing more;
   * `next`: a new turn begins (the position changed under the players: replies written for it are stale).
   */
  readonly turn: 'same' | 'complete-if-done' | 'next';
  /** The game ends with this outcome. */
  readonly end: GameOutcome | null;
  /** The ended game goes on (an annulment): its proposed result falls, with its result and objection cases. */
  readonly reopen: { readonly resultId: string | null } | null;
  readonly settles: SettledCases;
  readonly penalties: readonly PenaltyPlan[];
  readonly details: JsonObject;
}

const POINT_PENALTY_WHAT = {
  ro: 'Penalizarea în puncte (multipli de 50)',
  en: 'The penalty in points (multiples of 50)',
  pl: 'Kara punktowa (wielokrotność 50)',
};
const WALKOVER_WHAT = { ro: 'Walkover-ul (400:1)', en: 'The walkover (400:1)', pl: 'Walkower (400:1)' };

const NOTHING: Omit<RulingPlan, 'details'> = {
  lines: NO_LINE_CHANGES,
  dispute: null,
  claim: null,
  turn: 'same',
  end: null,
  reopen: null,
  settles: null,
  penalties: [],
};

/**
 * A ruling on the game as it stands. First the rule the arbiter's page offers rulings by
 * (arbiter/rulings.ts rulingNotApplicable), for every caller; then each kind's own checks.
 */
export function decideRuling(play: Play, ruling: RulingInput, facts: RulingFacts, today: LocalDate): Decided<RulingPlan> {
  const game = { status: play.status, outcome: facts.outcome, lines: facts.snapshot, dispute: play.dispute, result: facts.result };
  const notNow = rulingNotApplicable(ruling, rulingSituation(game, facts.claim && { ripe: facts.claim.ripe }));
  if (notNow) return notNow;
  const penalty = (player: Color, kind: PenaltyPlanKind, amount: number): RulingPlan => ({
    ...NOTHING,
    penalties: [{ playerId: facts.players[player], kind, amount, effectiveOn: today }],
    details: {},
  });
  switch (ruling.kind) {
    case 'word':
      return decideWordRuling(play, ruling.valid);
    case 'claim': {
      const { claim } = facts;
      if (!claim)
        return refusals.notAllowedNow(
          'there is no time claim to rule on',
          'nu există nicio reclamație de timp',
          'nie ma zgłoszenia przekroczenia czasu do rozstrzygnięcia',
        );
      if (!ruling.upheld)
        return {
          ...NOTHING,
          claim: { id: claim.id, status: 'rejected' },
          settles: 'claim',
          details: { claimId: claim.id, voidedMoves: 0 },
        };
      const by = otherColor(claim.claimant);
      const { voided, changes } = decideForfeitVoiding(play, facts.exceededSince ?? null);
      return {
        ...NOTHING,
        lines: changes,
        claim: { id: claim.id, status: 'upheld' },
        end: { type: 'timeout', by },
        settles: 'claim',
        details: { claimId: claim.id, voidedMoves: voided },
      };
    }
    case 'score-correction':
      // An existing result is scored again once the correction is written (the service's rule()).
      return penalty(ruling.player, 'score', ruling.points);
    case 'move-annulment':
      return decideAnnulment(play, ruling.number, facts.result);
    case 'thinking-days':
      return penalty(ruling.player, 'thinking-days', ruling.days);
    case 'coefficient-penalty':
      return penalty(ruling.player, 'coefficient', ruling.amount);
    case 'warning':
      return penalty(ruling.player, 'warning', 0);
    case 'point-penalty':
      // docs/rules.md §13 [P 7.1]: deducted from the score; an existing result is scored again (the service's rule()).
      if (facts.rules !== 'pfs') return refusals.notPfsRules(POINT_PENALTY_WHAT);
      return penalty(ruling.player, 'score', -ruling.points);
    case 'walkover':
      // docs/rules.md §13 [P 7.1]: the excluded player's game ends, scored 400:1 (result-proposals.service.ts).
      if (facts.rules !== 'pfs') return refusals.notPfsRules(WALKOVER_WHAT);
      return { ...NOTHING, end: { type: 'walkover', by: ruling.player }, settles: 'awaiting-result', details: {} };
    case 'outcome':
      // The sweep's silence and closing-date cases asked for exactly this: the ruling settles them.
      return { ...NOTHING, end: ruling.outcome, settles: 'awaiting-result', details: {} };
  }
}

/**
 * docs/rules.md §6: the contested word is valid — the move stands, line B is left — or not —
 * line A is left for B (forked now if the appeal had not forked it). The dispute is settled and
 * the turn closes if its player has nothing more to play.
 */
function decideWordRuling(play: Play, valid: boolean): Decided<RulingPlan> {
  const dispute = play.dispute;
  const contested = contestedMove(play);
  if (!dispute || !contested) return refusals.noDispute();
  let lines: LineChanges;
  let kept: string;
  if (valid) {
    kept = contested.lineId;
    lines = dispute.lines ? closeLine(play, dispute.lines.replaced, kept) : NO_LINE_CHANGES;
  } else {
    const fork = dispute.lines ? null : forkLine(play, contested.lineId, contested.number - 1, { closeParent: false });
    kept = fork ? fork.line.id : findLine(play, dispute.lines!.replaced).id;
    lines = closeLine(play, contested.lineId, kept, fork ? [fork.line] : []);
  }
  return {
    ...NOTHING,
    lines,
    dispute: { id: dispute.id, keptLineId: kept },
    turn: 'complete-if-done',
    settles: 'dispute',
    details: { disputeId: dispute.id, keptLine: kept },
  };
}

/**
 * docs/rules.md §6: "the arbiter may annul a technically wrong move and what followed it":
 * the official line is left for a fork before move `number`, and play resumes there in a new
 * turn. An ended game goes on, and its proposed result falls.
 */
export function decideAnnulment(play: Play, number: number, result: { readonly id: string } | null): Decided<RulingPlan> {
  const line = officialLine(play);
  if (number > play.stateOf(line.id).movesPlayed)
    return refusals.badInput(`there is no move ${number}`, `nu există mutarea ${number}`, `nie ma ruchu ${number}`);
  const { changes } = forkLine(play, line.id, number - 1, { closeParent: true });
  const reopen = play.status === 'ended' ? { resultId: result?.id ?? null } : null;
  return { ...NOTHING, lines: changes, turn: 'next', reopen, details: { line: line.id } };
}
