import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { KeyDto } from './submit-move.dto';

/** docs/rules.md §5: the accused's answer to a time claim, for the arbiter (within 5 days of the claim). */
export class ClaimAnswerDto extends KeyDto {
  @ApiProperty({
    description: 'The answer to the arbiter: why the time is not exceeded, or what happened.',
    minLength: 1,
    maxLength: 2000,
    example: 'Am fost internat în spital; trimit certificatul.',
  })
  @IsString()
  @Length(1, 2000)
  text!: string;
}
