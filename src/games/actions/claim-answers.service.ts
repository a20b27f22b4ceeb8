import { Injectable } from '@nestjs/common';
import type { Actor } from '../../auth/core/actor';
import { receiptKeyOf } from '../entities/action-receipt.entity';
import { sideInGame } from '../../auth/core/permissions';
import { Refusal } from '../../common/refusal';
import { AuditService } from '../../audit/audit.service';
import type { Case } from '../../arbiter/case.entity';
import { Clock } from '../../common/clock';
import { otherColor } from '../../common/color';
import { asJson } from '../../common/json';
import type { Competition } from '../../competitions/competition.entity';
import { GameActions } from './game-actions.service';
import type { GameWrite } from './game-write';
import { formatDayRo, localDate, type LocalDate } from '../../common/calendar';
import type { Claim } from '../entities/claim.entity';
import { claimWindow, mayAnswer, mayRule } from '../core/claim-window';
import type { Color } from '../../engine';
import { refusals } from '../core/game-refusals';
import type { Game } from '../entities/game.entity';
import { GameTimeRepository } from '../persistence/game-time.repository';
import { GameRepository } from '../persistence/game.repository';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { UserRepository } from '../../auth/user.repository';
import { CasesRepository } from '../../arbiter/cases.repository';
import { formatDayFor } from '../../common/day-format';

/** What an answer is written as on the claim's case: docs/rules.md §5 "the other player answers the arbiter". */
export interface ClaimAnswer {
  readonly color: Color;
  readonly text: string;
  readonly at: string;
  readonly source: 'web' | 'api' | 'mail';
  readonly inboundMailId?: string;
}

export interface ClaimAnswerResult {
  readonly gameId: string;
  readonly claimId: string;
  readonly answerBy: LocalDate;
  readonly answers: number;
}

const MAX_ANSWER = 2000;

/** An answer to record, the game row already locked by the caller (its version is bumped). */
/** The action a claim's answer is filed under in its receipt. */
const CLAIM_ANSWER = 'claim-answer';

export interface ClaimAnswerInput {
  readonly actor: Actor;
  readonly game: Game;
  readonly competition?: Competition;
  readonly color: Color;
  readonly text: string;
  readonly source: ClaimAnswer['source'];
  readonly inboundMailId?: string;
}

export const claimRefusals = {
  noClaim: () =>
    new Refusal(
      'NO_CLAIM',
      {
        ro: 'Nu există nicio reclamație de timp împotriva dumneavoastră la care să răspundeți.',
        en: 'There is no time claim against you to answer.',
        pl: 'Nie ma przeciwko Tobie zgłoszenia przekroczenia czasu, na które można odpowiedzieć.',
      },
      409,
    ),
  emptyText: () =>
    new Refusal(
      'BAD_INPUT',
      { ro: 'Scrieți textul răspunsului.', en: 'Write the text of your answer.', pl: 'Wpisz treść odpowiedzi.' },
      400,
    ),
  late: (answerBy: LocalDate) =>
    new Refusal(
      'CLAIM_ANSWER_LATE',
      {
        ro: `Termenul de răspuns la reclamația de timp s-a încheiat pe ${formatDayRo(answerBy)} (5 zile de la anunț, regulamentul §5): răspunsul nu mai este primit. Arbitrul decide pe baza reclamației.`,
        en: `The time to answer the time claim ended on ${answerBy} (5 days from the notice, rules §5): the answer is no longer taken. The arbiter decides on the claim.`,
        pl: `Termin odpowiedzi na zgłoszenie przekroczenia czasu minął ${formatDayFor('pl', answerBy)} (5 dni od zgłoszenia, regulamin §5): odpowiedź nie jest już przyjmowana. Sędzia rozstrzyga na podstawie zgłoszenia.`,
      },
      409,
    ),
};

/** The answers already on a claim's case (docs/rules.md §5), oldest first. */
export function answersOf(c: Pick<Case, 'payload'> | null | undefined): ClaimAnswer[] {
  const list = c?.payload.answers;
  return Array.isArray(list) ? (list as unknown as ClaimAnswer[]) : [];
}

/**
 * The accused's answer to a time claim (docs/rules.md §5), by any channel: the web form, the API
 * or the mail command RASPUNS / ANSWER. Taken through the 5th day after the claim, refused
 * after; written on the claim's case for the arbiter, audited, and told to the claimant and
 * the arbiter (one mail each, `claim-answered`).
 */
@Injectable()
export class ClaimAnswersService {
  constructor(
    private readonly actions: GameActions,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly games: GameRepository,
    private readonly time: GameTimeRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly users: UserRepository,
    private readonly cases: CasesRepository,
  ) {}

  /** The web form and the API: one write under the game's lock (the frame's); a repeated key answers once. */
  answer(
    actor: Actor,
    gameId: string,
    input: { readonly text: string; readonly source: 'web' | 'api'; readonly idempotencyKey?: string },
  ): Promise<ClaimAnswerResult> {
    return this.actions.onGame(gameId, async (game, w) => {
      const competition = await this.competitions.get(game.competitionId);
      const color = sideInGame(actor, game);
      if (!color) throw refusals.unlessSeen(actor, game, competition, refusals.notYourGame());
      const key = receiptKeyOf(actor, input.idempotencyKey);
      const found = await w.receipt(gameId, CLAIM_ANSWER, key);
      if (found !== undefined) return found as ClaimAnswerResult;
      const result = await this.record({ actor, game, competition, color, text: input.text, source: input.source }, w);
      await w.storeReceipt(gameId, CLAIM_ANSWER, key, asJson(result));
      return result;
    });
  }

