import { Body, Controller, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { AddPlayerAddressDto, ConfirmPlayerAddressDto, EditPlayerDto } from './dto/player-address.dto';
import { PlayerIdentityService } from './player-identity.service';

/** A player's addresses over JSON: added unverified by the arbiter, approved by the player (docs/web.md "A player's identity") or an admin. */
@ApiTags('competitions')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No API key, or an unknown or revoked one (UNAUTHENTICATED).' })
@UseGuards(ApiKeyGuard)
@Controller('api')
export class PlayerAddressesController {
  constructor(private readonly identity: PlayerIdentityService) {}

  @Post('competitions/:id/players/:playerId/emails')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Add an address to a registered player: it gets no mail, sends no move and logs nobody in until the player approves it (their account page, or the link mailed to their confirmed addresses; never the new address); the new address hears only that it waits.',
  })
  @ApiCreatedResponse({ description: '{address, verified: false}' })
  @ApiResponse({ status: 400, description: 'Not an e-mail address (BAD_INPUT).' })
  @ApiResponse({ status: 403, description: 'Not the competition’s arbiter (FORBIDDEN).' })
  @ApiResponse({ status: 404, description: 'No such competition, or the player is not registered in it (NOT_FOUND).' })
  @ApiResponse({ status: 409, description: 'The address is registered already (EMAIL_TAKEN).' })
  addAddress(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('playerId') playerId: string, @Body() dto: AddPlayerAddressDto) {
    return this.identity.addAddress(actor, id, playerId, dto.address);
  }

  @Patch('competitions/:id/players/:playerId')
  @ApiOperation({
    summary:
      'Change a registered player’s name, club or language: only when the arbiter runs every competition the player is in (else an admin); a rename is announced to the partners; audited.',
  })
  @ApiOkResponse({ description: 'The player as stored.' })
  @ApiResponse({
    status: 403,
    description: 'The player also plays in another arbiter’s competitions (IDENTITY_NOT_YOURS), or not the arbiter (FORBIDDEN).',
  })
  @ApiResponse({ status: 404, description: 'No such competition, or the player is not registered in it (NOT_FOUND).' })
  async editPlayer(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('playerId') playerId: string, @Body() dto: EditPlayerDto) {
    const p = await this.identity.editPlayer(actor, id, playerId, dto);
    return { playerId: p.id, name: p.name, club: p.club, language: p.language };
  }

  @Post('players/emails/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin only: confirm an added address for its owner, with the reason (audited, announced to the partners).' })
  @ApiOkResponse({ description: '{address, playerId}' })
  @ApiResponse({ status: 403, description: 'Not an admin (FORBIDDEN).' })
  @ApiResponse({ status: 404, description: 'The address is not registered (NOT_FOUND).' })
  @ApiResponse({ status: 409, description: 'Confirmed already (ALREADY_VERIFIED).' })
  confirmAddress(@CurrentActor() actor: Actor, @Body() dto: ConfirmPlayerAddressDto) {
    return this.identity.confirmByAdmin(actor, dto.address, dto.reason);
  }
}
