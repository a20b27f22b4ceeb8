import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';

class ArbiterDaysDto {
  @ApiProperty({ enum: ['red', 'blue'], description: 'The player whose clock changes.' })
  @IsIn(['red', 'blue'])
  player: 'red' | 'blue';

  @ApiProperty({ description: 'Required for every ruling (docs/rules.md §6).' })
  @IsString()
  @Length(1, 2000)
  reason: string;

  @ApiPropertyOptional({ description: 'A form token: a repeat returns the first result instead of acting twice.', maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  idempotencyKey?: string;
}

export class GrantDaysDto extends ArbiterDaysDto {
  @ApiProperty({ description: 'Days given back to the clock (docs/rules.md §5: after a platform or mail outage).', minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(1000)
  days: number;
}

/** docs/rules.md §5: mail refused through the player's fault costs them 10 days. */
export class RefusedMailPenaltyDto extends ArbiterDaysDto {}

export class SpecialLeaveDto {
  @ApiProperty({ description: 'The player on leave.' })
  @IsUUID()
  playerId: string;

  @ApiProperty({ example: '2027-03-01', description: 'First day of the leave.' })
  @IsString()
  from: string;

  @ApiProperty({ example: '2027-03-14', description: 'Last day of the leave (both ends included).' })
  @IsString()
  to: string;

  @ApiProperty()
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class DowntimeDecisionDto {
  @ApiProperty({ description: 'true: credit the days proposed; false: close the case without crediting.' })
  @IsBoolean()
  confirm: boolean;

  @ApiProperty()
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class StateDeclarationDto {
  @ApiProperty({ description: "The game's state as the player sees it at the closing date (docs/rules.md §7): scores, position…" })
  @IsString()
  @Length(1, 4000)
  text: string;
}
