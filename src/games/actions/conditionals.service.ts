import { isPlayClosed } from '../../thinking-time/core';
import { toLocalDate } from '../../common/calendar';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../auth/core/actor';
import { canArbitrate } from '../../auth/core/permissions';
import type { Bilingual } from '../../common/bilingual';
import { Database } from '../../database/database';
import { badConditional, decideConditional, parseConditional } from '../core/conditionals';
import { refusals } from '../core/game-refusals';
import { orThrow } from '../core/refusal';
import { owedLines } from '../core/turns';
import { otherColor, type Color } from '../../common/color';
import { ConditionalsRepository } from '../persistence/conditionals.repository';
import { GameActions, type ActionInput } from './game-actions.service';
import type { ConditionalChannel, ConditionalStatus, GameConditional } from '../entities/game-conditional.entity';
import type { GameSession } from '../model/game-session';
import type { ActionResult } from '../model/game-views';

export interface StoreConditionalInput extends ActionInput {
  /** `IF 7c GO THEN c7 GOL [IF … THEN …]` or `DACĂ … ATUNCI …`. */
  readonly text: string;
  /** The line (`A`/`B` or its id) while two are live; else the one the partner is to move in. */
  readonly line?: string;
  readonly channel?: ConditionalChannel;
}

/** A chain as its owner (or the arbiter, after the game) sees it. */
export interface ConditionalView {
  readonly id: string;
  readonly player: string;
  readonly line: string;
  readonly move: number;
  readonly text: string;
  readonly steps: readonly { readonly partner: string; readonly reply: string }[];
  readonly applied: readonly { readonly partner: string; readonly reply: string }[];
  readonly status: ConditionalStatus;
  readonly reason: Bilingual | null;
  readonly createdAt: string;
}

