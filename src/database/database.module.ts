import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { OpenedDatabase } from './open-database';
import { Database } from './database';
import { WorkersService } from './workers.service';

const OPENED = Symbol('OPENED_DATABASE');

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(OPENED) private readonly opened: OpenedDatabase) {}

  /** The database is opened before Nest starts, so a refusal to open is one clear line, not a trace. */
  static forRoot(opened: OpenedDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: OPENED, useValue: opened },
        { provide: Database, useFactory: (opened: OpenedDatabase) => opened.database, inject: [OPENED] },
        WorkersService,
      ],
      exports: [Database, WorkersService],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.opened.close();
    this.logger.log('database closed');
  }
}
