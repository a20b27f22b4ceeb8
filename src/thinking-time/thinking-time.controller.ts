import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { ClocksService } from './clocks.service';
import { DowntimeDecisionDto, GrantDaysDto, RefusedMailPenaltyDto, SpecialLeaveDto, StateDeclarationDto } from './dto/time-controls.dto';
import { StateDeclarationsService } from './state-declarations.service';
import { TimeControlsService } from './time-controls.service';

/**
 * Thinking time over JSON (docs/sweep.md): the live clocks of a game, the closing-date
 * declaration, and the arbiter's controls on time. DTO in, one service call, its result out.
 */
@ApiTags('thinking time')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@ApiResponse({ status: 403, description: 'Not a player of this game (NOT_YOUR_GAME), or not its arbiter (FORBIDDEN).' })
@ApiResponse({ status: 404, description: 'No such game, competition or case.' })
@Controller('api')
export class ThinkingTimeController {
  constructor(
    private readonly clocks: ClocksService,
    private readonly declarations: StateDeclarationsService,
    private readonly controls: TimeControlsService,
  ) {}

  @Get('games/:id/clocks')
  @ApiOperation({
    summary: "Both players' thinking days used and left today, the move awaited and its silence, the deadlines (docs/rules.md §5).",
  })
  @ApiOkResponse({ description: 'The clocks, in the competition’s time zone.' })
  gameClocks(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.clocks.view(actor, id);
  }

  @Post('games/:id/state-declaration')
  @HttpCode(200)
  @ApiOperation({ summary: "Declare an unfinished game's state, from the closing date through the report window (docs/rules.md §7)." })
  declareState(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: StateDeclarationDto) {
    return this.declarations.declareState(actor, id, dto);
  }

  @Post('games/:id/time-credits')
  @HttpCode(200)
  @ApiOperation({ summary: "Arbiter: give days back to a player's clock (docs/rules.md §5)." })
  grantDays(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: GrantDaysDto) {
    return this.controls.grantDays(actor, id, dto);
  }

  @Post('games/:id/refused-mail-penalties')
  @HttpCode(200)
  @ApiOperation({ summary: "Arbiter: charge the 10 days for mail refused through the player's fault (docs/rules.md §5)." })
  chargeRefusedMail(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: RefusedMailPenaltyDto) {
    return this.controls.chargeRefusedMail(actor, id, dto);
  }

  @Post('competitions/:id/special-leave')
  @HttpCode(200)
  @ApiOperation({ summary: "Arbiter: approve special leave — no thinking days, no silence — in all the player's games." })
  approveLeave(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: SpecialLeaveDto) {
    return this.controls.approveSpecialLeave(actor, id, dto);
  }

  @Post('cases/:id/downtime-credit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Arbiter: confirm (credit the days) or dismiss the credits proposed after a platform outage (docs/rules.md §5).',
  })
  decideDowntimeCredit(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: DowntimeDecisionDto) {
    return this.controls.decideDowntimeCredit(actor, id, dto);
  }
}