export function conditionalView(row: GameConditional): ConditionalView {
  return {
    id: row.id,
    player: row.playerId,
    line: row.lineId,
    move: row.move,
    text: row.text,
    steps: row.steps,
    applied: row.applied,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the game page shows its player: their pending chains, each as they wrote it. */
export interface ConditionalsPanel {
  readonly pending: readonly { readonly id: string; readonly text: string; readonly line: string | null; readonly steps: number }[];
}

const WITHDRAWN: Bilingual = { ro: 'retrasă de dumneavoastră', en: 'withdrawn by you', pl: 'wycofany przez Ciebie' };

/**
 * Conditional replies: a player stores, lists and withdraws their chains;
 * conditional-replies.service.ts answers them inside the partner's action. Private to their owner;
 * the competition's arbiter sees every chain only once the game has ended.
 */
@Injectable()
export class ConditionalsService {
  constructor(
    private readonly actions: GameActions,
    private readonly db: Database,
    private readonly conditionals: ConditionalsRepository,
  ) {}

  /** Stores a chain for the partner's next move in a line, each step checked by the engine. */
  store(actor: Actor, gameId: string, input: StoreConditionalInput): Promise<ActionResult & { conditional: ConditionalView }> {
    let stored: GameConditional | undefined;
    return this.actions
      .asPlayer(actor, gameId, 'conditional', input, async (s, color) => {
        s.requirePlaying();
        if (!s.competition.conditionalsAllowed)
          throw refusals.notAllowedNow(
            'this competition does not allow conditional replies',
            'această competiție nu permite mutări condiționate',
            'te rozgrywki nie dopuszczają ruchów warunkowych',
          );
        if (typeof input.text !== 'string')
          throw badConditional({ ro: 'lipsește textul', en: 'the text is missing', pl: 'brakuje treści' });
        const written = orThrow(parseConditional(input.text));
        const line = this.lineFor(s, color, input.line);
        const state = s.state(line.id);
        const steps = orThrow(decideConditional(state, color, written));
        stored = await this.conditionals.insert({
          id: randomUUID(),
          gameId: s.game.id,
          playerId: s.players[color].id,
          lineId: line.id,
          move: state.movesPlayed + 1,
          steps,
          applied: [],
          text: input.text.trim(),
          channel: input.channel ?? 'api',
          status: 'pending',
          reason: null,
          createdAt: s.now,
          closedAt: null,
        });
        // By mail, the reply is answered (docs/mail.md): the chain as the platform will match it.
        if (stored.channel === 'mail')
          this.actions.emit(s, {
            kind: 'conditional-stored',
            turn: s.game.turn,
            owner: color,
            details: { text: stored.text, steps: steps.map((st) => `${st.partner} → ${st.reply}`), line: s.label(line.id) },
          });
        // No audit entry: the audit log is the arbiter's, and a chain is its owner's until applied.
        return { ...this.actions.result(s), conditional: conditionalView(stored) };
      })
      .then((r) => r as ActionResult & { conditional: ConditionalView });
  }

  /** The line a chain is for: the one named, or the one live line where the partner is to move. */
  private lineFor(s: GameSession, color: ReturnType<GameSession['requirePlayer']>, name: string | undefined) {
    if (name !== undefined) return s.resolveLine(name);
    const waiting = owedLines(s.play, otherColor(color));
    if (waiting.length === 1) return waiting[0];
    if (waiting.length === 0)
      throw badConditional({
        ro: 'este rândul dumneavoastră: o mutare condiționată răspunde la următoarea mutare a partenerului',
        en: "it is your move: a conditional reply answers the partner's next move",
        pl: 'teraz Twój ruch: ruch warunkowy odpowiada na następny ruch partnera',
      });
    throw refusals.lineRequired(waiting.map((l) => s.label(l.id) ?? l.id));
  }

  /** The actor's own chains in the game; the arbiter's, every chain, once the game has ended. */
  list(actor: Actor, gameId: string): Promise<ConditionalView[]> {
    return this.db.run(async () => {
      const s = await this.actions.session(gameId, { lock: false });
      if (canArbitrate(actor, s.competition, s.game)) {
        if (s.game.status !== 'ended')
          throw refusals.notAllowedNow(
            'conditional replies are private to their owner until the game ends',
            'mutările condiționate sunt ale jucătorului până la sfârșitul partidei',
            'ruchy warunkowe widzi tylko ich autor, aż do końca partii',
          );
        return (await this.conditionals.ofGame(s.game.id)).map(conditionalView);
      }
      const color = s.requirePlayer(actor);
      return (await this.conditionals.ofGame(s.game.id, s.players[color].id)).map(conditionalView);
    });
  }

  /** The viewer's panel on the game page, in the page's unit of work: only a player's, while the game is played and allowed. */
  async panel(s: GameSession, me: Color | null): Promise<ConditionalsPanel | null> {
    if (me === null || s.game.status !== 'playing' || !s.competition.conditionalsAllowed) return null;
    // docs/rules.md "The closing date": play has stopped, so no reply is left to prepare.
    if (isPlayClosed(s.today, toLocalDate(s.competition.closingDate))) return null;
    const rows = await this.conditionals.ofGame(s.game.id, s.players[me].id);
    return {
      pending: rows
        .filter((r) => r.status === 'pending')
        .map((r) => ({ id: r.id, text: r.text, line: s.label(r.lineId), steps: r.steps.length })),
    };
  }

  /** Withdraws one of the actor's pending chains (kept, dropped, with its reason). */
  withdraw(actor: Actor, gameId: string, id: string, input: ActionInput = {}): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'conditional-withdrawal', input, async (s, color) => {
      const row = await this.conditionals.find(s.game.id, id);
      // Another's chain is as unknown as none: conditionals are private to their owner.
      if (!row || row.playerId !== s.players[color].id) throw refusals.unknownConditional(id);
      if (row.status !== 'pending')
        throw refusals.notAllowedNow(
          'this conditional reply is no longer pending',
          'această mutare condiționată nu mai așteaptă',
          'ten ruch warunkowy już nie czeka',
        );
      Object.assign(row, { status: 'dropped', reason: WITHDRAWN, closedAt: s.now });
      await this.conditionals.update(row);
      return this.actions.result(s);
    });
  }
}
