import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { refusals } from '../games/core/game-refusals';
import { isUuid } from '../common/ids';
import { OUTBOUND_MAIL_STATUSES, type OutboundMailStatus } from '../notifications/outbound-mail.entity';
import { OutboxListing } from './outbox/outbox-listing.service';

const STATUSES: readonly OutboundMailStatus[] = OUTBOUND_MAIL_STATUSES;

/**
 * The outbox rows (docs/mail-rules.md 17), newest first: an admin sees all, an arbiter those of their
 * competitions' games, a player their own.
 */
@ApiTags('outbox')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@Controller('api/outbox')
export class OutboxController {
  constructor(private readonly listing: OutboxListing) {}

  @Get()
  @ApiOperation({ summary: 'Notifications written by the platform, with their status.' })
  @ApiQuery({ name: 'status', required: false, enum: STATUSES })
  @ApiQuery({ name: 'gameId', required: false })
  @ApiOkResponse({ description: 'Outbox rows: recipient, template, language, payload, Message-ID, status.' })
  list(@CurrentActor() actor: Actor, @Query('status') status?: string, @Query('gameId') gameId?: string) {
    if (status !== undefined && !STATUSES.includes(status as OutboundMailStatus)) {
      throw refusals.badInput(
        `status is one of ${STATUSES.join(', ')}`,
        `starea este una dintre ${STATUSES.join(', ')}`,
        `status to jeden z: ${STATUSES.join(', ')}`,
      );
    }
    if (gameId !== undefined && !isUuid(gameId)) throw refusals.unknownGame(gameId);
    return this.listing.list(actor, { ...(status && { status: status as OutboundMailStatus }), ...(gameId && { gameId }) });
  }
}
