import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS, Settings } from '../../config/settings';
import type { Bilingual } from '../../engine';
import type { InboundMailStatus } from '../inbound-mail.entity';
import { InboundMails } from '../inbound-mails.service';
import type { MailCommand } from '../parsing/commands';
import { confirmationVerifies } from './confirmation-link';
import { MailApplier } from './mail-applier.service';
import { MailDecisions } from '../mail-decisions.service';

/**
 * docs/mail-rules.md 4: a move held after a DMARC failure, shown and confirmed through its
 * one-click link (confirmation-link.ts), and played through the same keyed service call as a
 * mail read just now.
 */
@Injectable()
export class HeldMoves {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly inbound: InboundMails,
    private readonly applier: MailApplier,
    private readonly decisions: MailDecisions,
  ) {}

  /** What the confirmation page shows before the click: the lines read from the held mail, when the link verifies. */
  async heldMail(
    inboundMailId: string,
    code: string,
  ): Promise<{ status: InboundMailStatus; written: string[]; subject: string | null } | undefined> {
    if (!confirmationVerifies(this.settings, inboundMailId, code)) return undefined;
    const row = await this.inbound.find(inboundMailId);
    if (!row) return undefined;
    const written = Array.isArray(row.result?.written) ? row.result.written.filter((l): l is string => typeof l === 'string') : [];
    return { status: row.status, written, subject: row.subject };
  }

  /**
   * The confirmation page's action: plays a held move through the same keyed service call,
   * so a second click (or a reload) changes nothing.
   */
  async confirmHeld(inboundMailId: string, code: string): Promise<{ ok: boolean; reason?: string; messages?: Bilingual }> {
    if (!confirmationVerifies(this.settings, inboundMailId, code)) return { ok: false, reason: 'UNKNOWN_LINK' };
    const row = await this.inbound.find(inboundMailId);
    if (!row || !row.gameId || !row.playerId) return { ok: false, reason: 'UNKNOWN_LINK' };
    if (row.status === 'applied') return { ok: true };
    if (row.status !== 'held') return { ok: false, reason: row.reason ?? row.status };
    const held = row.result as { command: MailCommand; turn: number };
    const target = { playerId: row.playerId, address: row.fromAddress };
    const decision = await this.applier.apply(
      row,
      { gameId: row.gameId, playerId: row.playerId, command: held.command, turn: held.turn },
      target,
      '',
    );
    await this.decisions.record(row, decision, 'held');
    return decision.status === 'applied'
      ? { ok: true }
      : { ok: false, reason: decision.reason, messages: 'messages' in decision ? decision.messages : undefined };
  }
}
