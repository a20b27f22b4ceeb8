import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/core/actor';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { CurrentActor } from '../../auth/current-actor.decorator';
import { refused } from '../../common/api-responses';
import type { RulingInput } from '../core/ruling-preconditions';
import {
  AdmitDto,
  AppealDto,
  ChallengeDto,
  ChallengeOverrideDto,
  ContestDto,
  HolidayDto,
  KeyDto,
  LongThinkingDto,
  OfferDto,
  PassDto,
  SubmitMoveDto,
} from './dto/submit-move.dto';
import { ArbiterMoveDto, ImportGameDto, RulingDto, WithdrawDto } from './dto/arbiter.dto';
import { ClaimAnswersService } from '../actions/claim-answers.service';
import { ClaimAnswerDto } from './dto/claim-answer.dto';
import { refusals } from '../core/game-refusals';
import { GameAnalysisService } from '../reads/game-analysis.service';
import { GameSheetsService } from '../reads/game-sheets.service';
import { CompetitionStartService } from '../actions/competition-start.service';
import { DisputesService } from '../actions/disputes.service';
import { ChallengesService } from '../actions/challenges.service';
import type { PlayerMove } from '../actions/game-actions.service';
import { GameReadsService } from '../reads/game-reads.service';
import { GameTimeService } from '../actions/game-time.service';
import { MovesService } from '../actions/moves.service';
import { OffersService } from '../actions/offers.service';
import { WithdrawalService } from '../actions/withdrawal.service';

/**
 * Games over JSON: DTO in, one games-service call, its result out. The
 * service checks who may act; refusals keep their code and status
 * (400 bad input or illegal move, 403 not yours, 404 unknown, 409 not now).
 */
