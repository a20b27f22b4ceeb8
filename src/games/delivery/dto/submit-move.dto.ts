import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

// Bounds on numbers (docs/web.md, Security model): wide enough for any real game, narrow enough that no
// value reaches a 32-bit column or a date computation out of range. The services check meaning.
/** A game has at most a few hundred moves and turns. */
export const MAX_MOVES = 10_000;
/** Thinking days granted, charged or announced: a competition lasts at most a few years. */
export const MAX_DAYS = 1000;

/** What every player submission may carry (game-actions.service.ts SubmitOptions). */
export class SubmissionDto {
  @ApiPropertyOptional({
    description: 'A form token or Message-ID: a repeat returns the first result instead of acting twice.',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotencyKey?: string;

  @ApiPropertyOptional({
    description: 'The turn this answers (as the game showed it): a stale one is refused (ALREADY_PLAYED / NOT_YOUR_TURN).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_MOVES)
  expectedTurn?: number;

  @ApiPropertyOptional({
    example: 'Frumoasă poziție!',
    description: 'A note for the partner, shown with the move and kept on the sheet (at most 500 characters, no control characters).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

export class PlacedTileDto {
  @ApiProperty({ description: 'Row, 0 = a … 14 = o.' })
  @IsInt()
  @Min(0)
  @Max(14)
  row: number;

  @ApiProperty({ description: 'Column, 0 = 1 … 14 = 15.' })
  @IsInt()
  @Min(0)
  @Max(14)
  col: number;

  @ApiProperty({ example: 'A', description: 'The letter shown (for a blank, the letter it stands for).' })
  @IsString()
  @Length(1, 2)
  letter: string;

  @ApiProperty()
  @IsBoolean()
  blank: boolean;
}

export class SubmitMoveDto extends SubmissionDto {
  @ApiPropertyOptional({ example: 'h8 CASA', description: 'FRSc notation (docs/rules.md §3); `PAS` passes.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  move?: string;

  @ApiPropertyOptional({ type: [PlacedTileDto], description: 'The new tiles on their squares, as a web board sends them.' })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => PlacedTileDto)
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  tiles?: PlacedTileDto[];

  @ApiPropertyOptional({
    example: { A: 'h8 CASA', B: '8h CAL' },
    description: 'While an appeal keeps two lines (docs/rules.md §6): one move per line, by label A / B.',
  })
  @IsOptional()
  @IsObject()
  lines?: Record<string, string>;
}

export class PassDto extends SubmissionDto {
  @ApiPropertyOptional({ description: 'Pass in this line only (A / B); default: every line owed.' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;
}

export class KeyDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotencyKey?: string;
}

export class HolidayDto extends KeyDto {
  @ApiProperty({ example: '2027-03-01' })
  @IsString()
  from: string;

  @ApiProperty({ example: '2027-03-20', description: 'Included: 1–20 March is 20 days.' })
  @IsString()
  to: string;
}

export class LongThinkingDto extends KeyDto {
  @ApiProperty({ example: 14, description: 'More than 10, within the days left (docs/rules.md §5).', maximum: MAX_DAYS })
  @IsInt()
  @Min(-MAX_DAYS)
  @Max(MAX_DAYS)
  days: number;
}

export class OfferDto extends KeyDto {
  @ApiProperty({ enum: ['draw', 'interruption'] })
  @IsIn(['draw', 'interruption'])
  kind: 'draw' | 'interruption';
}

export class ContestDto extends SubmissionDto {
  @ApiProperty({ example: ['CASA'], description: "Words of the partner's last move." })
  @IsString({ each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  words: string[];

  @ApiProperty({ example: '9g ASA', description: 'The provisional reply, played as if the contested move stood (docs/rules.md §6).' })
  @IsString()
  @MaxLength(200)
  reply: string;
}

export class ChallengeDto extends SubmissionDto {
  @ApiProperty({
    example: ['CASA', 'AS'],
    description: "docs/rules.md §13 (PFS): every word of the partner's last move to check; one verdict for them all.",
  })
  @IsString({ each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  words: string[];
}

export class ChallengeOverrideDto extends KeyDto {
  @ApiProperty({ description: 'Required: why the verdict is reversed (docs/rules.md §13).' })
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class AdmitDto extends SubmissionDto {
  @ApiPropertyOptional({ description: 'The move replacing the withdrawn one; it can also follow later.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  replacement?: string;
}

export class AppealDto extends SubmissionDto {
  @ApiPropertyOptional({ example: { A: 'h8 CASA', B: '8h CAL' }, description: 'The moves in both lines, if ready.' })
  @IsOptional()
  @IsObject()
  lines?: Record<string, string>;
}
