import { Injectable } from '@nestjs/common';
import type { Case } from '../../arbiter/case.entity';
import type { Actor } from '../../auth/core/actor';
import { sideInGame } from '../../auth/core/permissions';
import { Database } from '../../database/database';
import { isPlayClosed, timelineOn, type GameTimeline } from '../../thinking-time/core';
import { toLocalDate, type DateRange, type LocalDate } from '../../common/calendar';
import { closingResult, reportWindowEnd } from '../core/closing-result';
import type { Claim } from '../entities/claim.entity';
import { refusals } from '../core/game-refusals';
import { awaitedMove } from '../core/turns';
import type { Color, MoveRecord } from '../../engine';
import { timelineOf } from '../model/game-clocks';
import { GameReadModel } from '../model/game-read-model.service';
import type { GameSession } from '../model/game-session';
import type { WordCheck } from '../core/word-check';
import { previewMove, type MovePreview } from './move-preview';
import { GameRepository } from '../persistence/game.repository';
import { GameTimeRepository } from '../persistence/game-time.repository';
import { challengeView, disputeView, moveView, offerView, type ClosedGame, type GameView } from '../model/game-views';
import { ChallengesRepository } from '../persistence/challenges.repository';
import type { MoveReader } from '../core/move-note';
import { resultView } from '../model/result-view';
import { OffersRepository } from '../persistence/offers.repository';
import { ResultsRepository } from '../persistence/results.repository';

/** What a game shows to its players and its arbiter, read without the row lock through the read model's caches (game-read-model.service.ts). */
@Injectable()
export class GameReadsService {
  constructor(
    private readonly readModel: GameReadModel,
    private readonly db: Database,
    private readonly results: ResultsRepository,
    private readonly games: GameRepository,
    private readonly time: GameTimeRepository,
    private readonly challenges: ChallengesRepository,
    private readonly offers: OffersRepository,
  ) {}

  /** The whole game: lines, moves (annulled ones marked), dispute, offers, clocks and result. */
  view(actor: Actor, gameId: string): Promise<GameView> {
    return this.viewing(actor, gameId, (view) => view);
  }

  /**
   * What a move would do, before it is sent: its words, score and word check,
   * or the engine's refusal. Who may look is checked first, as for the view.
   */
  preview(actor: Actor, gameId: string, notation: string, line?: string): Promise<MovePreview> {
    return this.db.run(async () => {
      const s = await this.readModel.session(gameId);
      s.requireReader(actor);
      const text = notation.trim();
      if (text === '' || text.length > 200)
        throw refusals.badInput(
          'give the move to preview, at most 200 characters',
          'scrieți mutarea de verificat, cel mult 200 de caractere',
          'wpisz ruch do sprawdzenia, najwyżej 200 znaków',
        );
      return previewMove(s, sideInGame(actor, s.game), text, line);
    });
  }

  /**
   * The word check of a move a player sent by mail and the platform holds for confirmation
   * (docs/mail-rules.md 4): the mail already names the game and its player. None when the move
   * would be refused (the confirmation then plays nothing and says why) or is not a placement.
   */
  heldMoveWordCheck(gameId: string, playerId: string, notation: string): Promise<WordCheck | undefined> {
    return this.db.run(async () => {
      const s = await this.readModel.session(gameId);
      const preview = previewMove(s, s.colorOfPlayer(playerId) ?? null, notation);
      return preview.ok && preview.words.length > 0 ? preview.wordCheck : undefined;
    });
  }

  /**
   * The view, and the read-only session and timeline it was built from, to a reader that
   * shows more of the same rows (the web game page: replayed lines, run-out day) without
   * loading and replaying the game a second time. `then` runs in the same read.
   */
  viewing<T>(actor: Actor, gameId: string, then: (view: GameView, s: GameSession, timeline: GameTimeline) => T | Promise<T>): Promise<T> {
    return this.db.run(async () => {
      const s = await this.readModel.session(gameId);
      s.requireReader(actor);
      const timeline = await timelineOf(s);
      return then(await this.gameView(s, timeline, s.readerOf(actor)), s, timeline);
    });
  }

