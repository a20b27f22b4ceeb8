import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WebFormDto } from './player-forms.dto';

/** The game page's "ask the arbiter to review" form, under a refused move (docs/rules.md §3). */
export class ReviewFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  notation?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}
