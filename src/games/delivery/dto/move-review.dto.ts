import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** A refused move the player asks the arbiter to review (docs/rules.md §3). */
export class MoveReviewDto {
  @ApiProperty({ example: 'h8 CASAX', description: 'The move as it was refused.' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  notation: string;

  @ApiPropertyOptional({ example: 'A', description: 'The line, while an appeal keeps two.' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;

  @ApiPropertyOptional({
    example: 'The engine says the word is broken, but the tile at h11 is there.',
    description: 'Why the player thinks the refusal is wrong.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}
