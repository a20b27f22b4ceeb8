import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { sideInGame } from '../auth/core/permissions';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/clock';
import { GameActions, type ActionInput } from '../games/actions/game-actions.service';
import type { Color } from '../engine/types';
import { refusals } from '../games/core/game-refusals';
import { addDays, compareDays, localDate, toLocalDate, type LocalDate } from '../common/calendar';
import { StateDeclarationsRepository } from './state-declarations.repository';
import { DEFAULT_TIMELINE_RULES } from './core/timeline';
import { timeRefusals } from './time-refusals';
import { CompetitionsRepository } from '../competitions/competitions.repository';

export const MAX_DECLARATION_LENGTH = 4000;

export interface StateDeclarationView {
  readonly gameId: string;
  readonly color: Color;
  readonly text: string;
  readonly declaredOn: LocalDate;
  /** Whether it replaced the player's earlier declaration. */
  readonly replaced: boolean;
}

/**
 * docs/rules.md §7: a game unfinished at the closing date gets 1/1 "provided at least one of
 * them declares the game's state at the deadline" (on the platform the record itself is
 * that information: docs/rules.md, closing-date.ts). The sweep asks both players on the
 * closing date; a declaration is taken from that day through the report window (closing
 * + 5 days), and read when the window has passed (SweepActions, `report-window-closed`).
 */
@Injectable()
export class StateDeclarationsService {
  constructor(
    private readonly actions: GameActions,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly declarations: StateDeclarationsRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  declareState(
    actor: Actor,
    gameId: string,
    input: { readonly text: string } & Pick<ActionInput, 'inTransaction'>,
  ): Promise<StateDeclarationView> {
    return this.actions.onGame(
      gameId,
      async (game) => {
        const color = sideInGame(actor, game);
        if (!color) throw refusals.unlessSeen(actor, game, await this.competitions.get(game.competitionId), refusals.notYourGame());
        if (game.status !== 'playing') throw refusals.gameOver();
        const text = typeof input.text === 'string' ? input.text.trim() : '';
        if (text === '' || text.length > MAX_DECLARATION_LENGTH) {
          throw refusals.badInput(
            `the declaration is a text of 1 to ${MAX_DECLARATION_LENGTH} characters`,
            `declarația este un text de 1 până la ${MAX_DECLARATION_LENGTH} de caractere`,
            `zgłoszenie to tekst o długości od 1 do ${MAX_DECLARATION_LENGTH} znaków`,
          );
        }
        const competition = await this.competitions.get(game.competitionId);
        const now = this.clock.now();
        const today = localDate(now, competition.timeZone);
        const closing = toLocalDate(competition.closingDate);
        const reportBy = addDays(closing, DEFAULT_TIMELINE_RULES.reportWindowDays);
        if (compareDays(today, closing) < 0) throw timeRefusals.declarationNotYet(closing);
        if (compareDays(today, reportBy) > 0) throw timeRefusals.declarationTooLate(reportBy);

        const playerId = color === 'red' ? game.redPlayerId : game.bluePlayerId;
        const existing = await this.declarations.declarationOf(gameId, playerId);
        if (existing) await this.declarations.rewrite(existing.id, { text, declaredOn: today, declaredAt: now });
        else await this.declarations.add({ gameId, playerId, color, text, declaredOn: today, declaredAt: now });
        // docs/rules.md §7: the partner hears of it, from the event with the game as it stands (mail/core/timeline-facts.ts).
        await this.actions.tell(gameId, () => [{ kind: 'state-declared', turn: game.turn, player: color, text, declaredOn: today }]);
        await this.audit.record({
          actor,
          action: 'state.declared',
          competitionId: game.competitionId,
          gameId,
          details: { color, text, replaced: existing !== null },
        });
        return { gameId, color, text, declaredOn: today, replaced: existing !== null };
      },
      input,
    );
  }
}
