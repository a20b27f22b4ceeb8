import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  arbiterDigestMessageId,
  caseMailLine,
  caseMailSubject,
  caseNoticeMessageId,
  noticeDue,
  toldFrom,
  type CaseMailLine,
  type CaseNotice,
} from '../arbiter/core/case-notices';
import type { Case } from '../arbiter/case.entity';
import { CasesRepository } from '../arbiter/cases.repository';
import { UserRepository } from '../auth/user.repository';
import type { Language } from '../common/bilingual';
import { asJson } from '../common/json';
import { groupBy } from '../common/collections';
import { SETTINGS, type Settings } from '../config/settings';
import { PlayersRepository } from '../competitions/players.repository';
import { Database } from '../database/database';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';
import { domainOf } from '../notifications/mail-addresses';
import type { ArbiterCasesModel } from '../notifications/models/models';
import { Notifications } from '../notifications/notifications.service';
import { dueDigestDay, localDate, type LocalDate } from '../common/calendar';

/** What one pass wrote: mails sent at once, digests, and the cases told. */
export interface CaseNoticesReport {
  readonly atOnce: number;
  readonly digests: number;
  readonly told: number;
}

interface DueNotice {
  readonly case: Case;
  readonly notice: CaseNotice;
  readonly today: LocalDate;
}

/**
 * docs/mail-rules.md 20: every open case is mailed to its competition's arbiter — at once or in
 * their daily digest, as they chose — and once more when it is overdue. Run by the sweep on every
 * pass; each notice is an outbox row under a Message-ID naming the case and the notice, so a pass
 * run again (a restart, another instance) finds it written and writes nothing twice.
 */
@Injectable()
export class CaseNoticesService {
  private readonly logger = new Logger('CaseNotices');
  private readonly domain: string;

  constructor(
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'publicUrl' | 'mailReplyAddress' | 'mailDigestHour'>,
    private readonly db: Database,
    private readonly cases: CasesRepository,
    private readonly users: UserRepository,
    private readonly listings: GameListingsRepository,
    private readonly players: PlayersRepository,
    private readonly notifications: Notifications,
  ) {
    this.domain = domainOf(settings.mailReplyAddress);
  }

  async tell(now: Date): Promise<CaseNoticesReport> {
    const open = await this.db.run(() => this.cases.openEverywhere());
    const byArbiter = groupBy(open, (c) => c.competition!.arbiterUserId);
    let atOnce = 0;
    let digests = 0;
    let told = 0;
    for (const [userId, cases] of byArbiter) {
      try {
        const wrote = await this.db.transaction(() => this.tellArbiter(userId, cases, now));
        atOnce += wrote.atOnce;
        digests += wrote.digests;
        told += wrote.told;
      } catch (error) {
        // Another instance wrote the same notice first (its unique Message-ID): the next pass reads it.
        this.logger.warn({ userId, err: error }, "the arbiter's case mail was not written");
      }
    }
    return { atOnce, digests, told };
  }

  private async tellArbiter(userId: string, cases: readonly Case[], now: Date): Promise<CaseNoticesReport> {
    const none = { atOnce: 0, digests: 0, told: 0 };
    const user = await this.users.findWithPlayer(userId);
    const [address] = (await this.users.emailsOf([userId])).sort(
      (a, b) => Number(b.verified) - Number(a.verified) || a.address.localeCompare(b.address),
    );
    // No address: nobody to write to; the dashboard is all there is.
    if (!user || !address) return none;
    const keys = cases.flatMap((c) => [
      caseNoticeMessageId(this.domain, c.id, 'opened'),
      caseNoticeMessageId(this.domain, c.id, 'overdue'),
    ]);
    const written = await this.notifications.written(keys);
    const due: DueNotice[] = [];
    for (const c of cases) {
      const today = localDate(now, c.competition!.timeZone);
      const notice = noticeDue(c, today, toldFrom(this.domain, c.id, written));
      if (notice) due.push({ case: c, notice, today });
    }
    if (due.length === 0) return none;
    const language: Language = user.player?.language ?? user.language;
    const lines = await this.lines(due, language);
    const to = { id: null, language };
    const urls = { dashboardUrl: `${this.settings.publicUrl}/arbiter`, settingsUrl: `${this.settings.publicUrl}/settings` };
    const digestOf = (day: LocalDate): ArbiterCasesModel => ({
      name: user.displayName,
      subject: caseMailSubject(language, { day, lines }),
      day,
      cases: lines,
      ...urls,
    });
    // Each notice is a fact of its case's competition (mail/core/competition-facts.ts `case-noticed`), under the
    // Message-ID naming the case and the notice; greeted by the name the arbiter carries when it goes out.
    const byCompetition = groupBy(
      lines.map((line, i) => ({ line, competitionId: due[i].case.competitionId })),
      (n) => n.competitionId,
    );
    const notices = async (digestId?: string) => {
      for (const [competitionId, told] of byCompetition) {
        await this.notifications.emitCompetition(
          competitionId,
          new Map(),
          told.map(({ line }) => ({
            kind: 'case-noticed',
            competitionId,
            line,
            subject: caseMailSubject(language, { lines: [line] }),
            ...urls,
          })),
          { address: address.address, language },
          { digestId },
        );
      }
    };
    if (user.caseMail === 'at-once') {
      await notices();
      return { atOnce: lines.length, digests: 0, told: lines.length };
    }
    // The digest hour in the time zone of the oldest case waiting, as a player's digest (docs/mail-rules.md 17).
    const day = dueDigestDay(now, due[0].case.competition!.timeZone, this.settings.mailDigestHour);
    if (!day) return none;
    const digestMessageId = arbiterDigestMessageId(this.domain, userId, day);
    // That day's digest went out already: what came since waits for the next one.
    if ((await this.notifications.written([digestMessageId])).size > 0) return none;
    const [digest] = await this.notifications.add([
      { to, address: address.address, template: 'arbiter-cases', payload: asJson(digestOf(day)), messageId: digestMessageId },
    ]);
    await notices(digest.id);
    return { atOnce: 0, digests: 1, told: lines.length };
  }

  /** Each notice as the mail lists it, naming the players of the case's game. */
  private async lines(due: readonly DueNotice[], language: Language): Promise<CaseMailLine[]> {
    const gameIds = [...new Set(due.map((d) => d.case.gameId).filter((id): id is string => id !== null))];
    const games = gameIds.length ? await this.listings.playersOf(gameIds) : [];
    const names = await this.players.names(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]));
    const players = new Map(games.map((g) => [g.id, { red: names.get(g.redPlayerId) ?? '', blue: names.get(g.bluePlayerId) ?? '' }]));
    return due.map((d) =>
      caseMailLine(
        {
          case: d.case,
          notice: d.notice,
          competition: d.case.competition!.shortName || d.case.competition!.name,
          ...(d.case.gameId && players.has(d.case.gameId) && { players: players.get(d.case.gameId) }),
          today: d.today,
          publicUrl: this.settings.publicUrl,
        },
        language,
      ),
    );
  }
}
