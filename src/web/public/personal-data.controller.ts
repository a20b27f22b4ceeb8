import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { UserActor } from '../../auth/core/actor';
import { PersonalDataService } from '../../personal-data/personal-data.service';
import { WebActor, WebSessionGuard } from '../web-session.guard';

/** A signed-in person downloads everything the platform holds about them, as JSON. */
@Controller('me')
@UseGuards(WebSessionGuard)
export class PersonalDataController {
  constructor(private readonly personalData: PersonalDataService) {}

  @Get('data')
  async download(@WebActor() actor: UserActor, @Res() res: Response): Promise<void> {
    const data = await this.personalData.exportFor(actor);
    res
      .status(200)
      .type('application/json; charset=utf-8')
      .setHeader('Content-Disposition', 'attachment; filename="corr-scrabble-my-data.json"')
      .setHeader('Cache-Control', 'no-store');
    res.send(JSON.stringify(data, null, 2));
  }
}
