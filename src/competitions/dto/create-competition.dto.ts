import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { CreateCompetitionInput } from '../competition-setup.service';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Type-level bound of the numeric settings; competition-settings.ts checks their real ranges. */
const MAX_SETTING = 1000;

export class SeriesDto {
  @ApiProperty({ example: '1', description: 'Series label; the groups of a series play its sequence (docs/rules.md §2).' })
  @IsString()
  @MaxLength(20)
  label: string;

  @ApiPropertyOptional({
    description: 'The 100 tiles typed by the arbiter, `?` for a blank, separators allowed; omitted: dealt at random.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  tiles?: string;
}

/** Shapes and types only; meaning (date order, ranges, time zone) is checked by the service for every channel. */
export class CreateCompetitionDto implements CreateCompetitionInput {
  @ApiProperty({ example: 'Campionatul Național prin corespondență 2027' })
  @IsString()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'CN 2027', description: 'For mail subjects and sheets.' })
  @IsString()
  @MaxLength(40)
  shortName: string;

  @ApiPropertyOptional({ enum: ['ro', 'en', 'pl'], default: 'ro' })
  @IsOptional()
  @IsIn(['ro', 'en', 'pl'])
  tileSet?: string;

  @ApiPropertyOptional({
    enum: ['frsc', 'pfs'],
    default: 'frsc',
    description: "docs/rules.md §13: the FRSc's or the PFS's game rules (challenge, end, walkover, penalties).",
  })
  @IsOptional()
  @IsIn(['frsc', 'pfs'])
  rules?: string;

  @ApiPropertyOptional({ default: true, description: 'docs/rules.md §2: capped recorded scores in the first two tours.' })
  @IsOptional()
  @IsBoolean()
  handicap?: boolean;

  @ApiPropertyOptional({
    description: 'Consecutive zero-score turns that end a game: default 6 (FRSc), 4 passes in a row for PFS rules (docs/rules.md §13).',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  zeroTurnsToEnd?: number;

  @ApiPropertyOptional({ enum: ['transfer', 'double'], default: 'transfer' })
  @IsOptional()
  @IsIn(['transfer', 'double'])
  endRackRule?: string;

  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  thinkingDays?: number;

  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  holidayLongDays?: number;

  @ApiPropertyOptional({ default: 10 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  holidayShortDays?: number;

  @ApiPropertyOptional({ default: 15 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  reminderDays?: number;

  @ApiPropertyOptional({ default: 30 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  escalationDays?: number;

  @ApiPropertyOptional({
    default: 3,
    description: 'days after a declined draw or interruption offer before the same player may offer it again',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_SETTING)
  offerCooldownDays?: number;

  @ApiPropertyOptional({ default: 'Europe/Bucharest' })
  @IsOptional()
  @IsString()
  timeZone?: string;

  @ApiProperty({ example: '2027-02-01', description: 'The day every game begins (YYYY-MM-DD).' })
  @Matches(DAY, { message: 'startDate must be a YYYY-MM-DD day' })
  startDate: string;

  @ApiProperty({ example: '2027-12-31', description: 'The day by which every game must be finished (YYYY-MM-DD).' })
  @Matches(DAY, { message: 'closingDate must be a YYYY-MM-DD day' })
  closingDate: string;

  @ApiPropertyOptional({ nullable: true, description: 'Name of the word list moves are checked against.' })
  @IsOptional()
  @IsString()
  lexicon?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  autoHomologate?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: 'Players see the analysis of the turns already played during the game, not only after it.',
  })
  @IsOptional()
  @IsBoolean()
  analysisDuringPlay?: boolean;
  @ApiPropertyOptional({ default: true, description: 'Whether players may store conditional replies (IF … THEN …).' })
  @IsOptional()
  @IsBoolean()
  conditionalsAllowed?: boolean;

  @ApiPropertyOptional({ description: 'The arbiter (admins only; default: yourself).' })
  @IsOptional()
  @IsUUID()
  arbiterUserId?: string;

  @ApiPropertyOptional({ description: 'The arbiter by address, created if unknown (admins only).' })
  @IsOptional()
  @IsEmail()
  arbiterEmail?: string;

  @ApiPropertyOptional({ type: [SeriesDto], description: 'Default: one series "1", dealt at random.' })
  @IsOptional()
  @ArrayMaxSize(26)
  @ValidateNested({ each: true })
  @Type(() => SeriesDto)
  series?: SeriesDto[];
}
