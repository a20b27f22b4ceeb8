import { Injectable } from '@nestjs/common';
import type { Actor } from '../../auth/core/actor';
import { hasRole } from '../../auth/core/actor';
import { Database } from '../../database/database';
import type { OutboundMailStatus } from '../../notifications/outbound-mail.entity';
import { MailGamesRepository } from '../mail-games.repository';
import { OutboundDeliveryRepository, type OutboxCriteria } from './outbound-delivery.repository';
import { jsonWithoutReplyTokens, withoutReplyTokens } from '../../notifications/reply-token';
import { withoutSecrets } from './payload-secrets';

const MAX_ROWS = 500;

/** A conditional reply is its owner's until applied: its mails' words are shown to the owner alone. */
const OWNER_ONLY = new Set(['conditional-stored', 'conditional-dropped']);

/** One outbox row as the list shows it. */
export interface OutboxListRow {
  readonly id: string;
  readonly gameId: string | null;
  readonly playerId: string | null;
  readonly template: string;
  readonly language: string;
  readonly payload: ReturnType<typeof withoutSecrets>;
  readonly messageId: string;
  readonly status: OutboundMailStatus;
  readonly createdAt: string;
}

/**
 * The outbox rows (docs/mail-rules.md 17), newest first: an admin sees all, an arbiter those of their
 * competitions' games, a player their own.
 */
@Injectable()
export class OutboxListing {
  constructor(
    private readonly db: Database,
    private readonly outbox: OutboundDeliveryRepository,
    private readonly games: MailGamesRepository,
  ) {}

  list(actor: Actor, filter: { readonly status?: OutboundMailStatus; readonly gameId?: string }): Promise<OutboxListRow[]> {
    const { status, gameId } = filter;
    return this.db.run(async () => {
      const base: OutboxCriteria = { ...(status && { status }), ...(gameId && { gameId }) };
      const where: OutboxCriteria[] = [];
      if (actor.kind === 'system' || hasRole(actor, 'admin')) {
        where.push(base);
      } else {
        if (actor.playerId) where.push({ ...base, playerId: actor.playerId });
        if (hasRole(actor, 'arbiter')) {
          const ids = (await this.games.idsArbitratedBy(actor.userId)).filter((id) => gameId === undefined || id === gameId);
          if (ids.length) where.push({ ...base, gameIds: ids });
        }
        if (where.length === 0) return [];
      }
      const rows = await this.outbox.newest(where, MAX_ROWS);
      const own = actor.kind === 'system' ? null : actor.playerId;
      return rows.map((r) => {
        const addressee = r.playerId !== null && r.playerId === own;
        // A link that logs in or confirms is never shown, sent or not.
        const payload = OWNER_ONLY.has(r.template) && !addressee ? {} : withoutSecrets(r.template, r.payload);
        // docs/web.md, Security model: a reply token (in the Message-ID, the reply addresses) is its addressee's alone.
        return {
          id: r.id,
          gameId: r.gameId,
          playerId: r.playerId,
          template: r.template,
          language: r.language,
          payload: addressee ? payload : jsonWithoutReplyTokens(payload),
          messageId: addressee ? r.messageId : withoutReplyTokens(r.messageId),
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        };
      });
    });
  }
}
