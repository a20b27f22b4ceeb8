import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** An address the arbiter adds to a registered player: unverified until its owner confirms it. */
export class AddPlayerAddressDto {
  @ApiProperty({ example: 'ion.popescu@work.example' })
  @IsString()
  @MaxLength(320)
  address: string;
}

/** An admin confirms an address for its owner, saying why (audited). */
export class ConfirmPlayerAddressDto {
  @ApiProperty({ example: 'ion.popescu@work.example' })
  @IsString()
  @MaxLength(320)
  address: string;

  @ApiProperty({ example: 'The player confirmed it on the phone on 12.03.2027.' })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  reason: string;
}

/** A player's details the arbiter changes (name, club, language), under the identity rules. */
export class EditPlayerDto {
  @ApiPropertyOptional({ example: 'Popescu-Rădulescu Ștefania' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ example: 'CS Arad', description: 'Empty for none.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  club?: string;

  @ApiPropertyOptional({ enum: ['ro', 'en', 'pl'] })
  @IsOptional()
  @IsIn(['ro', 'en', 'pl'])
  language?: 'ro' | 'en' | 'pl';
}
