import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AWAITING_RESULT_CASES } from '../../arbiter/case.entity';
import { CasesService } from '../../arbiter/cases.service';
import { RulingsService, type NewPenalty } from '../../arbiter/rulings.service';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { otherColor } from '../../common/color';
import type { JsonObject } from '../../common/json';
import { localDate } from '../../common/calendar';
import { answersOf, checkClaimRuling } from './claim-answers.service';
import type { Claim } from '../entities/claim.entity';
import { claimWindow } from '../core/claim-window';
import { decideAdmission, decideAppeal, decideContest } from '../core/disputes';
import type { MoveTiming } from '../core/moves';
import { ARBITER_READER, playerReader } from '../core/move-note';
import { orThrow } from '../core/refusal';
import { checkRuling, type RulingInput } from '../core/ruling-preconditions';
import { decideRuling, type RulingPlan } from '../core/rulings';
import { assignLines } from '../core/turns';
import { type Color } from '../../engine';
import { GameActions, playerTiming, type PlayerMove, type SubmitOptions } from './game-actions.service';
import { clocksOn } from '../model/game-clocks';
import { GameSession } from '../model/game-session';
import { GameTimeRepository } from '../persistence/game-time.repository';
import { disputeView, moveView, type ActionResult, type MoveView } from '../model/game-views';
import { ResultProposals } from './result-proposals.service';
import { resultView } from '../model/result-view';
import { DisputesRepository } from '../persistence/disputes.repository';
import { ResultsRepository } from '../persistence/results.repository';

export interface ContestInput extends SubmitOptions {
  /** The words contested, as the partner's last move formed them. */
  readonly words: readonly string[];
  /** docs/rules.md §6: the contester moves as if the contested move stood. */
  readonly reply: PlayerMove;
}

/**
 * Disputes and rulings (docs/rules.md §5–§7): a contested word, the mover's admission or
 * appeal (lines A and B), and the arbiter's ruling on a game with what it writes, each one
 * action in the frame of game-actions.service.ts.
 */
@Injectable()
export class DisputesService {
  constructor(
    private readonly actions: GameActions,
    private readonly audit: AuditService,
    private readonly cases: CasesService,
    private readonly rulings: RulingsService,
    private readonly results: ResultProposals,
    private readonly time: GameTimeRepository,
    private readonly disputes: DisputesRepository,
    private readonly resultRows: ResultsRepository,
  ) {}

