import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '../auth/core/email-address';
import { User } from '../auth/user.entity';
import { Database } from '../database/database';
import { codecOf } from '../database/deferred-writes';
import { prepared } from '../database/prepared-statements';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';

// Prepared: every mail that comes in asks it, once or twice.
const PLAYER_BY_ADDRESS_SQL = prepared(`SELECT "player_id" AS id FROM "player_email" WHERE "address" = $1 AND "verified" LIMIT 1`);

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
    const rows = (await this.m.query(PLAYER_BY_ADDRESS_SQL, [normalizeEmail(address)])) as { id: string }[];
    return rows[0]?.id;
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

  /** The player's account (prepared: every move by mail acts as it). */
  async accountOf(playerId: string): Promise<User | null> {
    const codec = codecOf(this.m.connection, User);
    this.accountSql ??= prepared(`SELECT ${codec.select('x')} AS row FROM ${codec.table} x WHERE x."player_id" = $1 LIMIT 1`);
    const rows = (await this.m.query(this.accountSql, [playerId])) as { row: unknown }[];
    return rows.length ? codec.decode(rows[0].row) : null;
  }

  private accountSql?: string;
}
