import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { addDays, compareDays, diffDays, isLocalDate, localDate, type LocalDate } from '../common/calendar';
import { Clock } from '../common/clock';
import { Refusal } from '../common/refusal';
import type { Competition } from '../competitions/competition.entity';
import { CompetitionReadsService } from '../competitions/competition-reads.service';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { dealRandomSequence, sequenceSha256 } from '../competitions/core/sequence-dealing';
import type { Sequence } from '../competitions/sequence.entity';
import { Database } from '../database/database';
import { MovesService } from '../games/actions/moves.service';
import { Notifications } from '../notifications/notifications.service';
import { eliminatedPlayers, withoutPlayers } from './core/elimination';
import { pairNextRound } from './core/pairing-systems';
import { defaultPlan, MAX_ROUNDS, parsePlan, STANDING_REGIMES, type StandingRegime } from './core/round-plan';
import { RoundReadsService, type TournamentState } from './round-reads.service';
import { RoundsRepository } from './rounds.repository';
import type { TournamentPlan } from './tournament-plan.entity';
import type { TournamentRound } from './tournament-round.entity';
import { formatDayFor } from '../common/day-format';

/** What the arbiter's plan form sends (docs/web.md, "A tournament in rounds"). */
export interface PlanInput {
  /** "modified Swiss ×5, FP4 ×2, KOTH ×1"; empty: Swiss for `rounds` rounds (F 9.1's table when not given). */
  readonly plan?: string;
  readonly rounds?: number;
  readonly regime?: string;
  readonly seed?: number;
  readonly clubRule?: boolean;
  readonly gibson?: boolean;
  readonly prizePlaces?: number;
  /** F 9.4d (docs/rules.md §11.6 10); the arbiter's form ticks it by default. */
  readonly eliminateAbsent?: boolean;
}

const refusal = (code: string, status: 400 | 409, ro: string, en: string, pl: string) => new Refusal(code, { ro, en, pl }, status);

/**
 * A tournament in rounds run by its arbiter (docs/rules.md §11.6): the plan set, each round
 * paired by the pure systems (tournaments/core) and shown, then confirmed: its games created
 * through the games feature's start (MovesService.startGames, which mails each player their
 * game), all beginning the same day. One transaction per action, the competition's row locked.
 */
