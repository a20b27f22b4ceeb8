import { Injectable } from '@nestjs/common';
import type { User } from '../auth/user.entity';
import { PlayersRepository } from '../competitions/players.repository';
import { Database } from '../database/database';
import type { PlayerEmail } from '../players/player-email.entity';
import { CorrespondentsRepository } from './correspondents.repository';

/**
 * The people a mail is from, for mail's adapters: the player an address names, their confirmed
 * addresses, their account, their digest choice. Each read opens its own unit of work.
 */
@Injectable()
export class Correspondents {
  constructor(
    private readonly db: Database,
    private readonly people: CorrespondentsRepository,
    private readonly players: PlayersRepository,
  ) {}

  /** The player whose confirmed address this is; an unconfirmed one names nobody (docs/web.md, Security model). */
  playerByAddress(address: string): Promise<string | undefined> {
    return this.db.run(() => this.people.playerByAddress(address));
  }

  /** The addresses a reply may come from for this player (docs/mail-rules.md 3). */
  confirmedAddressesOf(playerId: string): Promise<PlayerEmail[]> {
    return this.db.run(() => this.people.confirmedAddressesOf(playerId));
  }

  /** The account the player acts as when their mail plays. */
  accountOf(playerId: string): Promise<User | null> {
    return this.db.run(() => this.people.accountOf(playerId));
  }

  /** DIGEST ON|OFF (docs/mail-rules.md 17), in the caller's unit (the mail's action frame). */
  chooseDigest(playerId: string, on: boolean): Promise<void> {
    return this.players.chooseDigest(playerId, on);
  }
}
