import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { In, type FindOptionsWhere } from 'typeorm';
import type { Actor } from '../auth/core/actor';
import { hasRole } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { refusals } from '../games/core/game-refusals';
import { isUuid } from '../common/ids';
import { Game } from '../games/game.entity';
import { OUTBOUND_MAIL_STATUSES, OutboundMail, type OutboundMailStatus } from '../notifications/outbound-mail.entity';
import { withoutSecrets } from './outbox/payload-secrets';

const STATUSES: readonly OutboundMailStatus[] = OUTBOUND_MAIL_STATUSES;
const MAX_ROWS = 500;

/**
 * The outbox rows (docs/mail-rules.md 17), newest first: an admin sees all, an arbiter those of their
 * competitions' games, a player their own.
 */
@ApiTags('outbox')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@Controller('api/outbox')
export class OutboxController {
  constructor(private readonly db: Database) {}

  @Get()
  @ApiOperation({ summary: 'Notifications written by the platform, with their status.' })
  @ApiQuery({ name: 'status', required: false, enum: STATUSES })
  @ApiQuery({ name: 'gameId', required: false })
  @ApiOkResponse({ description: 'Outbox rows: recipient, template, language, payload, Message-ID, status.' })
  list(@CurrentActor() actor: Actor, @Query('status') status?: string, @Query('gameId') gameId?: string) {
    if (status !== undefined && !STATUSES.includes(status as OutboundMailStatus)) {
      throw refusals.badInput(`status is one of ${STATUSES.join(', ')}`, `starea este una dintre ${STATUSES.join(', ')}`);
    }
    if (gameId !== undefined && !isUuid(gameId)) throw refusals.unknownGame(gameId);
    return this.db.run(async (m) => {
      const base: FindOptionsWhere<OutboundMail> = {
        ...(status && { status: status as OutboundMailStatus }),
        ...(gameId && { gameId }),
      };
      const where: FindOptionsWhere<OutboundMail>[] = [];
      if (actor.kind === 'system' || hasRole(actor, 'admin')) {
        where.push(base);
      } else {
        if (actor.playerId) where.push({ ...base, playerId: actor.playerId });
        if (hasRole(actor, 'arbiter')) {
          const games = await m
            .createQueryBuilder(Game, 'g')
            .innerJoin(Competition, 'c', 'c.id = g.competition_id')
            .where('c.arbiter_user_id = :userId', { userId: actor.userId })
            .select('g.id', 'id')
            .getRawMany<{ id: string }>();
          const ids = games.map((g) => g.id).filter((id) => gameId === undefined || id === gameId);
          if (ids.length) where.push({ ...base, gameId: In(ids) });
        }
        if (where.length === 0) return [];
      }
      const rows = await m.find(OutboundMail, { where, order: { createdAt: 'DESC', id: 'ASC' }, take: MAX_ROWS });
      return rows.map((r) => ({
        id: r.id,
        gameId: r.gameId,
        playerId: r.playerId,
        template: r.template,
        language: r.language,
        // Issue 12 §2: a link that logs in or confirms is never shown, sent or not.
        payload: withoutSecrets(r.template, r.payload),
        messageId: r.messageId,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }));
    });
  }
}
