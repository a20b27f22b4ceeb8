import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** The arbiter's name; decideArbiterName trims it and bounds it in words, this bound only stops a flood. */
export class ArbiterNameDto {
  @ApiProperty({ example: 'Dan Marinescu', maxLength: 80 })
  @IsString()
  @MaxLength(2000)
  name: string;
}
