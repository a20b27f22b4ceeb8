import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';

/** docs/rules.md §7: the arbiter's decision on an objection to the final sheet, always with a reason. */
export class ObjectionDecisionDto {
  @ApiProperty({ enum: ['upheld', 'rejected'] })
  @IsIn(['upheld', 'rejected'])
  verdict: 'upheld' | 'rejected';

  @ApiProperty({ description: 'Why: shown to the players and kept in the audit log.' })
  @IsString()
  @Length(1, 2000)
  reason: string;

  @ApiPropertyOptional({
    description: 'A repeat of the key answers as the first time: the objection is decided, and the players mailed, once.',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotencyKey?: string;
}

export class ObjectionDto {
  @ApiProperty({ description: 'What is wrong with the final sheet.' })
  @IsString()
  @Length(1, 2000)
  text: string;
}

export class HomologateDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  reason?: string;

  @ApiPropertyOptional({
    description: "docs/rules.md §7: homologate inside the players' 5 days without both confirmations; needs a reason, audited.",
  })
  @IsOptional()
  @IsBoolean()
  override?: boolean;
}
