import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '../auth/core/email-address';
import { User } from '../auth/user.entity';
import { Database } from '../database/database';
import { codecOf } from '../database/deferred-writes';
import { prepared } from '../database/prepared-statements';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';

/** The people the mail channel writes to and reads from: players, their addresses, their accounts. */
@Injectable()
export class CorrespondentsRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  player(playerId: string): Promise<Player> {
    return this.m.findOneByOrFail(Player, { id: playerId });
  }

  /** The player whose confirmed address this is, however it is spelt; an unconfirmed one names nobody (docs/web.md, Security model). */
  async playerByAddress(address: string): Promise<string | undefined> {
    const row = await this.m.findOne(PlayerEmail, { where: { address: normalizeEmail(address), verified: true } });
    return row?.playerId;
  }

  /** The player's confirmed addresses, in address order (prepared: the outbox asks it for every mail). */
  async confirmedAddressesOf(playerId: string): Promise<PlayerEmail[]> {
    return (await this.confirmedAddressesOfAll([playerId])).get(playerId)!;
  }

  /** `confirmedAddressesOf` for several players at once, by player: one without a confirmed address has an empty list. */
  async confirmedAddressesOfAll(playerIds: readonly string[]): Promise<Map<string, PlayerEmail[]>> {
    const byPlayer = new Map<string, PlayerEmail[]>(playerIds.map((id) => [id, []]));
    if (playerIds.length === 0) return byPlayer;
    const codec = codecOf(this.m.connection, PlayerEmail);
    this.confirmedAllSql ??= prepared(
      `SELECT ${codec.select('x')} AS row FROM ${codec.table} x WHERE x."player_id" = ANY($1::uuid[]) AND x."verified" ORDER BY x."address"`,
    );
    const rows = (await this.m.query(this.confirmedAllSql, [playerIds])) as { row: unknown }[];
    for (const r of rows) {
      const email = codec.decode(r.row);
      byPlayer.get(email.playerId)?.push(email);
    }
    return byPlayer;
  }

  private confirmedAllSql?: string;

  accountOf(playerId: string): Promise<User | null> {
    return this.m.findOne(User, { where: { playerId } });
  }
}