@Injectable()
export class RoundsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly competitions: CompetitionReadsService,
    private readonly competitionRows: CompetitionsRepository,
    private readonly repo: RoundsRepository,
    private readonly reads: RoundReadsService,
    private readonly moves: MovesService,
    private readonly notifications: Notifications,
  ) {}

  /** Sets (or changes) the plan; the competition becomes a tournament in rounds. Rounds started keep their system. */
  savePlan(actor: Actor, competitionId: string, input: PlanInput): Promise<TournamentPlan> {
    return this.db.transaction(async () => {
      const competition = await this.competitions.lockForArbiter(actor, competitionId);
      if (competition.status === 'finished') throw finished();
      if (competition.status === 'started' && competition.kind !== 'rounds') {
        throw refusal(
          'STARTED_AS_GROUPS',
          409,
          'Competiția a început în grupe.',
          'The competition started as round-robin groups.',
          'Rozgrywki zaczęły się w grupach.',
        );
      }
      const started = (await this.repo.rounds(competitionId)).filter((r) => r.status === 'started');
      const entrants = (await this.competitionRows.entries(competitionId)).filter((e) => e.registration.withdrawnAt === null).length;
      const systems = planSystems(input, entrants);
      if (started.some((r) => systems[r.number - 1] !== r.system)) {
        throw refusal(
          'ROUND_ALREADY_PLAYED',
          409,
          'Sistemul unei runde începute nu se mai schimbă.',
          'The system of a round already started cannot change.',
          'Systemu rozpoczętej rundy nie można już zmienić.',
        );
      }
      const regime = (input.regime ?? 'frsc') as StandingRegime;
      if (!STANDING_REGIMES.includes(regime))
        throw refusal('BAD_INPUT', 400, 'Regim de clasament necunoscut.', 'Unknown standing regime.', 'Nieznany sposób klasyfikacji.');
      const seed = input.seed ?? 1;
      const prizePlaces = input.prizePlaces ?? 1;
      if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) {
        throw refusal(
          'BAD_INPUT',
          400,
          'Sămânța tragerii la sorți este un număr întreg pozitiv.',
          'The draw seed is a whole number, 0 or more.',
          'Ziarno losowania to liczba całkowita, 0 lub więcej.',
        );
      }
      if (!Number.isInteger(prizePlaces) || prizePlaces < 1 || prizePlaces > 100) {
        throw refusal(
          'BAD_INPUT',
          400,
          'Locurile premiate: între 1 și 100.',
          'Prize places: between 1 and 100.',
          'Miejsca nagradzane: od 1 do 100.',
        );
      }
      const previous = await this.repo.plan(competitionId);
      const plan: TournamentPlan = {
        competitionId,
        systems,
        regime,
        seed,
        clubRule: input.clubRule ?? false,
        gibson: input.gibson ?? false,
        eliminateAbsent: input.eliminateAbsent ?? false,
        prizePlaces,
        groupId: previous?.groupId ?? null,
        updatedAt: this.clock.now(),
      };
      await this.repo.savePlan(plan);
      await this.competitionRows.setKind(competitionId, 'rounds');
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'competition.rounds_plan_saved',
        competitionId,
        details: {
          systems,
          regime,
          seed,
          clubRule: plan.clubRule,
          gibson: plan.gibson,
          eliminateAbsent: plan.eliminateAbsent,
          prizePlaces,
        },
      });
      return plan;
    });
  }

  /**
   * Pairs the next round and keeps it as a proposal for the arbiter to look at (nothing is
   * created): refused while a game of the round before has no result, or when the system cannot.
   */
  propose(actor: Actor, competitionId: string, input: { readonly closingDate?: string } = {}): Promise<TournamentRound> {
    return this.db.transaction(async () => {
      const competition = await this.competitions.lockForArbiter(actor, competitionId);
      const state = await this.pairable(competition);
      const { plan, next } = state;
      const today = localDate(this.clock.now(), competition.timeZone);
      const closingDate = this.closingDate(competition, input.closingDate, today, plan.systems.length - next + 1);
      const system = plan.systems[next - 1];
      // F 9.4d: a player absent from a third of the rounds is not paired; confirming withdraws them.
      const eliminated = plan.eliminateAbsent ? eliminatedPlayers(state.pairing, plan.systems.length).map(String) : [];
      const outcome = pairNextRound(system, withoutPlayers(state.pairing, eliminated), plan.seed);
      if (!outcome.ok) throw new Refusal(outcome.code, outcome.messages, 409);
      const round: TournamentRound = {
        id: state.proposal?.id ?? randomUUID(),
        competitionId,
        number: next,
        system,
        status: 'proposed',
        pairs: outcome.next.pairs.map(([red, blue]) => [String(red), String(blue)]),
        byePlayerId: outcome.next.bye === null ? null : String(outcome.next.bye),
        gibsonized: outcome.next.gibsonized.map(String),
        eliminated,
        closingDate,
        proposedAt: this.clock.now(),
        startedAt: null,
        completedAt: null,
      };
      if (state.proposal) await this.repo.replaceProposal(round);
      else await this.repo.insertRound(round);
      return round;
    });
  }

  /**
   * The arbiter confirms the proposal (what cannot be undone): the round's games start today,
   * on the round's sequence, each player mailed their game. Refused when the field changed
   * since the proposal (a withdrawal, a late entry): the arbiter pairs again.
   */
  confirm(actor: Actor, competitionId: string, number: number): Promise<{ round: TournamentRound; games: number }> {
    return this.db.transaction(async () => {
      const competition = await this.competitions.lockForArbiter(actor, competitionId);
      const state = await this.pairable(competition);
      const round = state.proposal;
      if (!round || round.number !== number) {
        throw refusal(
          'NO_PROPOSAL',
          409,
          `Runda ${number} nu este propusă: împerecheați-o întâi.`,
          `Round ${number} is not proposed: pair it first.`,
          `Runda ${number} nie jest zaproponowana: najpierw ją skojarz.`,
        );
      }
      const paired = new Set([...round.pairs.flat(), ...(round.byePlayerId ? [round.byePlayerId] : [])]);
      const eliminated = state.plan.eliminateAbsent ? eliminatedPlayers(state.pairing, state.plan.systems.length).map(String) : [];
      const field = new Set(state.pairing.players.map((p) => String(p.id)).filter((id) => !eliminated.includes(id)));
      const sameEliminated = eliminated.length === round.eliminated.length && eliminated.every((id) => round.eliminated.includes(id));
      if (!sameEliminated || paired.size !== field.size || [...field].some((id) => !paired.has(id))) {
        throw refusal(
          'FIELD_CHANGED',
          409,
          'Lista jucătorilor s-a schimbat de la împerechere (o retragere, o înscriere): împerecheați runda din nou.',
          'The players changed since the pairing (a withdrawal, an entry): pair the round again.',
          'Lista graczy zmieniła się od kojarzenia (wycofanie, zapis): skojarz rundę ponownie.',
        );
      }
      const now = this.clock.now();
      const today = localDate(now, competition.timeZone);
      if (compareDays(round.closingDate as LocalDate, today) <= 0) {
        throw refusal(
          'BAD_INPUT',
          400,
          'Data de închidere a rundei a trecut: împerecheați din nou.',
          "The round's closing date has passed: pair it again.",
          'Data zamknięcia rundy minęła: skojarz ją ponownie.',
        );
      }
      const groupId = await this.group(state.plan, competition);
      const sequence = await this.sequence(actor, competition, round.number, now);
      if (competition.status === 'draft') {
        competition.status = 'started';
        competition.startedAt = now;
        competition.startDate = today;
        await this.competitionRows.markCompetitionStarted(competition);
      }
      await this.competitionRows.revealSequence(sequence.id, now);
      // The round's games begin today and close on the round's day (docs/rules.md §11.6).
      const dated: Competition = { ...competition, startDate: today, closingDate: round.closingDate };
      const pairings = round.pairs.map(([red, blue]) => ({ groupId, red, blue, round: round.number }));
      await this.moves.startGames({ competition: dated, sequence, pairings });
      const registrations = (await this.competitionRows.entries(competitionId)).filter((e) => paired.has(e.player.id));
      await this.competitionRows.seatInGroup(
        registrations.map((e) => e.registration.id),
        groupId,
      );
      const bye = round.byePlayerId ? registrations.find((e) => e.player.id === round.byePlayerId) : undefined;
      if (bye) {
        const { player } = bye;
        await this.notifications.emitCompetition(competitionId, new Map([[player.id, player]]), [
          {
            kind: 'bye-given',
            competition: competition.shortName,
            player: { id: player.id, name: player.name },
            round: round.number,
            closingDate: round.closingDate,
          },
        ]);
      }
      await this.competitionRows.withdraw(competitionId, round.eliminated, now);
      for (const playerId of round.eliminated) {
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'player.eliminated',
          competitionId,
          details: { playerId, round: round.number, rule: 'F 9.4d' },
        });
      }
      await this.repo.markStarted(round.id, now);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'competition.round_started',
        competitionId,
        details: {
          round: round.number,
          system: round.system,
          games: pairings.length,
          bye: round.byePlayerId,
          closingDate: round.closingDate,
          sequence: { series: sequence.series, sha256: sequence.sha256, tiles: sequence.tiles },
        },
      });
      return { round: { ...round, status: 'started', startedAt: now }, games: pairings.length };
    });
  }

  /** The tournament, its plan, and the round to pair next, or why none can be. */
  private async pairable(competition: Competition): Promise<TournamentState & { plan: TournamentPlan; next: number }> {
    if (competition.kind !== 'rounds') {
      throw refusal(
        'NOT_ROUNDS',
        409,
        'Competiția nu este un turneu pe runde: salvați întâi planul.',
        'The competition is not a tournament in rounds: save a plan first.',
        'Rozgrywki nie są turniejem w rundach: najpierw zapisz plan.',
      );
    }
    if (competition.status === 'finished') throw finished();
    const state = await this.reads.state(competition.id);
    const plan = state.plan!;
    const next = state.started.length + 1;
    if (next > plan.systems.length) {
      throw refusal(
        'ALL_ROUNDS_PAIRED',
        409,
        'Toate rundele planului au fost împerecheate.',
        'Every round of the plan has been paired.',
        'Wszystkie rundy planu zostały skojarzone.',
      );
    }
    const running = state.progress.find((p) => !p.complete);
    if (running) {
      throw refusal(
        'ROUND_UNFINISHED',
        409,
        `Runda ${running.number} are încă ${running.games - running.withResult} partide fără rezultat.`,
        `Round ${running.number} still has ${running.games - running.withResult} games without a result.`,
        `Runda ${running.number} ma jeszcze ${running.games - running.withResult} partii bez wyniku.`,
      );
    }
    return { ...state, plan, next };
  }

  /** The day the round's games must end by: as typed, or the days left shared by the rounds left. */
  private closingDate(competition: Competition, typed: string | undefined, today: LocalDate, roundsLeft: number): LocalDate {
    const last = competition.closingDate as LocalDate;
    if (typed === undefined || typed === '') {
      const share = Math.max(1, Math.floor(diffDays(today, last) / Math.max(1, roundsLeft)));
      const day = addDays(today, share);
      return compareDays(day, last) > 0 ? last : day;
    }
    if (!isLocalDate(typed))
      throw refusal('BAD_INPUT', 400, 'Data de închidere: AAAA-LL-ZZ.', 'Closing date: YYYY-MM-DD.', 'Data zamknięcia: RRRR-MM-DD.');
    if (compareDays(typed, today) <= 0 || compareDays(typed, last) > 0) {
      throw refusal(
        'BAD_INPUT',
        400,
        `Data de închidere a rundei este după azi și cel târziu ${last}.`,
        `The round's closing date is after today and at the latest ${last}.`,
        `Data zamknięcia rundy przypada po dniu dzisiejszym, najpóźniej ${formatDayFor('pl', last)}.`,
      );
    }
    return typed;
  }

  /** The one group the tournament's games are played in, made with round 1. */
  private async group(plan: TournamentPlan, competition: Competition): Promise<string> {
    if (plan.groupId) return plan.groupId;
    const [group] = await this.competitionRows.insertGroups([
      { id: randomUUID(), competitionId: competition.id, name: 'T', series: '1', position: 1 },
    ]);
    await this.repo.savePlan({ ...plan, groupId: group.id });
    return group.id;
  }

  /**
   * Round n plays series "n": the one dealt at the competition's creation when there is one
   * (its hash published then, docs/rules.md §2), else dealt now and revealed at once.
   */
  private async sequence(actor: Actor, competition: Competition, number: number, now: Date): Promise<Sequence> {
    const series = String(number);
    const dealt = await this.competitionRows.sequence(competition.id, series);
    if (dealt) return { ...dealt, revealedAt: now };
    const tiles = dealRandomSequence(competition.tileSet);
    const sequence: Sequence = {
      id: randomUUID(),
      competitionId: competition.id,
      series,
      tiles,
      sha256: sequenceSha256(tiles),
      dealtByUserId: actor.kind === 'user' ? actor.userId : null,
      source: 'random',
      revealedAt: now,
      createdAt: now,
    };
    await this.competitionRows.insertSequence(sequence);
    return sequence;
  }
}