  /** In the caller's write, the game row already locked (the mail command's frame). */
  async record(input: ClaimAnswerInput, w: GameWrite): Promise<ClaimAnswerResult> {
    const { game, color } = input;
    const competition = input.competition ?? (await this.competitions.get(game.competitionId));
    const text = input.text.trim();
    if (text === '') throw claimRefusals.emptyText();
    const claim = await this.time.openClaim(game.id);
    const accused: Color = color;
    const claimantColor = otherColor(accused);
    const claimantId = claimantColor === 'red' ? game.redPlayerId : game.bluePlayerId;
    if (!claim || claim.claimantPlayerId !== claimantId) throw claimRefusals.noClaim();
    const cases = await this.time.openClaimCases(game.id);
    const now = this.clock.now();
    const today = localDate(now, competition.timeZone);
    const window = claimWindow({
      toldOn: localDate(claim.createdAt, competition.timeZone),
      today,
      answered: cases.some((c) => answersOf(c).length > 0),
    });
    const decision = mayAnswer(window);
    if (!decision.ok) throw claimRefusals.late(decision.answerBy);
    const answer: ClaimAnswer = {
      color,
      text: text.slice(0, MAX_ANSWER),
      at: now.toISOString(),
      source: input.source,
      ...(input.inboundMailId && { inboundMailId: input.inboundMailId }),
    };
    let count = 0;
    for (const c of cases) {
      const answers = [...answersOf(c), answer];
      count = answers.length;
      await this.cases.setCasePayload(c.id, { ...c.payload, answers: asJson(answers) });
    }
    // The game page shows the claim's answers (web/player/time-notices.service.ts).
    await w.changed([game.id]);
    await this.audit.record({
      actor: input.actor,
      action: 'claim.answered',
      competitionId: competition.id,
      gameId: game.id,
      details: { claimId: claim.id, color, source: input.source, answerBy: window.answerBy, text: answer.text },
    });
    await this.tell({ game, competition, accused, claimantColor, answer, answeredOn: today, answerBy: window.answerBy });
    return { gameId: game.id, claimId: claim.id, answerBy: window.answerBy, answers: count };
  }

  /**
   * The claimant (in the game's thread) and the arbiter (by their first address) are told: one
   * fact (mail/core/result-facts.ts claim-answered), its mails built from it when they go out.
   */
  private async tell(x: {
    game: Game;
    competition: Competition;
    accused: Color;
    claimantColor: Color;
    answer: ClaimAnswer;
    answeredOn: LocalDate;
    answerBy: LocalDate;
  }): Promise<void> {
    const [arbiter, addresses] = await this.games.independent([
      () => this.users.find(x.competition.arbiterUserId),
      () => this.users.addressesOf(x.competition.arbiterUserId),
    ]);
    const address = addresses[0]?.address;
    await this.actions.tell(
      x.game.id,
      (s) => [
        {
          kind: 'claim-answered',
          turn: s.game.turn,
          by: x.accused,
          accused: s.players[x.accused].name,
          claimant: s.players[x.claimantColor].name,
          text: x.answer.text,
          answeredOn: x.answeredOn,
          answerBy: x.answerBy,
        },
      ],
      arbiter && address ? { address, language: arbiter.language } : undefined,
    );
  }
}

/**
 * docs/rules.md §5 before a claim ruling: upholding while the accused may still answer (no answer
 * yet, the 5 days not over) needs the arbiter's explicit override (claim-window.ts mayRule).
 * `cases` are the claim's open cases (GameTimeRepository.openClaimCases).
 * Returns what the ruling's record and audit keep: the window and whether the override was used.
 */
export function checkClaimRuling(
  cases: readonly Pick<Case, 'payload'>[],
  claim: Claim,
  at: { readonly today: LocalDate; readonly timeZone: string },
  ruling: { readonly upheld: boolean; readonly earlyOverride?: boolean },
): { answerBy: LocalDate; answered: boolean; earlyOverride: boolean } {
  const answered = cases.some((c) => answersOf(c).length > 0);
  const window = claimWindow({ toldOn: localDate(claim.createdAt, at.timeZone), today: at.today, answered });
  const decision = mayRule(window, { upheld: ruling.upheld, override: ruling.earlyOverride === true });
  if (!decision.ok) {
    throw new Refusal(
      'CLAIM_WINDOW_OPEN',
      {
        ro: `Partenerul reclamat poate răspunde până la ${formatDayRo(decision.answerBy)} (5 zile, regulamentul §5): reclamația se admite înainte de acest termen doar bifând „admit înainte de termen” și motivând.`,
        en: `The accused may answer until ${decision.answerBy} (5 days, rules §5): the claim is upheld before then only with "uphold before the deadline" ticked and a reason.`,
        pl: `Gracz, którego dotyczy zgłoszenie, może odpowiedzieć do ${formatDayFor('pl', decision.answerBy)} (5 dni, regulamin §5): przed tym terminem zgłoszenie można uwzględnić tylko po zaznaczeniu „uwzględnij przed terminem” i z uzasadnieniem.`,
      },
      409,
    );
  }
  return { answerBy: window.answerBy, answered, earlyOverride: decision.overridden };
}
