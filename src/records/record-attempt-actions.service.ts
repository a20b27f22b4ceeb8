import { Injectable } from '@nestjs/common';
import { actorKey, type Actor } from '../auth/core/actor';
import { localDate } from '../common/calendar';
import { Clock } from '../common/clock';
import { Refusal } from '../common/refusal';
import { Database } from '../database/database';
import { Lexicons } from '../games/persistence/lexicons.service';
import {
  CONFIRMED_COMMANDS,
  RECORD_TIME_ZONE,
  challengeSucceeds,
  checkNamedWords,
  parseCommand,
  protocolOutcome,
  requireMoment,
  requirePart,
  timeIsOver,
  usedAt,
  type AttemptCommand,
} from './core/record-rules';
import { recordChallengeVerdict, refuse, unknownAttempt } from './core/record-texts';
import { playSolo, soloEnd, soloFinalScore, soloRackDeduction, type SoloEndReason, type SoloState } from './core/solo-game';
import { factsOf, pendingOf, soloAfter } from './record-attempt-state';
import type { RecordAttempt } from './record-attempt.entity';
import { RecordAttemptsRepository } from './record-attempts.repository';
import { RecordReceipt } from './record-receipt.entity';
import type { RecordTurn } from './record-turn.entity';

/** What a write to an attempt answers: the action done, the attempt's new version, and the end if play ended. */
export interface AttemptActionResult {
  readonly attemptId: string;
  readonly action: AttemptCommand['kind'];
  readonly version: number;
  readonly status: RecordAttempt['status'];
  readonly endReason: SoloEndReason | null;
  readonly finalScore: number | null;
  /** A challenge's one verdict [P 4.8], in the three languages. */
  readonly verdict?: { readonly successful: boolean; readonly ro: string; readonly en: string; readonly pl: string };
  /** The move came after the time was over: not recorded [P 6.1.2], play ended. */
  readonly timeOver?: boolean;
  /** Set when the protocol closed the attempt. */
  readonly succeeded?: boolean | null;
}

export interface AttemptActionOptions {
  /** A form token or the API caller's key: a repeat by the same actor returns the first result. */
  readonly idempotencyKey?: string;
}

const notConfirmed = () =>
  refuse(
    'NOT_CONFIRMED',
    400,
    'Bifați căsuța de confirmare: acțiunea nu mai poate fi anulată.',
    'Tick the confirmation box: this cannot be undone.',
    'Zaznacz pole potwierdzenia: tej czynności nie można cofnąć.',
  );

function isConfirmed(body: unknown): boolean {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>).confirm : undefined;
  return v === true || v === 'yes' || (Array.isArray(v) && v.includes('yes'));
}

/**
 * The one way to write to a record attempt (docs/rules.md §14): one transaction holding the
 * attempt's row lock, the actor's receipt for a repeated key, who may act and when, then the
 * command's effect on the attempt and its record. A refusal is thrown inside the transaction:
 * nothing it touched is kept.
 */
