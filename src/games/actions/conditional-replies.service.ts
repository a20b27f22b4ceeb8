// Conditional replies answered inside the action that played the partner's move (docs/features.md,
// Conditional replies): once the partner's turn is complete, each chain of the other player's is matched
// against the moves of that turn (core/conditionals.ts); a match plays the reply at once as
// the owner's move of the same day (0 thinking days, docs/rules.md §5), a mismatch drops the
// chain; a contest, a change of the lines or the end of the game drops every chain. The
// owner is told each time; the partner sees the reply as a move like any other.
import { Injectable } from '@nestjs/common';
import type { Bilingual } from '../../common/bilingual';
import type { JsonObject } from '../../common/json';
import { Refusal } from '../../common/refusal';
import { DROP_REASONS, matchConditional, type ConditionalStep } from '../core/conditionals';
import { isRefusal } from '../core/refusal';
import { assignLines } from '../core/turns';
import { otherColor } from '../../common/color';
import type { Color } from '../../engine';
import { ConditionalsRepository } from '../persistence/conditionals.repository';
import type { GameConditional } from '../entities/game-conditional.entity';
import type { GameSession } from '../model/game-session';

export type Notify = (owner: Color, kind: 'conditional-applied' | 'conditional-dropped', details: JsonObject) => void;

/** Chains answering chains: each round plays at least one move, so this only bounds a broken invariant. */
const MAX_ROUNDS = 200;

@Injectable()
export class ConditionalReplies {
  constructor(private readonly conditionals: ConditionalsRepository) {}

  /** After an action's work, before the game's end is decided: the chains it answers, or drops. */
  async settle(s: GameSession, turnBefore: number, notify: Notify): Promise<void> {
    const contested = s.dispute?.status === 'open' && s.dispute.createdAt.getTime() === s.now.getTime();
    const over = () => s.game.status === 'ended' || s.endedByPlay();
    if (s.game.turn === turnBefore && !s.linesChanged && !contested && !over()) return;
    let pending = await this.conditionals.pending(s.game.id);
    if (pending.length === 0) return;
    const drop = async (rows: readonly GameConditional[], reason: Bilingual) => {
      for (const row of rows) await this.drop(s, row, reason, notify);
      pending = pending.filter((r) => !rows.includes(r));
    };
    if (s.linesChanged) return drop(pending, DROP_REASONS.linesChanged());
    if (contested) return drop(pending, DROP_REASONS.contested());
    let turn = turnBefore;
    for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
      if (over()) return drop(pending, DROP_REASONS.gameEnded());
      if (s.game.turn === turn) return;
      // The turn just completed: its mover's moves, which the other player's chains answer.
      const played = s.moves.filter((m) => m.turn === s.game.turn - 1 && !m.annulled);
      if (played.length === 0) return;
      const mover = played[0].color;
      const owner = otherColor(mover);
      const answers: { row: GameConditional; reply: string; rest: readonly ConditionalStep[]; nextMove: number }[] = [];
      for (const row of pending.filter((r) => s.colorOfPlayer(r.playerId) === owner)) {
        const outcome = matchConditional(row, played);
        if (outcome.kind === 'drop') await drop([row], outcome.reason);
        else if (outcome.kind === 'reply') answers.push({ row, ...outcome });
      }
      if (answers.length === 0) return;
      turn = s.game.turn;
      for (const answer of answers) {
        const reason = await this.play(s, owner, answer.row.lineId, answer.reply, answer.row.channel);
        if (reason) {
          await drop([answer.row], DROP_REASONS.replyRefused(answer.reply, reason));
          continue;
        }
        const row = answer.row;
        const partner = row.steps[0].partner;
        row.applied = [...row.applied, row.steps[0]];
        row.steps = [...answer.rest];
        row.move = answer.nextMove;
        if (row.steps.length === 0) Object.assign(row, { status: 'applied', closedAt: s.now });
        await this.conditionals.update(row);
        if (row.status === 'applied') pending = pending.filter((r) => r !== row);
        notify(owner, 'conditional-applied', {
          line: s.label(row.lineId),
          partnerMove: partner,
          reply: answer.reply,
          stepsLeft: row.steps.length,
        });
      }
      s.completeTurnIfDone();
    }
  }

  /** The reply as the owner's move on the day the partner's arrived: 0 thinking days. Its refusal's words if it cannot be played. */
  private async play(
    s: GameSession,
    owner: Color,
    lineId: string,
    reply: string,
    channel: GameConditional['channel'],
  ): Promise<Bilingual | null> {
    const assigned = assignLines(s.play, owner, { lines: { [lineId]: reply } });
    if (isRefusal(assigned)) return assigned.messages;
    const day = s.arrivalFor(owner);
    try {
      await s.playMove(lineId, owner, reply, { receivedAt: s.now, arrivedOn: day, sentOn: day, source: channel });
      return null;
    } catch (e) {
      // decideMove refuses before anything is written: the partner's move stands, the chain goes.
      if (e instanceof Refusal) return e.messages;
      throw e;
    }
  }

  private async drop(s: GameSession, row: GameConditional, reason: Bilingual, notify: Notify): Promise<void> {
    Object.assign(row, { status: 'dropped', reason, closedAt: s.now });
    await this.conditionals.update(row);
    const owner = s.colorOfPlayer(row.playerId);
    if (owner) notify(owner, 'conditional-dropped', { reason: { ...reason }, text: row.text });
  }
}
