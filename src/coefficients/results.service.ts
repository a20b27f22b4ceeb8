import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { receiptKeyOf } from '../games/entities/action-receipt.entity';
import { canArbitrate, sideInGame } from '../auth/core/permissions';
import { AuditService } from '../audit/audit.service';
import { AWAITING_RESULT_CASES } from '../arbiter/case.entity';
import { CasesService } from '../arbiter/cases.service';
import { Clock } from '../common/clock';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import type { Color } from '../engine';
import { refusals } from '../games/core/game-refusals';
import type { Game } from '../games/entities/game.entity';
import { GameRepository } from '../games/persistence/game.repository';
import { GameActions, type ActionInput } from '../games/actions/game-actions.service';
import type { GameWrite } from '../games/actions/game-write';
import { ResultsRepository } from '../games/persistence/results.repository';
import { localDate, toLocalDate, type LocalDate } from '../common/calendar';
import { toDecimal } from './core/coefficients';
import { answerRefusal, homologationRefusal, objectionRefusals } from './core/homologation-refusals';
import { mayAnswer, mayHomologate, type HomologationBasis } from './core/homologation-rule';
import type { Objection, ObjectionDecision, Result } from '../games/entities/result.entity';
import { jsonResult, resultView, type ResultView } from '../games/model/result-view';
import { RankingService } from '../ranking/ranking.service';

/** The action a decision's idempotency receipt is filed under: a key reused for another action is refused. */
const OBJECTION_DECISION = 'objection-decision';

/** A player's answer sent by mail marks the mail applied in the same transaction (docs/mail-rules.md 11). */
type InMailAction = Pick<ActionInput, 'inTransaction'>;

