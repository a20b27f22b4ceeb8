import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hasRole, type Actor } from '../auth/core/actor';
import { UserRepository } from '../auth/user.repository';
import { isLocalDate, localDate, type LocalDate } from '../common/calendar';
import { Clock } from '../common/clock';
import { Refusal } from '../common/refusal';
import { Database } from '../database/database';
import { isTileSetId, type TileSetId } from '../engine';
import { Lexicons } from '../games/persistence/lexicons.service';
import { checkAnnouncement, DEFAULT_TIME_LIMIT_MINUTES, RECORD_TIME_ZONE } from './core/record-rules';
import { fixSequence } from './core/record-sequence';
import { refuse, unknownAttempt } from './core/record-texts';
import { attemptView, type AttemptView } from './record-attempt-view';
import { RecordAttempt } from './record-attempt.entity';
import { RecordAttemptsRepository } from './record-attempts.repository';

/** An announcement as a form or a JSON body sends it. */
export type AnnouncementInput = Readonly<Record<string, unknown>>;

const str = (b: AnnouncementInput, name: string): string => {
  const v = b[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};
const yes = (b: AnnouncementInput, name: string): boolean => b[name] === true || b[name] === 'yes';
const whole = (text: string, fallback: number): number => (text === '' ? fallback : /^\d{1,6}$/.test(text) ? Number(text) : NaN);

/** One line of the public records page. */
export interface RecordLine {
  readonly id: string;
  readonly tileSet: TileSetId;
  readonly player: string;
  readonly score: number;
  readonly day: LocalDate;
  readonly current: boolean;
}

/**
 * Record attempts (docs/rules.md §14): the announcement, and the reads of an attempt's page and
 * the public records page. Every write to an existing attempt goes through
 * RecordAttemptActions.actOnAttempt.
 */
@Injectable()
export class RecordAttemptsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly lexicons: Lexicons,
    private readonly users: UserRepository,
    private readonly attempts: RecordAttemptsRepository,
  ) {}

  /** [R 1–3]: an arbiter or admin announces an attempt: the player, the day, the committee, the word list, the fixed sequence. */
  announce(actor: Actor, body: AnnouncementInput): Promise<{ id: string }> {
    if (!hasRole(actor, 'arbiter') && !hasRole(actor, 'admin'))
      return Promise.reject(
        refuse(
          'FORBIDDEN',
          403,
          'Doar un arbitru anunță o încercare de record.',
          'Only an arbiter announces a record attempt.',
          'Próbę bicia rekordu zgłasza tylko sędzia.',
        ),
      );
    return this.db.transaction(async () => {
      const no = (ro: string, en: string, pl: string) => refuse('BAD_ANNOUNCEMENT', 400, ro, en, pl);
      const tileSet = str(body, 'tileSet') || 'pl';
      if (!isTileSetId(tileSet)) throw no('Set de piese necunoscut.', 'Unknown tile set.', 'Nieznany zestaw płytek.');
      const plannedDay = str(body, 'plannedDay');
      if (!isLocalDate(plannedDay)) throw no('Ziua: AAAA-LL-ZZ.', 'The day: YYYY-MM-DD.', 'Termin: RRRR-MM-DD.');
      const lexicon = str(body, 'lexicon');
      if (!/^[\w.-]{1,64}$/.test(lexicon) || !(await this.lexicons.wordList({ lexicon, tileSet })))
        throw no(
          'Lista oficială de cuvinte nu există pe server.',
          'The official word list does not exist on the server.',
          'Oficjalnego słownika nie ma na serwerze.',
        );
      // One query at a time on the transaction's client.
      const found: (string | undefined)[] = [];
      for (const field of ['player', 'committeeA', 'committeeB']) found.push(await this.userByEmail(str(body, field)));
      const [player, a, b] = found;
      if (!player || !a || !b)
        throw no(
          'Jucătorul și cei doi membri ai comisiei sunt conturi ale platformei (adresa de e-mail).',
          'The player and both committee members are accounts of the platform (their e-mail address).',
          'Gracz i obaj członkowie komisji muszą mieć konta na platformie (adres e-mail).',
        );
      const now = this.clock.now();
      const facts = {
        playerUserId: player,
        committee: [a, b],
        plannedDay,
        announcedDay: localDate(now, RECORD_TIME_ZONE),
        feePaid: yes(body, 'feePaid'),
        adultOrConsent: yes(body, 'adultOrConsent'),
        timeLimitMinutes: whole(str(body, 'timeLimitMinutes'), DEFAULT_TIME_LIMIT_MINUTES),
        recordToBeat: whole(str(body, 'recordToBeat'), 0),
      };
      const refused = checkAnnouncement(facts);
      if (refused) throw refused;
      const sequence = fixSequence(tileSet, { seed: str(body, 'seed'), sequence: str(body, 'sequence') });
      if (sequence instanceof Refusal) throw sequence;
      const attempt = Object.assign(new RecordAttempt(), {
        id: randomUUID(),
        playerUserId: player,
        committeeAUserId: a,
        committeeBUserId: b,
        announcedByUserId: actor.kind === 'user' ? actor.userId : player,
        tileSet,
        lexicon,
        sequence: sequence.tiles,
        sequenceSeed: sequence.seed,
        sequenceHash: sequence.hash,
        plannedDay,
        announcedAt: now,
        timeLimitMs: facts.timeLimitMinutes * 60_000,
        recordToBeat: facts.recordToBeat,
        status: 'announced' as const,
        regulationAcceptedAt: null,
        startedAt: null,
        clockSince: null,
        usedMs: 0,
        endReason: null,
        finalScore: null,
        rackDeduction: null,
        endedAt: null,
        signatures: [],
        succeeded: null,
        standingRecord: null,
        closedAt: null,
        version: 0,
      });
      await this.attempts.addAttempt(attempt);
      return { id: attempt.id };
    });
  }

  private async userByEmail(address: string): Promise<string | undefined> {
    if (address === '' || address.length > 320) return undefined;
    return (await this.users.withEmail(address.toLowerCase()))?.id;
  }

  /** The attempt as its page and the API show it to `userId` (anyone may watch; the sequence shows once play ended). */
  view(userId: string | undefined, attemptId: string): Promise<AttemptView> {
    return this.db.run(async () => {
      const attempt = await this.attempts.attempt(attemptId, { lock: false });
      if (!attempt) throw unknownAttempt();
      const turns = await this.attempts.turns(attempt.id);
      const names = await this.attempts.names([attempt.playerUserId, attempt.committeeAUserId, attempt.committeeBUserId]);
      return attemptView(attempt, turns, names, userId, this.clock.now());
    });
  }

  /** The public records page: the records set, highest first per tile set, and the attempts announced or in play. */
  records(userId: string | undefined) {
    return this.db.run(async () => {
      const { records, coming } = await this.attempts.publicList();
      const mine = userId ? await this.attempts.of(userId) : [];
      const names = await this.attempts.names([...records, ...coming, ...mine].map((a) => a.playerUserId));
      const seen = new Set<string>();
      const lines: RecordLine[] = records.map((a) => {
        const current = !seen.has(a.tileSet);
        seen.add(a.tileSet);
        return {
          id: a.id,
          tileSet: a.tileSet,
          player: names.get(a.playerUserId) ?? '',
          score: a.finalScore ?? 0,
          day: a.plannedDay,
          current,
        };
      });
      const brief = (a: RecordAttempt) => ({
        id: a.id,
        player: names.get(a.playerUserId) ?? '',
        day: a.plannedDay,
        status: a.status,
        tileSet: a.tileSet,
      });
      return { records: lines, coming: coming.map(brief), mine: mine.map(brief) };
    });
  }
}
