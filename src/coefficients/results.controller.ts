import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { refused } from '../common/api-responses';
import { HomologateDto, ObjectionDecisionDto, ObjectionDto } from './homologation.dto';
import { ResultsService } from './results.service';
import { HomologationService } from './homologation.service';

/** A game's result over JSON (docs/rules.md §7): the players confirm or object, the arbiter homologates and decides objections. */
@ApiTags('games')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@refused(400, 'Bad input.')
@refused(403, 'Seen but not yours to do: the arbiter acting as a player (NOT_YOUR_GAME), a player acting as the arbiter (FORBIDDEN).')
@refused(404, 'No such game, or one the caller neither plays nor arbitrates: the same answer (UNKNOWN_GAME).')
@refused(409, 'Not now: no result yet, already homologated, the confirmation window closed…')
@Controller('api/games')
export class ResultsController {
  constructor(
    private readonly results: ResultsService,
    private readonly homologation: HomologationService,
  ) {}

  @Post(':id/result/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the final sheet (docs/rules.md §7; silence confirms after 5 days).' })
  confirm(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.results.confirmResult(actor, id);
  }

  @Post(':id/result/objections')
  @HttpCode(200)
  @ApiOperation({ summary: 'Object to the final sheet: the result waits for the arbiter.' })
  object(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ObjectionDto) {
    return this.results.objectToResult(actor, id, dto.text);
  }

  @Post(':id/result/homologate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The arbiter homologates the result: a proposed one, or the one proposed at the closing date as it was proposed (docs/rules.md §7).',
  })
  homologate(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: HomologateDto) {
    return this.homologation.homologate(actor, id, { reason: dto.reason, override: dto.override === true });
  }

  @Post(':id/result/objections/:index/decision')
  @HttpCode(200)
  @ApiOperation({ summary: 'The arbiter upholds or rejects an objection to the final sheet, with a reason (docs/rules.md §7).' })
  decideObjection(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('index') index: string, @Body() dto: ObjectionDecisionDto) {
    const at = /^\d{1,3}$/.test(index) ? Number(index) : -1;
    return this.results.decideObjection(actor, id, at, dto.verdict, dto.reason, dto.idempotencyKey);
  }
}
