import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** The JSON form of a player import; the same CSV can be sent as the body with Content-Type text/csv. */
export class ImportPlayersDto {
  @ApiProperty({
    example: 'name,email,club,language,previous_coefficient,previous_rank\nIon Popescu,ion@example.org,CS Arad,ro,1.2345,3\n',
    description: 'Header required: name, email, club, language; optional previous_coefficient, previous_rank.',
  })
  @IsString()
  @MaxLength(1_000_000)
  csv: string;
}