@ApiTags('games')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@refused(400, 'Bad input, or a move the rules refuse (the rules core code: NOT_CONNECTED, …).')
@refused(403, 'Seen but not yours to do: the arbiter acting as a player (NOT_YOUR_GAME), a player acting as the arbiter (FORBIDDEN).')
@refused(404, 'No such game, or one the caller neither plays nor arbitrates: the same answer (UNKNOWN_GAME).')
@refused(409, 'Not now: NOT_YOUR_TURN, ALREADY_PLAYED, GAME_OVER, DISPUTE_OPEN, NO_OFFER, CONTEST_TOO_LATE, LINE_ANNULLED…')
@Controller('api/games')
export class GamesController {
  constructor(
    private readonly moves: MovesService,
    private readonly offers: OffersService,
    private readonly disputes: DisputesService,
    private readonly gameTime: GameTimeService,
    private readonly reads: GameReadsService,
    private readonly sheets: GameSheetsService,
    private readonly claimAnswers: ClaimAnswersService,
    private readonly analysis: GameAnalysisService,
    private readonly challenges: ChallengesService,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: 'The game: lines (board, racks, totals), moves, dispute, offers, clocks, result.' })
  @ApiOkResponse({ description: 'The game view.' })
  view(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.reads.view(actor, id);
  }

  @Get(':id/analysis')
  @ApiOperation({
    summary:
      "Analysis: per move, the score played, the best score the rack allowed and the five best moves, from the competition's word list; {state:'pending'} while the background job prepares it. After the game, during play only where the competition allows it (ANALYSIS_AFTER_GAME); a competition without a word list answers NO_WORD_LIST.",
  })
  @ApiOkResponse({
    description:
      "{state:'ready', final, turns:[{turn, player, played:{notation, score, found}, bestScore, best:[{notation, score}]}]} or {state:'pending'}.",
  })
  analysisOf(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.analysis.forReader(actor, id);
  }

  @Get(':id/preview')
  @ApiOperation({
    summary:
      "What a move would do, before it is sent: its words, score and, for each word, whether the competition's list holds it (wordCheck); a move the rules refuse answers ok:false with its code and messages. Nothing is written.",
  })
  @ApiQuery({ name: 'move', description: 'FRSc notation, e.g. h8 CASA', required: true })
  @ApiQuery({ name: 'line', description: 'A or B while a dispute keeps two lines', required: false })
  @ApiOkResponse({ description: 'The preview: {ok:true, words, score, recorded, wordCheck, …} or {ok:false, code, messages}.' })
  preview(@CurrentActor() actor: Actor, @Param('id') id: string, @Query('move') move: unknown, @Query('line') line: unknown) {
    return this.reads.preview(
      actor,
      id,
      typeof move === 'string' ? move : '',
      typeof line === 'string' && line !== '' ? line.slice(0, 20) : undefined,
    );
  }

  @Post(':id/moves')
  @HttpCode(200)
  @ApiOperation({ summary: 'Play a move: FRSc notation, tiles on squares, or one move per line while two are live.' })
  move(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: SubmitMoveDto) {
    const given = [dto.move, dto.tiles, dto.lines].filter((x) => x !== undefined).length;
    if (given !== 1)
      throw refusals.badInput(
        'give exactly one of move, tiles, lines',
        'dați exact una dintre: move, tiles, lines',
        'podaj dokładnie jedno z: move, tiles, lines',
      );
    const move: PlayerMove | undefined = dto.tiles ? { kind: 'tiles', tiles: dto.tiles } : dto.move;
    return this.moves.submitMove(actor, id, {
      move,
      lines: dto.lines,
      expectedTurn: dto.expectedTurn,
      note: dto.note,
      idempotencyKey: dto.idempotencyKey,
      source: 'api',
    });
  }

  @Post(':id/pass')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pass (docs/rules.md §3), in every line owed or in one.' })
  pass(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: PassDto) {
    return this.moves.pass(actor, id, { ...dto, source: 'api' });
  }

  @Post(':id/holidays')
  @HttpCode(200)
  @ApiOperation({ summary: "Declare or change the player's holiday (docs/rules.md §5): one per competition, for all their games." })
  holiday(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: HolidayDto) {
    return this.gameTime.declareHoliday(actor, id, dto);
  }

  @Post(':id/long-thinking')
  @HttpCode(200)
  @ApiOperation({ summary: 'Announce thinking more than 10 days on this move (docs/rules.md §5).' })
  longThinking(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: LongThinkingDto) {
    return this.gameTime.announceLongThinking(actor, id, dto);
  }

  @Post(':id/offers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Offer a draw or an interruption (docs/rules.md §7); offering what the partner offered accepts it.' })
  offer(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: OfferDto) {
    return this.offers.offer(actor, id, dto);
  }

  @Post(':id/offers/:offerId/accept')
  @HttpCode(200)
  @ApiOperation({ summary: "Accept the partner's offer: the game ends 1/1 (draw) or by the scores (interruption)." })
  accept(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('offerId') offerId: string, @Body() dto: KeyDto) {
    return this.offers.acceptOffer(actor, id, { ...dto, offerId });
  }

  @Post(':id/offers/:offerId/decline')
  @HttpCode(200)
  @ApiOperation({ summary: "Decline the partner's offer." })
  decline(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('offerId') offerId: string, @Body() dto: KeyDto) {
    return this.offers.declineOffer(actor, id, { ...dto, offerId });
  }

  @Post(':id/abandon')
  @HttpCode(200)
  @ApiOperation({ summary: 'Abandon the game (docs/rules.md §7).' })
  abandon(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: KeyDto) {
    return this.offers.abandon(actor, id, dto);
  }

  @Post(':id/claims')
  @HttpCode(200)
  @ApiOperation({ summary: 'Claim the partner has used more than the thinking days (docs/rules.md §5): a case for the arbiter.' })
  claim(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: KeyDto) {
    return this.gameTime.claimTime(actor, id, dto);
  }

  @Post(':id/claims/answer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The accused answers the open time claim (docs/rules.md §5), within 5 days of it: written on the claim's case, told to the claimant and the arbiter.",
    description:
      'Refused with CLAIM_ANSWER_LATE (409) after the 5th day, NO_CLAIM (409) when no claim against the caller is open, BAD_INPUT (400) for an empty text.',
  })
  answerClaim(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ClaimAnswerDto) {
    return this.claimAnswers.answer(actor, id, {
      text: dto.text,
      source: 'api',
      ...(dto.idempotencyKey && { idempotencyKey: dto.idempotencyKey }),
    });
  }

  @Post(':id/contests')
  @HttpCode(200)
  @ApiOperation({ summary: "Contest words of the partner's last move, with the provisional reply (docs/rules.md §6)." })
  contest(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ContestDto) {
    return this.disputes.contestWord(actor, id, { ...dto, source: 'api' });
  }

  @Post(':id/contests/:disputeId/admit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admit: the contested move is withdrawn, the provisional reply void; the replacement may come with it.' })
  admit(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('disputeId') disputeId: string, @Body() dto: AdmitDto) {
    return this.disputes.admitContest(actor, id, { ...dto, disputeId, source: 'api' });
  }

  @Post(':id/contests/:disputeId/appeal')
  @HttpCode(200)
  @ApiOperation({ summary: 'Appeal to the arbiter: lines A and B are played until the ruling.' })
  appeal(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('disputeId') disputeId: string, @Body() dto: AppealDto) {
    return this.disputes.appealContest(actor, id, { ...dto, disputeId, source: 'api' });
  }

  @Post(':id/challenges')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'PFS rules (docs/rules.md §13): check words of the partner\'s last move ("Sprawdzam"), instead of answering it. One verdict for all the words named, at once from the official list: successful, the move is taken back and its player loses the turn; unsuccessful, the move stands.',
    description:
      'Refused with NOT_PFS_RULES (409) in an FRSc competition, CHALLENGE_TOO_LATE (409) after answering the move, ALREADY_CHALLENGED (409) for a move already checked, WORD_NOT_IN_MOVE (400) for a word the move did not form.',
  })
  challenge(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ChallengeDto) {
    return this.challenges.challenge(actor, id, { ...dto, source: 'api' });
  }

  @Post(':id/challenges/:challengeId/override')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The arbiter reverses a challenge's verdict, with a reason, while the game is in play or its result is not homologated (docs/rules.md §13): play resumes from the position the new verdict gives.",
  })
  overrideChallenge(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('challengeId') challengeId: string,
    @Body() dto: ChallengeOverrideDto,
  ) {
    return this.challenges.override(actor, id, challengeId, dto);
  }

  @Post(':id/rulings')
  @HttpCode(200)
  @ApiOperation({
    summary: "The arbiter's ruling, with its reason: word, claim, score correction, annulment, days, penalty, warning, outcome.",
  })
  rule(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: RulingDto) {
    return this.disputes.rule(actor, id, { ...rulingOf(dto), idempotencyKey: dto.idempotencyKey });
  }

  @Post(':id/arbiter-moves')
  @HttpCode(200)
  @ApiOperation({ summary: 'The arbiter records a move received by post or telephone, with its real dates.' })
  arbiterMove(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ArbiterMoveDto) {
    return this.moves.recordMoveByArbiter(actor, id, dto);
  }

  @Post(':id/import')
  @HttpCode(200)
  @ApiOperation({ summary: 'The arbiter imports a game in progress from its JSON game record.' })
  import(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ImportGameDto) {
    return this.moves.importGameInProgress(actor, id, dto);
  }

  @Get(':id/sheet')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiQuery({ name: 'language', required: false, enum: ['ro', 'en', 'pl'] })
  @ApiQuery({ name: 'line', required: false })
  @ApiOperation({ summary: 'The game sheet as text (docs/rules.md §8).' })
  sheet(@CurrentActor() actor: Actor, @Param('id') id: string, @Query('language') language?: string, @Query('line') line?: string) {
    if (language !== undefined && language !== 'ro' && language !== 'en' && language !== 'pl')
      throw refusals.badInput('language is ro, en or pl', 'limba este ro, en sau pl', 'język to ro, en albo pl');
    return this.sheets.sheet(actor, id, { language, line });
  }

  @Get(':id/gcg')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The game as GCG (UTF-8).' })
  gcg(@CurrentActor() actor: Actor, @Param('id') id: string, @Query('line') line?: string) {
    return this.sheets.gcg(actor, id, { line });
  }
}

