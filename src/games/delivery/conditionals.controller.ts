import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/core/actor';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { CurrentActor } from '../../auth/current-actor.decorator';
import { refused } from '../../common/api-responses';
import { ConditionalsService } from '../actions/conditionals.service';
import { StoreConditionalDto } from './dto/conditional.dto';

/** Conditional replies over JSON: store, list and withdraw a player's chains. */
@ApiTags('games')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@refused(400, 'A chain the rules refuse, naming its step (BAD_CONDITIONAL), or bad input.')
@refused(404, 'No such game, or one the caller neither plays nor arbitrates (UNKNOWN_GAME); no such chain of yours (UNKNOWN_CONDITIONAL).')
@refused(409, 'Not now: GAME_OVER, the competition does not allow them, the arbiter before the game has ended (NOT_ALLOWED_NOW).')
@Controller('api/games')
export class ConditionalsController {
  constructor(private readonly conditionals: ConditionalsService) {}

  @Post(':id/conditionals')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Store replies to exact partner moves: `IF 7c GO THEN c7 GOL [IF … THEN …]` (or DACĂ … ATUNCI …). Each step is checked against the position; a matching partner move is answered at once, with 0 thinking days.',
  })
  store(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: StoreConditionalDto) {
    return this.conditionals.store(actor, id, { ...dto, channel: 'api' });
  }

  @Get(':id/conditionals')
  @ApiOperation({
    summary:
      "The caller's own chains in the game (pending, applied, dropped with the reason); the arbiter's, every chain once the game has ended.",
  })
  @ApiOkResponse({ description: 'The chains.' })
  list(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.conditionals.list(actor, id);
  }

  @Delete(':id/conditionals/:conditionalId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw one of your pending chains.' })
  withdraw(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('conditionalId') conditionalId: string) {
    return this.conditionals.withdraw(actor, id, conditionalId);
  }
}
