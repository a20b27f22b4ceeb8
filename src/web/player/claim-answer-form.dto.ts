import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WebFormDto } from './player-forms.dto';

/** docs/rules.md §5: the accused's answer to a time claim, from the game page. */
export class ClaimAnswerFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  text?: string;
}
