import { Controller, Get, Header, Param, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { attachmentDisposition } from '../common/content-disposition';
import { StandingsService } from './standings.service';

/** Standings per group (docs/rules.md §7): public within the platform, as the federation publishes them. */
@ApiTags('standings')
@ApiBearerAuth()
@UseGuards(ApiKeyGuard)
@ApiResponse({ status: 404, description: 'No such competition (UNKNOWN_COMPETITION).' })
@Controller('api/competitions')
export class StandingsController {
  constructor(private readonly standings: StandingsService) {}

  @Get(':id/standings')
  @ApiOperation({ summary: 'Standings per group: sum of homologated coefficients, games, average, score difference.' })
  @ApiOkResponse({ description: 'Groups, each ranked.' })
  json(@Param('id') id: string) {
    return this.standings.view(id);
  }

  @Get(':id/standings.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The standings as CSV (UTF-8 with BOM, formula-like cells neutralised), named after the competition.' })
  async csv(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const file = await this.standings.csvFile(id);
    res.setHeader('Content-Disposition', attachmentDisposition(file.fileName, 'standings.csv'));
    return file.body;
  }
}
