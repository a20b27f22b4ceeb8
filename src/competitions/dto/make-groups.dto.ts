import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { GroupsInput } from '../core/group-plans';

export class GroupListDto {
  @ApiPropertyOptional({ example: 'A' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  name?: string;

  @ApiPropertyOptional({ description: 'Series label; default the first series.' })
  @IsOptional()
  @IsString()
  series?: string;

  @ApiProperty({ type: [String], description: 'Players by id or e-mail address, in seat order (seat 1 first).' })
  @IsArray()
  @IsString({ each: true })
  players: string[];
}

/** Type-level bound of a count or a size; the service checks that the groups can be made. */
const MAX_GROUP = 1000;

/** Exactly one of count, sizes or lists (docs/rules.md §9). */
export class MakeGroupsDto implements GroupsInput {
  @ApiPropertyOptional({ example: 2, description: 'Number of groups of even size.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_GROUP)
  count?: number;

  @ApiPropertyOptional({ type: [Number], example: [6, 5], description: 'Size of each group.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(26)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(MAX_GROUP, { each: true })
  sizes?: number[];

  @ApiPropertyOptional({ type: [GroupListDto], description: 'The groups as the arbiter lists them.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(26)
  @ValidateNested({ each: true })
  @Type(() => GroupListDto)
  lists?: GroupListDto[];

  @ApiPropertyOptional({ enum: ['rank', 'list'], default: 'rank', description: 'Deal players by previous rank or as listed.' })
  @IsOptional()
  @IsIn(['rank', 'list'])
  order?: 'rank' | 'list';

  @ApiPropertyOptional({ enum: ['blocks', 'serpentine'], default: 'blocks' })
  @IsOptional()
  @IsIn(['blocks', 'serpentine'])
  distribution?: 'blocks' | 'serpentine';

  @ApiPropertyOptional({ type: [String], description: 'Series of each group, in order.' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  series?: string[];
}
