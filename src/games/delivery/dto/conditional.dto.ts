import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_CONDITIONAL_TEXT } from '../../core/conditionals';
import { KeyDto } from './submit-move.dto';

export class StoreConditionalDto extends KeyDto {
  @ApiProperty({ example: 'IF 7c GO THEN c7 GOL IF PAS THEN h8 CASA', maxLength: MAX_CONDITIONAL_TEXT })
  @IsString()
  @MaxLength(MAX_CONDITIONAL_TEXT)
  text: string;

  @ApiPropertyOptional({ description: 'The line (A / B) while two are live; default: the one the partner is to move in.' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;
}
