import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../../auth/core/actor';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { CurrentActor } from '../../auth/current-actor.decorator';
import { MoveReviewDto } from './dto/move-review.dto';
import { MoveReviewsService } from '../actions/move-reviews.service';

@ApiTags('games')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'No API key, or an unknown or revoked one (UNAUTHENTICATED).' })
@UseGuards(ApiKeyGuard)
@Controller('api/games')
export class MoveReviewsController {
  constructor(private readonly reviews: MoveReviewsService) {}

  @Post(':id/review')
  @HttpCode(201)
  @ApiOperation({
    summary: 'docs/rules.md §3: ask the arbiter to review a refused move; the move, the reason and your comment are kept with the case.',
  })
  @ApiCreatedResponse({ description: '{caseId, dueOn}' })
  @ApiResponse({ status: 404, description: 'Not your game, or no such game (UNKNOWN_GAME).' })
  @ApiResponse({
    status: 409,
    description: 'The move is valid (MOVE_NOT_REFUSED), a review is pending (REVIEW_PENDING), or the game has ended.',
  })
  request(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: MoveReviewDto) {
    return this.reviews.request(actor, id, dto);
  }
}