/**
 * Results after their proposal (docs/rules.md §7; games/actions/result-proposals.service.ts proposes them when a
 * game ends): confirmed or objected to by the players within 5 days (silence confirms),
 * homologated automatically for a normal end when the competition says so, by the arbiter otherwise.
 * The game's page and view show the result, so every change of it bumps the game's version,
 * under the game's row lock (game-rows-cache.ts).
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly cases: CasesService,
    private readonly results: ResultsRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly games: GameRepository,
    private readonly frame: GameActions,
    private readonly ranking: RankingService,
  ) {}

  /**
   * The results of these games and today in the competition's time zone (the homologation
   * page); the caller has checked that the actor runs the competition.
   */
  async forHomologation(gameIds: readonly string[], timeZone: string): Promise<{ today: LocalDate; results: Map<string, Result> }> {
    const rows = gameIds.length ? await this.db.run(() => this.results.ofGames(gameIds)) : [];
    return { today: localDate(this.clock.now(), timeZone), results: new Map(rows.map((r) => [r.gameId, r])) };
  }

  /**
   * docs/rules.md §7 (mayAnswer): a confirmation or an objection is taken through the window's last
   * day, in the competition's time zone, and refused after it with that day; nothing changes.
   */
  private async checkAnswerWindow(game: Game, result: Result): Promise<void> {
    const competition = await this.competitions.get(game.competitionId);
    const today = localDate(this.clock.now(), competition.timeZone);
    const answer = mayAnswer({ status: result.status, today, dueOn: toLocalDate(result.dueOn) });
    if (!answer.ok) throw answerRefusal(answer.why, answer.closedOn);
  }

  /** A player confirms the final sheet; with both confirmations an automatic result is homologated at once. */
  confirmResult(actor: Actor, gameId: string, options: InMailAction = {}): Promise<ResultView> {
    return this.onResult(actor, gameId, 'player', options, async (game, result, color, w) => {
      await this.checkAnswerWindow(game, result);
      if (color === 'red') result.redConfirmedAt ??= this.clock.now();
      else result.blueConfirmedAt ??= this.clock.now();
      await this.results.setConfirmations(result);
      await w.changed([game.id]);
      await this.audit.record({ actor, action: 'result.confirmed', competitionId: game.competitionId, gameId, details: { color } });
      if (result.redConfirmedAt && result.blueConfirmedAt && result.automatic && result.objections.length === 0) {
        await this.homologateResult(w, { kind: 'system' }, game, result, { reason: 'both players confirmed' });
      }
    });
  }

  /** A player objects to the final sheet: the result then waits for the arbiter (docs/rules.md §7). */
  objectToResult(actor: Actor, gameId: string, text: string, options: InMailAction = {}): Promise<ResultView> {
    return this.onResult(actor, gameId, 'player', options, async (game, result, color, w) => {
      await this.checkAnswerWindow(game, result);
      if (!text.trim())
        throw refusals.badInput(
          'an objection says what is wrong',
          'obiecția spune ce nu este corect',
          'zastrzeżenie mówi, co jest nie tak',
        );
      result.objections = [...result.objections, { color: color!, text: text.trim(), at: this.clock.now().toISOString() }];
      await this.results.setObjections(result.id, result.objections);
      await w.changed([game.id]);
      await this.cases.open({
        competitionId: game.competitionId,
        gameId,
        kind: 'objection',
        dueOn: result.dueOn,
        payload: { color: color!, text: text.trim() },
      });
      await this.audit.record({
        actor,
        action: 'result.objected',
        competitionId: game.competitionId,
        gameId,
        details: { color: color!, text },
      });
    });
  }

  /**
   * The arbiter homologates a proposed result (any ending); it then counts in the standings.
   * docs/rules.md §7 (mayHomologate): never while an objection is undecided; inside the players'
   * 5 days only with both confirmations, or with `override` and a reason (audited).
   */
  homologate(actor: Actor, gameId: string, reason?: string, override = false): Promise<ResultView> {
    return this.onResult(actor, gameId, 'arbiter', {}, (game, result, _color, w) =>
      this.homologateResult(w, actor, game, result, { reason: reason ?? null, override }),
    );
  }

  /**
   * The same, inside the transaction of the game action that holds the game's row lock and
   * checked the arbiter's right (HomologationService: the closing-date result, the batch).
   */
  homologateInAction(actor: Actor, gameId: string, ask: { reason?: string | null; override?: boolean }): Promise<ResultView> {
    // Joins the frame of the action that called it (GameActions.write).
    return this.frame.write(async (w) => {
      const game = await w.lock(gameId);
      const result = await this.results.resultOf(gameId);
      if (!result)
        throw refusals.notAllowedNow('the game has no result yet', 'partida nu are încă un rezultat', 'partia nie ma jeszcze wyniku');
      await this.homologateResult(w, actor, game, result, { reason: ask.reason ?? null, override: ask.override === true });
      return resultView(result);
    });
  }

  /**
   * The arbiter decides a player's objection to the final sheet, upheld or rejected, always
   * with a reason: audited, its case closed with that decision, the players told on the game
   * page and by mail, each in their language. Upholding it does not change the sheet by
   * itself: a score correction does (§6). A repeated `idempotencyKey` decides (and mails) once.
   */
  decideObjection(
    actor: Actor,
    gameId: string,
    index: number,
    verdict: string,
    reason: string,
    idempotencyKey?: string,
  ): Promise<ResultView> {
    return this.onResult(actor, gameId, 'arbiter', {}, async (game, result, _color, w) => {
      const key = receiptKeyOf(actor, idempotencyKey);
      if ((await w.receipt(gameId, OBJECTION_DECISION, key)) !== undefined) return;
      if (result.status === 'homologated') throw homologationRefusal('already-homologated', toLocalDate(result.dueOn));
      const objection: Objection | undefined = Number.isSafeInteger(index) && index >= 0 ? result.objections[index] : undefined;
      if (!objection) throw objectionRefusals.unknown();
      if (objection.decision) throw objectionRefusals.decided();
      if (verdict !== 'upheld' && verdict !== 'rejected') throw objectionRefusals.verdict();
      if (!reason.trim()) throw objectionRefusals.reason();
      const decision = {
        verdict,
        reason: reason.trim(),
        at: this.clock.now().toISOString(),
        byUserId: actor.kind === 'user' ? actor.userId : null,
      } as const;
      result.objections = result.objections.map((o, i) => (i === index ? { ...o, decision } : o));
      await this.results.setObjections(result.id, result.objections);
      await w.changed([game.id]);
      // The objection's own case (one per objection, opened with its colour and text).
      const cases = await this.cases.openFor(game.id, ['objection']);
      const own = cases.find((c) => c.payload.color === objection.color && c.payload.text === objection.text) ?? cases[0];
      if (own) await this.cases.closeOne(own.id);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'result.objection-decided',
        competitionId: game.competitionId,
        gameId,
        details: { color: objection.color, objection: objection.text, verdict, reason: decision.reason },
      });
      await this.tellObjectionDecided(game, objection, decision);
      await w.storeReceipt(gameId, OBJECTION_DECISION, key, { index, verdict, reason: decision.reason });
    });
  }

  /**
   * docs/rules.md §7: both players read the decision on an objection and its reason, each in their
   * own language, signed by who decided (mail/core/result-facts.ts objection-decided).
   */
  private async tellObjectionDecided(game: Game, objection: Objection, decision: ObjectionDecision): Promise<void> {
    const { timeZone } = await this.competitions.get(game.competitionId);
    const day = (iso: string) => localDate(new Date(iso), timeZone);
    await this.frame.tell(game.id, (s) => [
      {
        kind: 'objection-decided',
        turn: s.game.turn,
        objector: objection.color,
        objection: objection.text,
        objectedOn: day(objection.at),
        upheld: decision.verdict === 'upheld',
        reason: decision.reason,
        decidedOn: day(decision.at),
        decidedBy: decision.byUserId,
      },
    ]);
  }

  /**
   * The scheduler's daily call: automatic results whose 5 days have passed without an
   * objection are homologated (silence confirms). Safe to run twice. Returns how many.
   */
  async settleResultsDue(day: LocalDate): Promise<number> {
    const due = await this.db.run(() => this.results.automaticDueBefore(day));
    let settled = 0;
    for (const gameId of due) {
      settled += await this.frame.write(async (w) => {
        const game = await w.lock(gameId);
        const result = await this.results.resultOfOrFail(gameId);
        if (result.status !== 'proposed' || !result.automatic || result.objections.length > 0 || result.dueOn >= day) return 0;
        await this.homologateResult(w, { kind: 'system' }, game, result, { reason: 'no objection within 5 days', today: day });
        return 1;
      });
    }
    return settled;
  }

  private async homologateResult(
    w: GameWrite,
    actor: Actor,
    game: Game,
    result: Result,
    ask: { reason: string | null; override?: boolean; today?: LocalDate },
  ): Promise<void> {
    const competition = await this.competitions.get(game.competitionId);
    const dueOn = toLocalDate(result.dueOn);
    const decision = mayHomologate(
      {
        status: result.status,
        today: ask.today ?? localDate(this.clock.now(), competition.timeZone),
        dueOn,
        confirmed: { red: result.redConfirmedAt !== null, blue: result.blueConfirmedAt !== null },
        openObjections: result.objections.filter((o) => !o.decision).length,
      },
      // Only an explicit request overrides the players' window: the platform's own paths never ask.
      { override: ask.override === true, reason: ask.reason },
    );
    if (!decision.ok) throw homologationRefusal(decision.why, dueOn);
    const basis: HomologationBasis = decision.basis;
    const reason = ask.reason?.trim() || null;
    result.status = 'homologated';
    result.homologatedAt = this.clock.now();
    result.homologatedByUserId = actor.kind === 'user' ? actor.userId : null;
    await this.results.markHomologated(result);
    await w.changed([game.id]);
    // A homologated result also settles the sweep's silence and closing-date cases of the game.
    // Objection cases are not among them: each closes with its own decision (decideObjection).
    await this.cases.closeFor(game.id, ['result', ...AWAITING_RESULT_CASES]);
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'result.homologated',
      competitionId: game.competitionId,
      gameId: game.id,
      details: {
        reason,
        basis,
        override: basis === 'override',
        windowEndsOn: dueOn,
        confirmed: { red: result.redConfirmedAt !== null, blue: result.blueConfirmedAt !== null },
        objections: result.objections.map((o) => ({ color: o.color, verdict: o.decision?.verdict ?? null })),
        coefficients: { red: toDecimal(result.redCoefficient), blue: toDecimal(result.blueCoefficient) },
      },
    });
    const homologated = jsonResult(resultView(result));
    await this.frame.tell(game.id, (s) => [{ kind: 'result-homologated', turn: s.game.turn, result: homologated }]);
    await this.finishCompetitionIfDone(game.competitionId);
  }

  /**
   * The competition is finished when its last result is homologated: the public pages and the
   * anonymisation of players go by it. The competition row is locked so that two last results
   * homologated at once cannot each see the other still open. Its federation's ranking then
   * counts its games (docs/rules.md §12.1), computed again in the same transaction.
   */
  private async finishCompetitionIfDone(competitionId: string): Promise<void> {
    const competition = await this.competitions.lock(competitionId);
    const open = await this.results.unhomologatedGames(competitionId);
    if (open > 0) return;
    await this.competitions.markFinished(competitionId);
    if (competition) await this.ranking.recompute(competition.rules);
  }

  /** One write on one game's result, under the game's lock (the frame's), with the actor's permission checked. */
  private onResult(
    actor: Actor,
    gameId: string,
    as: 'player' | 'arbiter',
    options: InMailAction,
    work: (game: Game, result: Result, color: Color | null, w: GameWrite) => Promise<void>,
  ): Promise<ResultView> {
    return this.frame.onGame(
      gameId,
      async (game, w) => {
        let color: Color | null = null;
        if (as === 'player') {
          color = sideInGame(actor, game);
          if (!color) throw refusals.unlessSeen(actor, game, await this.competitions.get(game.competitionId), refusals.notYourGame());
        } else {
          const competition = await this.competitions.get(game.competitionId);
          if (!canArbitrate(actor, competition, game)) throw refusals.unlessSeen(actor, game, competition, refusals.notArbiter());
        }
        const result = await this.results.resultOf(gameId);
        if (!result)
          throw refusals.notAllowedNow('the game has no result yet', 'partida nu are încă un rezultat', 'partia nie ma jeszcze wyniku');
        if (as === 'player' && result.status === 'homologated') {
          throw refusals.notAllowedNow('the result is already homologated', 'rezultatul este deja omologat', 'wynik jest już zatwierdzony');
        }
        await work(game, result, color, w);
        return resultView(result);
      },
      options,
    );
  }
}