const finished = () =>
  refusal('COMPETITION_FINISHED', 409, 'Competiția s-a încheiat.', 'The competition has finished.', 'Rozgrywki się zakończyły.');

/** The plan's systems, or why not (docs/rules.md §11.6). */
function planSystems(input: PlanInput, entrants: number): ReturnType<typeof defaultPlan> {
  const rounds = input.rounds;
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)) {
    throw refusal(
      'BAD_PLAN',
      400,
      `Numărul de runde: între 1 și ${MAX_ROUNDS}.`,
      `The number of rounds: between 1 and ${MAX_ROUNDS}.`,
      `Liczba rund: od 1 do ${MAX_ROUNDS}.`,
    );
  }
  if (input.plan === undefined || input.plan.trim() === '') {
    const table = defaultPlan(entrants);
    return rounds === undefined ? table : Array.from({ length: rounds }, () => 'swiss' as const);
  }
  const parsed = parsePlan(input.plan);
  if (!Array.isArray(parsed)) throw new Refusal(parsed.code, parsed.messages, 400);
  if (rounds !== undefined && parsed.length !== rounds) {
    throw refusal(
      'BAD_PLAN',
      400,
      `Planul are ${parsed.length} runde, nu ${rounds}.`,
      `The plan has ${parsed.length} rounds, not ${rounds}.`,
      `Plan ma ${parsed.length} rund, a nie ${rounds}.`,
    );
  }
  return parsed;
}
