import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Database } from '../database/database';

@Controller('health')
export class HealthController {
  constructor(private readonly database: Database) {}

  @Get()
  async health(@Res() res: Response): Promise<void> {
    try {
      await this.database.ping();
      res.status(HttpStatus.OK).json({ status: 'ok', database: this.database.kind });
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ status: 'unavailable', database: this.database.kind });
    }
  }
}
