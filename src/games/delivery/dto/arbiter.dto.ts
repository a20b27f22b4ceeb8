import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { KeyDto, MAX_DAYS, MAX_MOVES } from './submit-move.dto';

/** Far beyond any real correction (a whole game scores under 2000), well inside a 32-bit column. */
const MAX_POINTS = 10_000;

const OUTCOMES = ['abandon', 'timeout', 'no-show', 'interrupted', 'draw-agreement', 'unfinished', 'no-information'] as const;

export class OutcomeDto {
  @ApiProperty({ enum: OUTCOMES })
  @IsIn(OUTCOMES)
  type: (typeof OUTCOMES)[number];

  @ApiPropertyOptional({ enum: ['red', 'blue'], description: 'Who abandoned, ran out of time or never played.' })
  @IsOptional()
  @IsIn(['red', 'blue'])
  by?: 'red' | 'blue';
}

const KINDS = [
  'word',
  'claim',
  'score-correction',
  'move-annulment',
  'thinking-days',
  'coefficient-penalty',
  'warning',
  'outcome',
  'point-penalty',
  'walkover',
] as const;

/** One DTO for every ruling; the service checks that the kind has what it needs. */
export class RulingDto extends KeyDto {
  @ApiProperty({ enum: KINDS })
  @IsIn(KINDS)
  kind: (typeof KINDS)[number];

  @ApiProperty({ description: 'Required for every ruling (docs/rules.md §6).' })
  @IsString()
  @Length(1, 2000)
  reason: string;

  @ApiPropertyOptional({ description: 'word: the contested word is valid (line A kept) or not (line B kept).' })
  @IsOptional()
  @IsBoolean()
  valid?: boolean;

  @ApiPropertyOptional({ description: 'claim: upheld (lost on time) or rejected.' })
  @IsOptional()
  @IsBoolean()
  upheld?: boolean;

  @ApiPropertyOptional({
    description:
      "claim: uphold before the accused's 5 days to answer ran out (docs/rules.md §5). Refused with CLAIM_WINDOW_OPEN (409) without it; audited with the reason.",
  })
  @IsOptional()
  @IsBoolean()
  earlyOverride?: boolean;

  @ApiPropertyOptional({
    enum: ['red', 'blue'],
    description: 'The player a correction, days, penalty or warning is about; for a walkover, the player excluded from the game.',
  })
  @IsOptional()
  @IsIn(['red', 'blue'])
  player?: 'red' | 'blue';

  @ApiPropertyOptional({
    description:
      'score-correction: points added (negative: taken). point-penalty (PFS rules, docs/rules.md §13): points deducted, a positive multiple of 50.',
    minimum: -MAX_POINTS,
    maximum: MAX_POINTS,
  })
  @IsOptional()
  @IsInt()
  @Min(-MAX_POINTS)
  @Max(MAX_POINTS)
  points?: number;

  @ApiPropertyOptional({ description: 'move-annulment: the first move annulled, in the official line.', minimum: 1, maximum: MAX_MOVES })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_MOVES)
  number?: number;

  @ApiPropertyOptional({ description: 'thinking-days: charged (positive) or credited (negative).', minimum: -MAX_DAYS, maximum: MAX_DAYS })
  @IsOptional()
  @IsInt()
  @Min(-MAX_DAYS)
  @Max(MAX_DAYS)
  days?: number;

  @ApiPropertyOptional({ example: 0.1, description: 'coefficient-penalty: from 0.1 to 1.' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 4 })
  @Min(0.1)
  @Max(1)
  coefficient?: number;

  @ApiPropertyOptional({ type: OutcomeDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => OutcomeDto)
  outcome?: OutcomeDto;
}

export class ArbiterMoveDto extends KeyDto {
  @ApiPropertyOptional({ example: 'h8 CASA' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  move?: string;

  @ApiPropertyOptional({ description: 'While two lines are live: one move per line (A / B).' })
  @IsOptional()
  @IsObject()
  lines?: Record<string, string>;

  @ApiProperty({ example: '2027-03-02', description: 'The day the player sent it (postmark, call).' })
  @IsString()
  sentOn: string;

  @ApiPropertyOptional({ example: '2027-02-27', description: "The day the partner's move reached the player, if not the day it was sent." })
  @IsOptional()
  @IsString()
  arrivedOn?: string;

  @ApiProperty({ example: 'received by post' })
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class ImportGameDto {
  @ApiProperty({ description: 'The JSON game record.', type: 'object', additionalProperties: true })
  @IsObject()
  record: Record<string, unknown>;

  @ApiProperty({ example: 'started on paper before the platform' })
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class WithdrawDto {
  @ApiProperty()
  @IsString()
  @Length(1, 2000)
  reason: string;

  @ApiPropertyOptional({ description: 'An exclusion (docs/rules.md §6 sanction) rather than a withdrawal.' })
  @IsOptional()
  @IsBoolean()
  exclusion?: boolean;
}
