import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Actor } from '../auth/core/actor';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { Refusal } from '../common/refusal';
import { CompetitionReadsService } from './competition-reads.service';
import { CompetitionSettingsService } from './competition-settings.service';
import { CompetitionSetupService } from './competition-setup.service';
import { GroupsService } from './groups.service';
import { RegistrationService } from './registration.service';
import { CreateCompetitionDto } from './dto/create-competition.dto';
import { ImportPlayersDto } from './dto/import-players.dto';
import { AddPlayerDto } from './dto/add-player.dto';
import { MakeGroupsDto } from './dto/make-groups.dto';
import { UpdateCompetitionDto } from './dto/update-competition.dto';

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', example: 'BAD_INPUT' },
        message: { type: 'string', description: 'In English.' },
        messages: { type: 'object', properties: { ro: { type: 'string' }, en: { type: 'string' } } },
        details: { type: 'object', description: 'e.g. the CSV problems, each with its line number.' },
      },
    },
  },
};
const errors = {
  401: { status: 401, description: 'No API key, or an unknown or revoked one (UNAUTHENTICATED).', schema: ERROR_SCHEMA },
  403: { status: 403, description: 'Not this competition’s arbiter nor an admin (FORBIDDEN).', schema: ERROR_SCHEMA },
  404: { status: 404, description: 'No such competition (NOT_FOUND).', schema: ERROR_SCHEMA },
  409: {
    status: 409,
    description: 'The competition’s state does not allow it, e.g. already started (COMPETITION_STARTED).',
    schema: ERROR_SCHEMA,
  },
} as const;

/** Competitions over JSON: DTO in, one service call, view out. */
@ApiTags('competitions')
@ApiBearerAuth()
@ApiResponse(errors[401])
@UseGuards(ApiKeyGuard)
@Controller('api/competitions')
export class CompetitionsController {
  constructor(
    private readonly setup: CompetitionSetupService,
    private readonly reads: CompetitionReadsService,
    private readonly settings: CompetitionSettingsService,
    private readonly registration: RegistrationService,
    private readonly groups: GroupsService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a competition; its sequence is dealt now and its SHA-256 published (docs/rules.md §2).' })
  @ApiCreatedResponse({ description: 'The competition, with each sequence’s hash (tiles hidden until the start).' })
  @ApiResponse({
    status: 400,
    description: 'Bad settings or a typed sequence that is not the tile set (BAD_INPUT, BAD_SEQUENCE).',
    schema: ERROR_SCHEMA,
  })
  @ApiResponse(errors[403])
  create(@CurrentActor() actor: Actor, @Body() dto: CreateCompetitionDto) {
    return this.setup.create(actor, dto);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A competition: settings, groups, sequence hashes; the tiles once play has started.' })
  @ApiOkResponse({ description: 'The competition.' })
  @ApiResponse(errors[404])
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.reads.get(actor, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change settings before the start: only those given change, checked as at creation.' })
  @ApiOkResponse({ description: 'The competition with its new settings.' })
  @ApiResponse({ status: 400, description: 'A bad setting, or a tile set other than the sequence’s (BAD_INPUT).', schema: ERROR_SCHEMA })
  @ApiResponse(errors[403])
  @ApiResponse(errors[404])
  @ApiResponse({ status: 409, description: 'Already started: the settings no longer change (COMPETITION_STARTED).', schema: ERROR_SCHEMA })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: UpdateCompetitionDto) {
    return this.settings.update(actor, id, dto);
  }

  @Get(':id/players')
  @ApiOperation({ summary: 'The registered players, in list order (addresses shown to the arbiter only).' })
  @ApiOkResponse({ description: 'The players.' })
  @ApiResponse(errors[404])
  players(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.registration.players(actor, id);
  }

  @Post(':id/players')
  @HttpCode(201)
  @ApiOperation({ summary: 'Import players from CSV: all lines or none; every bad line is reported with its number.' })
  @ApiConsumes('text/csv', 'application/json')
  @ApiExtraModels(ImportPlayersDto)
  @ApiBody({
    schema: {
      oneOf: [{ type: 'string', description: 'The CSV itself (Content-Type: text/csv)' }, { $ref: getSchemaPath(ImportPlayersDto) }],
    },
  })
  @ApiCreatedResponse({ description: 'All the competition’s players after the import.' })
  @ApiResponse({
    status: 400,
    description: 'A missing or unknown column, a bad line, a duplicate address (MISSING_COLUMN, UNKNOWN_COLUMN, BAD_CSV, EMPTY_CSV).',
    schema: ERROR_SCHEMA,
  })
  @ApiResponse(errors[403])
  @ApiResponse(errors[404])
  @ApiResponse(errors[409])
  importPlayers(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.registration.importPlayers(actor, id, csvOf(body));
  }

  @Post(':id/players/single')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Add one player to a draft competition: the CSV import’s checks and identity rules (an address of an existing account asks its owner to join).',
  })
  @ApiCreatedResponse({ description: 'The player as registered.' })
  @ApiResponse({
    status: 400,
    description: 'A missing name or address, a bad language, coefficient or rank (BAD_INPUT).',
    schema: ERROR_SCHEMA,
  })
  @ApiResponse(errors[403])
  @ApiResponse(errors[404])
  @ApiResponse(errors[409])
  addPlayer(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: AddPlayerDto) {
    return this.registration.addPlayer(actor, id, dto);
  }

  @Delete(':id/players/:playerId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Take a player off a draft competition’s list (the person and their account stay). Audited.' })
  @ApiResponse({ status: 204, description: 'Removed.' })
  @ApiResponse(errors[403])
  @ApiResponse({
    status: 404,
    description: 'No such competition, or the player is not registered in it (NOT_FOUND).',
    schema: ERROR_SCHEMA,
  })
  @ApiResponse(errors[409])
  async removePlayer(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('playerId') playerId: string): Promise<void> {
    await this.registration.removePlayer(actor, id, playerId);
  }

  @Post(':id/groups')
  @HttpCode(200)
  @ApiOperation({ summary: 'Split the players into round-robin groups (replaces earlier groups; docs/rules.md §9).' })
  @ApiOkResponse({ description: 'The competition with its groups and seats.' })
  @ApiResponse({ status: 400, description: 'Sizes that do not fit the players (BAD_INPUT).', schema: ERROR_SCHEMA })
  @ApiResponse(errors[403])
  @ApiResponse(errors[404])
  @ApiResponse(errors[409])
  makeGroups(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: MakeGroupsDto) {
    return this.groups.makeGroups(actor, id, dto);
  }
}

/**
 * The CSV from either body form. The route takes `unknown` because the text/csv body is a
 * string (parsed by the module's text middleware); the JSON form is validated here the
 * way the global pipe would.
 */
function csvOf(body: unknown): string {
  if (typeof body === 'string') return body;
  const dto = plainToInstance(ImportPlayersDto, body ?? {});
  const problems = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (typeof body !== 'object' || body === null || problems.length) {
    throw new Refusal('BAD_INPUT', {
      ro: 'Trimiteți fișierul CSV cu Content-Type: text/csv, sau JSON {"csv": "…"}.',
      en: 'Send the CSV with Content-Type: text/csv, or JSON {"csv": "…"}.',
      pl: 'Wyślij plik CSV z nagłówkiem Content-Type: text/csv albo JSON {"csv": "…"}.',
    });
  }
  return dto.csv;
}
