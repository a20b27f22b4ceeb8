import { Controller, Get, Header, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiQuery({
    name: 'locale',
    required: false,
    enum: ['ro', 'en', 'pl'],
    description:
      "ro: ';' and decimal comma; pl: the same with Polish headings; en: ',' and decimal point. Default: the competition's (ro, pl), else en.",
  })
  @ApiOperation({ summary: 'The standings as CSV (UTF-8 with BOM, formula-like cells neutralised), named after the competition.' })
  async csv(
    @Param('id') id: string,
    @Query('locale') locale: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const file = await this.standings.csvFile(id, locale);
    res.setHeader('Content-Disposition', attachmentDisposition(file.fileName, 'standings.csv'));
    return file.body;
  }

  @Get(':id/crosstable.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'locale', required: false, enum: ['ro', 'en', 'pl'], description: 'As for the standings CSV.' })
  @ApiOperation({ summary: "Each group's crosstable as CSV, in the same two locales as the standings." })
  async crosstableCsv(
    @Param('id') id: string,
    @Query('locale') locale: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const file = await this.standings.crosstableCsvFile(id, locale);
    res.setHeader('Content-Disposition', attachmentDisposition(file.fileName, 'crosstable.csv'));
    return file.body;
  }
}