/** Competition-wide actions of the games service. */
@ApiTags('games')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@Controller('api/competitions')
export class CompetitionGamesController {
  constructor(
    private readonly withdrawal: WithdrawalService,
    private readonly starts: CompetitionStartService,
  ) {}

  @Post(':id/start')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start play: sequences revealed, every game created, all beginning the same day.' })
  @ApiOkResponse({ description: 'The start day, the number of games and the competition with its revealed tiles.' })
  @refused(403, 'Not the arbiter of this competition.')
  @refused(404, 'No such competition.')
  @refused(409, 'Already started, no groups, players without a group, closing date passed.')
  start(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.starts.start(actor, id);
  }

  @Post(':id/players/:playerId/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: "Withdraw (or exclude) a player: each unfinished game ends as their abandonment, for the arbiter's review." })
  @refused(403, 'Not the arbiter of this competition.')
  @refused(404, 'No such competition or player.')
  withdraw(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('playerId') playerId: string, @Body() dto: WithdrawDto) {
    return this.withdrawal.withdrawPlayer(actor, id, playerId, dto);
  }
}

/** A ruling as the service takes it, from the one DTO every kind shares: what a kind needs must be there. */
function rulingOf(dto: RulingDto): RulingInput {
  const need = <T>(value: T | undefined, field: string): T => {
    if (value === undefined)
      throw refusals.badInput(
        `a ${dto.kind} ruling needs ${field}`,
        `o decizie „${dto.kind}” are nevoie de ${field}`,
        `decyzja „${dto.kind}” wymaga pola ${field}`,
      );
    return value;
  };
  const reason = dto.reason;
  switch (dto.kind) {
    case 'word':
      return { kind: 'word', valid: need(dto.valid, 'valid'), reason };
    case 'claim':
      return { kind: 'claim', upheld: need(dto.upheld, 'upheld'), ...(dto.earlyOverride && { earlyOverride: true }), reason };
    case 'score-correction':
      return { kind: 'score-correction', player: need(dto.player, 'player'), points: need(dto.points, 'points'), reason };
    case 'move-annulment':
      return { kind: 'move-annulment', number: need(dto.number, 'number'), reason };
    case 'thinking-days':
      return { kind: 'thinking-days', player: need(dto.player, 'player'), days: need(dto.days, 'days'), reason };
    case 'coefficient-penalty':
      return {
        kind: 'coefficient-penalty',
        player: need(dto.player, 'player'),
        amount: Math.round(need(dto.coefficient, 'coefficient') * 10_000),
        reason,
      };
    case 'warning':
      return { kind: 'warning', player: need(dto.player, 'player'), reason };
    case 'point-penalty':
      return { kind: 'point-penalty', player: need(dto.player, 'player'), points: need(dto.points, 'points'), reason };
    case 'walkover':
      return { kind: 'walkover', player: need(dto.player, 'player'), reason };
    case 'outcome': {
      const outcome = need(dto.outcome, 'outcome');
      if (outcome.type === 'abandon' || outcome.type === 'timeout' || outcome.type === 'no-show') {
        return { kind: 'outcome', outcome: { type: outcome.type, by: need(outcome.by, 'outcome.by') }, reason };
      }
      return { kind: 'outcome', outcome: { type: outcome.type }, reason };
    }
  }
}
