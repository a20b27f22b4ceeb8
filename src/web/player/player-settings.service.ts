import { Inject, Injectable } from '@nestjs/common';
import type { UserActor } from '../../auth/core/actor';
import { actorOf } from '../../auth/users.service';
import { LoginLinks } from '../../auth/login-links.service';
import { User, type CaseMailChoice } from '../../auth/user.entity';
import { hasRole } from '../../auth/core/actor';
import { UsersService } from '../../auth/users.service';
import { UserEmail } from '../../auth/user-email.entity';
import { Clock } from '../../common/clock';
import { PlayerEmail } from '../../players/player-email.entity';
import { Player, type Language } from '../../players/player.entity';
import { SETTINGS, type Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { calendarToken, deadlineEvents, deadlinesCalendar, userOfCalendarToken } from './calendar-feed';
import type { Lang } from './format-day';
import { PlayerGamesService } from './player-games.service';

export interface SettingsModel {
  /** The page language: the player's when the user plays, else the user's own. */
  readonly language: Language;
  readonly player: { readonly name: string; readonly mailDigest: boolean } | null;
  /** The addresses the platform knows for the user: login and the mail channel's. */
  readonly addresses: readonly { readonly address: string; readonly verified: boolean }[];
  readonly calendarUrl: string;
  /** An arbiter's own: how they are told of their cases (docs/mail-rules.md 20); null for others. */
  readonly arbiter: { readonly caseMail: CaseMailChoice } | null;
}

/** "My settings" (docs/web.md, Player pages) and the deadlines feed: the player's language and mail choice, addresses, calendar. */
@Injectable()
export class PlayerSettingsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly pages: PlayerGamesService,
    private readonly links: LoginLinks,
    private readonly users: UsersService,
  ) {}

  load(actor: UserActor): Promise<SettingsModel> {
    return this.db.run(async (m) => {
      const player = actor.playerId ? await m.findOneBy(Player, { id: actor.playerId }) : null;
      const user = await m.findOneByOrFail(User, { id: actor.userId });
      const [userEmails, playerEmails] = await Promise.all([
        m.find(UserEmail, { where: { userId: actor.userId }, order: { address: 'ASC' } }),
        actor.playerId ? m.find(PlayerEmail, { where: { playerId: actor.playerId }, order: { address: 'ASC' } }) : Promise.resolve([]),
      ]);
      const byAddress = new Map<string, boolean>();
      for (const e of [...userEmails, ...playerEmails]) byAddress.set(e.address, (byAddress.get(e.address) ?? false) || e.verified);
      return {
        language: player?.language ?? user.language,
        player: player && { name: player.name, mailDigest: player.mailDigest },
        addresses: [...byAddress].sort(([a], [b]) => a.localeCompare(b)).map(([address, verified]) => ({ address, verified })),
        calendarUrl: `${this.settings.publicUrl}/calendar/${calendarToken(this.settings.secret, actor.userId)}.ics`,
        arbiter: isArbiter(actor) ? { caseMail: user.caseMail } : null,
      };
    });
  }

  /** Saves the language (the user's, and the player's when they play), a player's mail choice and an arbiter's. */
  async save(
    actor: UserActor,
    input: { readonly language?: Language; readonly mailDigest?: boolean; readonly caseMail?: string },
  ): Promise<void> {
    if (input.language) await this.links.setLanguage(actor.userId, input.language);
    if (input.caseMail !== undefined && isArbiter(actor)) await this.users.setArbiterSettings(actor, { caseMail: input.caseMail });
    const playerId = actor.playerId;
    if (playerId && input.mailDigest !== undefined) {
      const mailDigest = input.mailDigest;
      await this.db.transaction((m) => m.update(Player, { id: playerId }, { mailDigest }));
    }
  }

  /** The feed for a token, or null for a token that names nobody. */
  async calendar(token: string): Promise<string | null> {
    const userId = userOfCalendarToken(this.settings.secret, token);
    if (!userId) return null;
    const found = await this.db.run(async (m) => {
      const user = await m.findOneBy(User, { id: userId });
      const player = user?.playerId ? await m.findOneBy(Player, { id: user.playerId }) : null;
      return user && { user, language: (player?.language ?? 'ro') as Lang };
    });
    if (!found) return null;
    const { user, language } = found;
    const { games, competitions } = await this.pages.calendarInput(actorOf(user));
    const ro = language === 'ro';
    const events = deadlineEvents(games, competitions, language, this.settings.publicUrl);
    return deadlinesCalendar(
      ro ? 'Termenele mele — Scrabble prin corespondență' : 'My deadlines — correspondence Scrabble',
      events,
      this.clock.now(),
    );
  }
}

function isArbiter(actor: UserActor): boolean {
  return hasRole(actor, 'arbiter') || hasRole(actor, 'admin');
}