  /** The view as `reader` sees it: the one place its moves are made for a reader (core/move-note.ts). */
  private async gameView(s: GameSession, timeline: GameTimeline, reader: MoveReader): Promise<GameView> {
    const closingDate = toLocalDate(s.competition.closingDate);
    const closed = s.game.status === 'playing' && isPlayClosed(s.today, closingDate);
    const [offers, result, claim, challenges] = await this.games.independent([
      () => this.offers.pendingOffers(s.game.id),
      // A result is only ever proposed once the game has ended (finish), and a game never restarts.
      async () => (s.game.status === 'playing' ? null : this.results.resultOf(s.game.id)),
      // Past the closing date the proposal depends on an open time claim (closing-result.ts).
      async () => (closed ? this.time.openClaim(s.game.id) : null),
      // docs/rules.md §13: only a PFS game has checks.
      async () => (s.competition.rules === 'pfs' ? this.challenges.ofGame(s.game.id) : []),
    ]);
    const clocks = timelineOn(timeline, s.today);
    const records = new Map<string, MoveRecord>();
    for (const line of s.liveLines()) s.pathOf(line.id).forEach((m, i) => records.set(m.id, s.replay(line.id).records[i]));
    const { awaiting, toMove } = awaitedMove(s.play);
    const clock = (c: Color) => {
      const { used, left, exceeded, onHoliday, longThinking } = clocks.clocks[c];
      return { used, left, exceeded, onHoliday, longThinking };
    };
    return {
      id: s.game.id,
      competitionId: s.game.competitionId,
      groupId: s.game.groupId,
      round: s.game.round,
      status: s.game.status,
      version: s.game.version,
      turn: s.game.turn,
      startedOn: s.game.startedOn,
      endedAt: s.game.endedAt?.toISOString() ?? null,
      endReason: s.game.endReason,
      outcome: s.game.outcome,
      red: { playerId: s.players.red.id, name: s.players.red.name },
      blue: { playerId: s.players.blue.id, name: s.players.blue.name },
      toMove,
      awaiting,
      sequence: s.sequence.tiles,
      lines: s.game.state.lines,
      moves: [...s.moves]
        .sort((a, b) => a.turn - b.turn || a.lineId.localeCompare(b.lineId))
        .map((m) => moveView(m, reader, s.label(m.lineId), records.get(m.id))),
      dispute: s.dispute ? disputeView(s.dispute, s.colorOfPlayer(s.dispute.contesterPlayerId)!) : null,
      offers: offers.map((o) => offerView(o, s.colorOfPlayer(o.offeredByPlayerId)!)),
      clocks: { red: clock('red'), blue: clock('blue') },
      result: result ? resultView(result) : null,
      closing: closed ? closedGame(s, closingDate, claim !== null) : null,
      rules: s.competition.rules,
      challenges: challenges.map((c) => challengeView(c, s.colorOfPlayer(c.challengerPlayerId)!)),
    };
  }

  /**
   * What a game page shows about time besides the clocks (web/player/time-notices.service.ts): the open
   * time claim with its cases' answers, and both players' holidays, through the page's session.
   */
  async timeNoticeRows(s: GameSession): Promise<TimeNoticeRows> {
    const [claim, [red, blue]] = await this.games.independent([
      () => this.time.openClaim(s.game.id),
      // One read for both colours: the session keeps it.
      async () => [await s.holidaysOf('red'), await s.holidaysOf('blue')] as const,
    ]);
    const cases = claim ? await this.time.openClaimCasesOldestFirst(s.game.id) : [];
    return { claim, cases, holidays: { red, blue } };
  }
}

/** docs/rules.md "The closing date": what an unfinished game past its closing date shows — play stopped, and the result proposed. */
function closedGame(s: GameSession, closingDate: LocalDate, openClaim: boolean): ClosedGame {
  const lines = s.liveLines();
  return {
    closingDate,
    reportBy: reportWindowEnd(closingDate),
    proposal: closingResult(
      { openClaim, liveLines: lines.length, movesMade: s.moves.length, firstToMove: 'red' },
      lines.length === 1 ? s.state(lines[0].id) : null,
    ),
  };
}

/** The rows of a game page's time notices. */
export interface TimeNoticeRows {
  readonly claim: Claim | null;
  readonly cases: readonly Case[];
  readonly holidays: Readonly<Record<Color, readonly DateRange[]>>;
}