@Injectable()
export class RecordAttemptActions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly lexicons: Lexicons,
    private readonly attempts: RecordAttemptsRepository,
  ) {}

  actOnAttempt(actor: Actor, attemptId: string, body: unknown, options: AttemptActionOptions = {}): Promise<AttemptActionResult> {
    const command = parseCommand(body);
    if (command instanceof Refusal) return Promise.reject(command);
    if (CONFIRMED_COMMANDS.has(command.kind) && !isConfirmed(body)) return Promise.reject(notConfirmed());
    const key = options.idempotencyKey?.trim() || undefined;
    if (key !== undefined && key.length > 200)
      return Promise.reject(
        refuse('BAD_KEY', 400, 'Cheie de idempotență prea lungă.', 'Idempotency key too long.', 'Klucz idempotencji jest za długi.'),
      );
    return this.db.transaction(async () => {
      const attempt = await this.attempts.attempt(attemptId, { lock: true });
      if (!attempt) throw unknownAttempt();
      if (actor.kind !== 'user')
        throw refuse(
          'NOT_THE_PLAYER',
          403,
          'Doar persoanele încercării acționează.',
          "Only the attempt's people act.",
          'Działać mogą tylko uczestnicy próby.',
        );
      if (key !== undefined) {
        const receipt = await this.attempts.receipt(attempt.id, actorKey(actor), key);
        if (receipt) {
          if (receipt.action !== command.kind)
            throw refuse(
              'KEY_REUSED',
              409,
              'Cheia a fost folosită pentru altă acțiune.',
              'The key was used for another action.',
              'Klucz użyto już do innej czynności.',
            );
          return receipt.result as AttemptActionResult;
        }
      }
      const facts = factsOf(attempt);
      const denied = requirePart(facts, actor.userId, command);
      if (denied) throw denied;
      const now = this.clock.now();
      const turns = await this.attempts.turns(attempt.id);
      const pending = pendingOf(turns);
      const notNow = requireMoment(facts, command, pending, localDate(now, RECORD_TIME_ZONE), actor.userId);
      if (notNow) throw notNow;
      const extra = await this.apply(attempt, turns, command, actor.userId, now);
      attempt.version += 1;
      await this.attempts.saveAttempt(attempt);
      const result: AttemptActionResult = {
        attemptId: attempt.id,
        action: command.kind,
        version: attempt.version,
        status: attempt.status,
        endReason: attempt.endReason,
        finalScore: attempt.finalScore,
        ...extra,
      };
      if (key !== undefined) {
        const receipt = Object.assign(new RecordReceipt(), {
          attemptId: attempt.id,
          actor: actorKey(actor),
          idempotencyKey: key,
          action: command.kind,
          result,
          createdAt: now,
        });
        await this.attempts.addReceipt(receipt);
      }
      return result;
    });
  }

  private async apply(
    attempt: RecordAttempt,
    turns: RecordTurn[],
    command: AttemptCommand,
    userId: string,
    now: Date,
  ): Promise<Partial<AttemptActionResult>> {
    switch (command.kind) {
      case 'accept-regulation':
        attempt.regulationAcceptedAt = now;
        return {};
      case 'start':
        // [R, the committee's duty 3]: the committee starts the clock.
        attempt.status = 'playing';
        attempt.startedAt = now;
        attempt.clockSince = now;
        return {};
      case 'move':
      case 'pass':
        return this.playTurn(attempt, turns, command, now);
      case 'release':
        return this.recordPending(attempt, turns, now);
      case 'challenge':
        return this.challenge(attempt, turns, command.words, userId, now);
      case 'claim-time':
        if (!timeIsOver(factsOf(attempt), now))
          throw refuse(
            'TIME_NOT_OVER',
            409,
            'Timpul jucătorului nu a expirat.',
            "The player's time is not over.",
            'Czas gracza jeszcze nie upłynął.',
          );
        attempt.usedMs = attempt.timeLimitMs;
        this.finish(attempt, soloAfter(attempt, turns), 'time', now);
        return {};
      case 'sign':
        return this.sign(attempt, command, userId, now);
    }
  }

  /** The player's turn stops the clock [R: "wyłączenia dokonuje sam podejmujący próbę"]; after the time, it is not recorded [P 6.1.2]. */
  private async playTurn(
    attempt: RecordAttempt,
    turns: RecordTurn[],
    command: Extract<AttemptCommand, { kind: 'move' | 'pass' }>,
    now: Date,
  ) {
    const state = soloAfter(attempt, turns);
    const used = usedAt(factsOf(attempt), now);
    if (used >= attempt.timeLimitMs) {
      attempt.usedMs = attempt.timeLimitMs;
      this.finish(attempt, state, 'time', now);
      return { timeOver: true };
    }
    const step = playSolo(state, command.kind === 'pass' ? { kind: 'pass' } : command.move);
    if (!step.ok) throw new Refusal(step.code, step.message, 400);
    const r = step.record;
    attempt.usedMs = used;
    attempt.clockSince = null;
    await this.attempts.saveTurn({
      attemptId: attempt.id,
      n: r.n,
      kind: r.kind === 'place' ? 'place' : 'pass',
      notation: r.notation,
      tiles: [...r.tiles],
      words: [...r.words],
      score: r.score,
      total: r.total,
      rackBefore: r.rackBefore,
      rackAfter: r.rackAfter,
      status: 'pending',
      usedMs: used,
      playedAt: now,
      challengeWords: null,
      challengedByUserId: null,
      verdict: null,
    });
    return {};
  }

  /** The committee records the turn and starts the clock again, or ends play when the turn ended it [P 5.1.1, 5.1.2, 6.1.1]. */
  private async recordPending(attempt: RecordAttempt, turns: RecordTurn[], now: Date) {
    const pending = turns.at(-1)!;
    if (pending.status === 'pending') pending.status = 'recorded';
    await this.attempts.saveTurn(pending);
    const state = soloAfter(attempt, turns);
    const end = soloEnd(state);
    if (end) this.finish(attempt, state, end, now);
    else attempt.clockSince = now;
    return {};
  }

  /** [R duty 2, P 4.7]: the words named checked in the official list; one verdict; a failed move taken back as a lost turn [P 4.8]. */
  private async challenge(attempt: RecordAttempt, turns: RecordTurn[], words: readonly string[], userId: string, now: Date) {
    const pending = turns.at(-1)!;
    const formed = pending.words.map((w) => w.word);
    const wrongWords = checkNamedWords(words, formed);
    if (wrongWords) throw wrongWords;
    const lexicon = this.lexicons.forCompetition({ lexicon: attempt.lexicon, tileSet: attempt.tileSet });
    if (!lexicon)
      throw refuse(
        'NO_WORD_LIST',
        409,
        'Lista oficială de cuvinte lipsește de pe server.',
        'The official word list is missing on the server.',
        'Brak oficjalnego słownika na serwerze.',
      );
    const named = words.map((w) => formed.find((f) => f.toUpperCase() === w.toUpperCase())!);
    const successful = challengeSucceeds(named, (w) => lexicon.has(w));
    const verdict = recordChallengeVerdict(successful, named);
    pending.challengeWords = named;
    pending.challengedByUserId = userId;
    pending.verdict = verdict;
    if (successful) {
      pending.status = 'withdrawn';
      pending.score = 0;
      pending.total = soloAfter(attempt, turns.slice(0, -1)).total;
      pending.rackAfter = pending.rackBefore;
    }
    await this.recordPending(attempt, turns, now);
    return { verdict: { successful, ...verdict } };
  }

  private finish(attempt: RecordAttempt, state: SoloState, reason: SoloEndReason, now: Date): void {
    attempt.status = 'finished';
    attempt.clockSince = null;
    attempt.endReason = reason;
    attempt.rackDeduction = soloRackDeduction(state, reason);
    attempt.finalScore = soloFinalScore(state, reason);
    attempt.endedAt = now;
  }

  /** [R, end]: each member signs the protocol; the second signature closes the attempt with the committee's statement. */
  private async sign(attempt: RecordAttempt, command: Extract<AttemptCommand, { kind: 'sign' }>, userId: string, now: Date) {
    attempt.signatures = [...attempt.signatures, { userId, regular: command.regular, remarks: command.remarks, at: now.toISOString() }];
    const best = await this.attempts.bestRecord(attempt.tileSet, attempt.id);
    const outcome = protocolOutcome(
      attempt.signatures,
      [attempt.committeeAUserId, attempt.committeeBUserId],
      attempt.finalScore ?? 0,
      attempt.recordToBeat,
      best,
    );
    if (!outcome) return {};
    attempt.status = 'closed';
    attempt.succeeded = outcome.succeeded;
    attempt.standingRecord = outcome.standing;
    attempt.closedAt = now;
    return { succeeded: outcome.succeeded };
  }
}
