import { Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { CasesService } from '../../arbiter/cases.service';
import type { Actor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { cleanName } from '../../common/names';
import { addDays } from '../../common/calendar';
import { applyMove } from '../../engine';
import { GameActions } from './game-actions.service';
import { GameRepository } from '../persistence/game.repository';
import { CasesRepository } from '../../arbiter/cases.repository';

/** The case a player opens to have a refused move looked at (docs/rules.md §3, "se adresează arbitrului"). */
export const MOVE_REVIEW_CASE = 'move-review';

/** The arbiter answers within the 5 days the rules give for a claim's answer: the player waits meanwhile. */
const REVIEW_DUE_DAYS = 5;

export interface ReviewRequest {
  readonly notation: string;
  /** The line the move was for (A/B while an appeal keeps two). */
  readonly line?: string;
  readonly comment?: string;
}

/**
 * docs/rules.md §3 technical errors: a refused move changes nothing, but the mover may ask the
 * arbiter to review the refusal; the refused move, the engine's reason and the player's
 * words are kept with the case. The arbiter records the move if the refusal was wrong
 * (the panel's "record a move"), or closes the case with the reason.
 */
@Injectable()
export class MoveReviewsService {
  constructor(
    private readonly actions: GameActions,
    private readonly cases: CasesService,
    private readonly audit: AuditService,
    private readonly games: GameRepository,
    private readonly caseRows: CasesRepository,
  ) {}

  async request(actor: Actor, gameId: string, input: ReviewRequest): Promise<{ caseId: string; dueOn: string }> {
    const notation = input.notation.trim().slice(0, 200);
    const comment = cleanName(input.comment ?? '').slice(0, 2000);
    if (!notation)
      throw new Refusal('BAD_INPUT', { ro: 'Scrieți mutarea refuzată.', en: 'Write the refused move.', pl: 'Wpisz odrzucony ruch.' });
    return this.actions.write(async (w) => {
      const s = await w.session(gameId, { lexicon: true, sharedReplays: true });
      const color = s.requirePlayer(actor);
      if (s.game.status !== 'playing') {
        throw new Refusal(
          'GAME_FINISHED',
          {
            ro: 'Partida s-a încheiat: nu mai este nimic de revizuit.',
            en: 'The game has ended: there is nothing to review.',
            pl: 'Partia się zakończyła: nie ma czego sprawdzać.',
          },
          409,
        );
      }
      const live = s.liveLines();
      const line = input.line
        ? s.resolveLine(input.line)
        : (live.find((l) => s.state(l.id).toMove === color && !s.state(l.id).over) ?? live[0]);
      const step = applyMove(s.state(line.id), notation);
      // Only a refusal can be reviewed: a move the engine takes is simply sent.
      if (step.ok) {
        throw new Refusal(
          'MOVE_NOT_REFUSED',
          {
            ro: 'Mutarea aceasta este corectă: trimiteți-o, nu este nimic de revizuit.',
            en: 'This move is valid: send it, there is nothing to review.',
            pl: 'Ten ruch jest poprawny: wyślij go, nie ma czego sprawdzać.',
          },
          409,
        );
      }
      const open = await this.caseRows.openCase(gameId, MOVE_REVIEW_CASE);
      if (open && open.payload.player === color) {
        throw new Refusal(
          'REVIEW_PENDING',
          {
            ro: 'Arbitrul are deja de revizuit o mutare a dumneavoastră în această partidă.',
            en: 'The arbiter already has a move of yours in this game to review.',
            pl: 'Sędzia ma już do sprawdzenia Twój ruch w tej partii.',
          },
          409,
        );
      }
      const dueOn = addDays(s.today, REVIEW_DUE_DAYS);
      const opened = await this.cases.open({
        competitionId: s.competition.id,
        gameId,
        kind: MOVE_REVIEW_CASE,
        dueOn,
        payload: {
          player: color,
          playerName: s.players[color].name,
          notation,
          line: s.label(line.id) ?? null,
          refusal: { code: step.code, ro: step.message.ro, en: step.message.en, pl: step.message.pl },
          comment,
        },
      });
      await this.audit.record({
        actor,
        action: 'move.review_requested',
        competitionId: s.competition.id,
        gameId,
        details: { caseId: opened.id, notation, code: step.code },
      });
      return { caseId: opened.id, dueOn };
    });
  }
}
