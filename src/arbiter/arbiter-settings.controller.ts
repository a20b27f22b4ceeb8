import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { UsersService } from '../auth/users.service';
import { ArbiterSettingsDto } from './dto/arbiter-settings.dto';

/** The arbiter's own settings over JSON (docs/mail-rules.md 20): how they are told of their cases. */
@ApiTags('arbiter')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No API key, or an unknown or revoked one (UNAUTHENTICATED).' })
@ApiResponse({ status: 403, description: 'Not an arbiter (FORBIDDEN).' })
@UseGuards(ApiKeyGuard)
@Controller('api/arbiter/settings')
export class ArbiterSettingsController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'How the arbiter is told of new and overdue cases: `at-once` or `digest` (the daily digest, the default).' })
  @ApiOkResponse({ description: '{caseMail}' })
  get(@CurrentActor() actor: Actor) {
    return this.users.arbiterSettings(actor);
  }

  @Put()
  @ApiOperation({ summary: 'Choose how to be told of cases: one mail per case at once, or the daily digest at the digest hour.' })
  @ApiOkResponse({ description: '{caseMail} as stored.' })
  @ApiResponse({ status: 400, description: 'Neither `at-once` nor `digest` (BAD_INPUT).' })
  set(@CurrentActor() actor: Actor, @Body() dto: ArbiterSettingsDto) {
    return this.users.setArbiterSettings(actor, dto);
  }
}
