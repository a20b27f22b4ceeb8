import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** One player added to a draft competition: the columns of the players' CSV, checked by its rules. */
export class AddPlayerDto {
  @ApiProperty({ example: 'Popescu Ion' })
  @IsString()
  @MaxLength(200)
  name: string;

  @ApiProperty({ example: 'ion.popescu@example.org', description: 'One or more addresses, separated by spaces or |.' })
  @IsString()
  @MaxLength(2000)
  email: string;

  @ApiPropertyOptional({ example: 'CS Arad' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  club?: string;

  @ApiPropertyOptional({ example: 'ro', description: 'ro (default) or en.' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  language?: string;

  @ApiPropertyOptional({ example: '1.5219', description: 'From 0 to 2, at most four decimals.' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  previousCoefficient?: string;

  @ApiPropertyOptional({ example: '3' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  previousRank?: string;
}
