import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { AccountService } from './account.service';
import { ArbiterNameDto } from './dto/arbiter-name.dto';

/** The key's own account over JSON (docs/web.md "The arbiter's name"). */
@ApiTags('account')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No API key, or an unknown or revoked one (UNAUTHENTICATED).' })
@UseGuards(ApiKeyGuard)
@Controller('api/account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('name')
  @ApiOperation({ summary: 'The name the user signs with: an arbiter’s on the sheets and in the mails of their competitions.' })
  @ApiOkResponse({ description: '{name}' })
  name(@CurrentActor() actor: Actor) {
    return this.account.arbiterName(actor);
  }

  @Patch('name')
  @ApiOperation({
    summary: 'Set the arbiter’s name (trimmed, one line, 1–80 characters, not an address); sheets and mails use it from then on.',
  })
  @ApiOkResponse({ description: '{name} as stored.' })
  @ApiResponse({ status: 400, description: 'Empty, too long, an address or control characters (BAD_INPUT).' })
  @ApiResponse({ status: 403, description: 'Not an arbiter or admin: a player’s name is the registered one (FORBIDDEN).' })
  setName(@CurrentActor() actor: Actor, @Body() dto: ArbiterNameDto) {
    return this.account.setArbiterName(actor, dto.name);
  }
}
