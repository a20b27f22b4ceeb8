import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { refused } from '../common/api-responses';
import { RecordAttemptActions } from './record-attempt-actions.service';
import { RecordAttemptsService } from './record-attempts.service';

type JsonBody = Readonly<Record<string, unknown>>;

/**
 * Record attempts over JSON (docs/rules.md §14): the announcement, the attempt's view and one
 * route for every action on it (`action`: accept-regulation, start, move, pass, release,
 * challenge, claim-time, sign), each through RecordAttemptActions.actOnAttempt.
 */
@ApiTags('records')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@refused(400, 'Bad input (BAD_COMMAND, BAD_ANNOUNCEMENT, BAD_SEQUENCE, NOT_CONFIRMED) or a move the rules refuse (NOT_CONNECTED, …).')
@refused(403, 'Not your part: NOT_THE_PLAYER, NOT_THE_COMMITTEE; announcing without the arbiter role (FORBIDDEN).')
@refused(404, 'No such attempt (UNKNOWN_ATTEMPT).')
@refused(409, 'Not now: NOT_NOW (the state, the clock), TIME_NOT_OVER, KEY_REUSED, NO_WORD_LIST.')
@Controller('api/records')
export class RecordsController {
  constructor(
    private readonly attempts: RecordAttemptsService,
    private readonly actions: RecordAttemptActions,
  ) {}

  @Post('attempts')
  @ApiOperation({ summary: 'Announce a record attempt: player, plannedDay, committeeA/B (e-mail addresses), lexicon, seed or sequence.' })
  announce(@CurrentActor() actor: Actor, @Body() body: JsonBody) {
    return this.attempts.announce(actor, body ?? {});
  }

  @Get('attempts/:attemptId')
  @ApiOperation({ summary: "The attempt's full record, position, clock and protocol." })
  view(@CurrentActor() actor: Actor, @Param('attemptId') attemptId: string) {
    return this.attempts.view(actor.kind === 'user' ? actor.userId : undefined, attemptId);
  }

  @Post('attempts/:attemptId/actions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One action on the attempt (`action`, its fields, `confirm: true` where it cannot be undone, `idempotencyKey`).',
  })
  act(@CurrentActor() actor: Actor, @Param('attemptId') attemptId: string, @Body() body: JsonBody) {
    const key = body && typeof body.idempotencyKey === 'string' ? body.idempotencyKey : undefined;
    return this.actions.actOnAttempt(actor, attemptId, body ?? {}, { idempotencyKey: key });
  }
}
