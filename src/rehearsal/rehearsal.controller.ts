import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { Refusal } from '../common/refusal';
import { RehearsalService } from './rehearsal.service';

export class AdvanceClockDto {
  @ApiProperty({
    example: '2027-03-01T09:00:00Z',
    description: 'an ISO instant (with Z or an offset), or a day YYYY-MM-DD (its noon); never before the clock',
  })
  @IsString()
  @MaxLength(40)
  to: string;
}

/** The rehearsal clock over JSON (REHEARSAL_CLOCK=on); 404 REHEARSAL_OFF otherwise. */
@ApiTags('rehearsal')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@Controller('api/rehearsal')
export class RehearsalController {
  constructor(private readonly rehearsal: RehearsalService) {}

  @Get('clock')
  @ApiOperation({ summary: "The rehearsal clock: the platform's now and today (any user; an admin moves it)." })
  read(@CurrentActor() _actor: Actor) {
    return this.rehearsal.read();
  }

  @Post('clock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move the rehearsal clock forward (admin): every daily sweep of the days passed runs, in order.' })
  advance(@CurrentActor() actor: Actor, @Body() dto: AdvanceClockDto) {
    if (!this.rehearsal.on)
      throw new Refusal(
        'REHEARSAL_OFF',
        { ro: 'Ceasul de repetiție nu este pornit.', en: 'The rehearsal clock is not on.', pl: 'Zegar próbny nie jest włączony.' },
        404,
      );
    return this.rehearsal.advance(actor, dto.to);
  }
}