  /**
   * Contests words of the partner's last move, with the provisional reply played as if it
   * stood. Only with that reply: once the contester has answered without contesting, the
   * move is accepted (CONTEST_TOO_LATE).
   */
  contestWord(actor: Actor, gameId: string, input: ContestInput): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'contest', input, async (s, color) => {
      const { line, contested, words } = orThrow(decideContest(s.play, color, input, s.competition.tileSet, s.competition.rules));
      const played = await s.playMove(line.id, color, input.reply, playerTiming(s, input));
      s.completeTurnIfDone();
      const dispute = await this.disputes.insertDispute({
        id: randomUUID(),
        gameId: s.game.id,
        contestedMoveId: contested.id,
        provisionalReplyId: played.move.id,
        contesterPlayerId: s.players[color].id,
        words: [...words],
        status: 'open',
        lines: null,
        keptLineId: null,
        createdAt: s.now,
        admittedAt: null,
        appealedAt: null,
        ruledAt: null,
      });
      s.dispute = dispute;
      const moves = [moveView(played.move, playerReader(color), null, played.record, s.hasWordList)];
      const partner = playerReader(otherColor(color));
      const details = {
        words,
        contested: moveView(contested, partner, null),
        reply: moveView(played.move, partner, null, played.record, s.hasWordList),
      };
      this.actions.emit(s, { kind: 'dispute-opened', turn: s.game.turn, by: color, details });
      this.actions.emit(s, { kind: 'move-played', turn: s.game.turn, by: color, moves: moves, contested: [...words] });
      await this.audit.record({
        actor,
        action: 'dispute.opened',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, words, contested: contested.notation, reply: played.move.notation },
      });
      return { ...this.actions.result(s, moves, true), dispute: disputeView(dispute, color) };
    });
  }

  /**
   * The mover admits: the contested move is withdrawn and the provisional reply is void
   * (both kept, annulled, on a closed line); play resumes before the contested move, and
   * the replacement, when given, is played at once.
   */
  admitContest(
    actor: Actor,
    gameId: string,
    input: SubmitOptions & { readonly replacement?: PlayerMove; readonly disputeId?: string } = {},
  ): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'admit', input, async (s, color) => {
      const { contested, replaced, lines, changes } = orThrow(decideAdmission(s.play, color, input.disputeId));
      const dispute = s.dispute!;
      await s.applyLines(changes);
      Object.assign(dispute, { status: 'admitted', lines, keptLineId: replaced.id, admittedAt: s.now });
      await this.disputes.markDisputeAdmitted(dispute.id, { lines, keptLineId: replaced.id, admittedAt: s.now });
      s.dispute = null;
      const played =
        input.replacement === undefined ? [] : [await s.playMove(replaced.id, color, input.replacement, playerTiming(s, input))];
      const complete = s.completeTurnIfDone();
      const moves = played.map((p) => moveView(p.move, playerReader(color), null, p.record, s.hasWordList));
      this.actions.emit(s, { kind: 'dispute-admitted', turn: s.game.turn, by: color, words: dispute.words, withdrawn: contested.notation });
      await this.audit.record({
        actor,
        action: 'dispute.admitted',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, words: dispute.words, replacement: moves[0]?.notation ?? null },
      });
      return { ...this.actions.result(s, moves, complete), dispute: disputeView(dispute, otherColor(color)) };
    });
  }

  /**
   * The mover appeals to the arbiter and the contester is told, in one step (docs/rules.md §6).
   * Until the ruling the game holds two lines, A (the contested move stands) and B (it is
   * replaced); the mover's moves for them may come with the appeal.
   */
  appealContest(
    actor: Actor,
    gameId: string,
    input: SubmitOptions & { readonly lines?: Readonly<Record<string, PlayerMove>>; readonly disputeId?: string } = {},
  ): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'appeal', input, async (s, color) => {
      const { contested, lines, changes } = orThrow(decideAppeal(s.play, color, input.disputeId));
      const dispute = s.dispute!;
      await s.applyLines(changes);
      Object.assign(dispute, { status: 'appealed', lines, appealedAt: s.now });
      await this.disputes.markDisputeAppealed(dispute.id, { lines, appealedAt: s.now });
      s.labels = lines;
      await this.cases.open({
        competitionId: s.competition.id,
        gameId: s.game.id,
        kind: 'dispute',
        payload: { disputeId: dispute.id, words: dispute.words, contested: moveView(contested, ARBITER_READER, 'A'), lines },
      });
      const moves = input.lines ? await this.playLines(s, color, input.lines, playerTiming(s, input)) : [];
      const complete = s.completeTurnIfDone();
      this.actions.emit(s, { kind: 'dispute-appealed', turn: s.game.turn, by: color, words: dispute.words, lines });
      await this.audit.record({
        actor,
        action: 'dispute.appealed',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, words: dispute.words, lines },
      });
      return { ...this.actions.result(s, moves, complete), dispute: disputeView(dispute, otherColor(color)) };
    });
  }

  /**
   * An arbiter's ruling on a game (docs/rules.md §5–§7), always with its reason, recorded with
   * its penalties, audited and sent to both players.
   */
  rule(actor: Actor, gameId: string, ruling: RulingInput & { readonly idempotencyKey?: string }): Promise<ActionResult> {
    return this.actions.asArbiter(actor, gameId, { action: 'ruling', idempotencyKey: ruling.idempotencyKey }, async (s) => {
      checkRuling(ruling);
      const { caseKinds, penalties, details } = await this.applyRuling(s, ruling);
      const [settled] = caseKinds.length ? await this.cases.closeFor(s.game.id, caseKinds) : [];
      const { idempotencyKey: _key, reason, ...what } = ruling;
      const record = await this.rulings.record(
        {
          actor,
          competitionId: s.competition.id,
          gameId: s.game.id,
          caseId: settled?.id ?? null,
          kind: ruling.kind,
          reason,
          details: { ...(what as JsonObject), ...details },
        },
        penalties,
      );
      if (ruling.kind === 'score-correction' || ruling.kind === 'point-penalty') Object.assign(details, await this.rescoreResult(s));
      this.actions.emit(s, {
        kind: 'ruling-made',
        turn: s.game.turn,
        details: { rulingId: record.id, kind: ruling.kind, reason, ...(what as JsonObject), ...details },
      });
      await this.audit.record({
        actor,
        asArbiter: true,
        action: `ruling.${ruling.kind}`,
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { rulingId: record.id, reason, ...(what as JsonObject), ...details },
      });
      return this.actions.result(s);
    });
  }

  private async playLines(
    s: GameSession,
    color: Color,
    lines: Readonly<Record<string, PlayerMove>>,
    timing: MoveTiming,
  ): Promise<MoveView[]> {
    const plays = orThrow(assignLines(s.play, color, { lines }));
    const moves: MoveView[] = [];
    for (const p of plays) {
      const played = await s.playMove(p.line.id, color, p.move, timing);
      moves.push(moveView(played.move, playerReader(color), s.label(p.line.id), played.record, s.hasWordList));
    }
    return moves;
  }

  /**
   * Loads what the ruling's decision reads (the open claim and its answer window, the result,
   * for an upheld claim the day the accused's time ran out), asks the core (core/rulings.ts,
   * which applies arbiter/rulings.ts rulingNotApplicable first) and writes what it decided.
   */
  private async applyRuling(
    s: GameSession,
    ruling: RulingInput,
  ): Promise<{ caseKinds: string[]; penalties: NewPenalty[]; details: JsonObject }> {
    // In the action's transaction: one after the other (its client takes one query at a time).
    const claim = await this.time.openClaim(s.game.id);
    const result = await this.results.find(s.game.id);
    const ripeness = await this.claimRipeness(s, claim);
    const claimant = claim && s.colorOfPlayer(claim.claimantPlayerId)!;
    const upholds = ruling.kind === 'claim' && ruling.upheld && claimant !== null;
    const exceededSince = upholds ? (await clocksOn(s)).clocks[otherColor(claimant!)].exceededSince : null;
    const plan = orThrow(
      decideRuling(
        s.play,
        ruling,
        {
          outcome: s.game.outcome,
          snapshot: s.game.state.lines,
          players: { red: s.players.red.id, blue: s.players.blue.id },
          claim: claim && ripeness && { id: claim.id, claimant: claimant!, ripe: ripeness.ripe },
          result,
          exceededSince,
          rules: s.competition.rules,
        },
        s.today,
      ),
    );
    let details = plan.details;
    if (plan.claim && claim && ruling.kind === 'claim') {
      // docs/rules.md §5: upholding before the accused's 5 days ran out needs an explicit override (claim-answers.service.ts).
      const cases = await this.time.openClaimCases(claim.gameId);
      const window = checkClaimRuling(cases, claim, { today: s.today, timeZone: s.competition.timeZone }, ruling);
      claim.status = plan.claim.status;
      await this.time.markClaimRuled(claim, s.now);
      details = { ...details, ...window };
    }
    await this.writeRuling(s, plan);
    return { caseKinds: settledCaseKinds(plan), penalties: [...plan.penalties], details };
  }

  /** The ruling's lines, dispute, turn, reopening and end, in that order. */
  private async writeRuling(s: GameSession, plan: RulingPlan): Promise<void> {
    await s.applyLines(plan.lines);
    if (plan.dispute && s.dispute) {
      Object.assign(s.dispute, { status: 'ruled', keptLineId: plan.dispute.keptLineId, ruledAt: s.now });
      await this.disputes.markDisputeRuled(plan.dispute.id, { keptLineId: plan.dispute.keptLineId, ruledAt: s.now });
      s.dispute = null;
    }
    if (plan.turn === 'complete-if-done') s.completeTurnIfDone();
    // An annulment: the player now to move is told (finish sends "your move" on a new turn).
    if (plan.turn === 'next') s.game.turn += 1;
    if (plan.reopen) await this.reopen(s, plan.reopen.resultId);
    if (plan.end) await s.end(plan.end);
  }

  /** An ended game goes on (an annulment, a reversed challenge): its proposed result falls, with its result and objection cases. */
  async reopen(s: GameSession, resultId: string | null): Promise<void> {
    Object.assign(s.game, { status: 'playing', endedAt: null, endReason: null, outcome: null });
    if (resultId) await this.resultRows.deleteResult(resultId);
    await this.cases.closeFor(s.game.id, ['result', 'objection']);
  }

  /** The open claim's answer window as the preconditions read it (claim-window.ts `ripe`), null without one. */
  private async claimRipeness(s: GameSession, claim: Claim | null): Promise<{ ripe: boolean } | null> {
    if (!claim) return null;
    const cases = await this.time.openClaimCases(s.game.id);
    const answered = cases.some((c) => answersOf(c).length > 0);
    return claimWindow({ toldOn: localDate(claim.createdAt, s.competition.timeZone), today: s.today, answered });
  }

  private async rescoreResult(s: GameSession): Promise<JsonObject> {
    if (s.game.status !== 'ended' || s.dispute || !(await this.results.find(s.game.id))) return {};
    const result = await this.results.rescore(this.actions.ended(s));
    return { coefficients: resultView(result).coefficients };
  }
}

/** The arbiter's cases a ruling settles (closed by rule(), the first named in the ruling's record). */
function settledCaseKinds(plan: RulingPlan): string[] {
  if (plan.settles === 'awaiting-result') return [...AWAITING_RESULT_CASES];
  return plan.settles ? [plan.settles] : [];
}
