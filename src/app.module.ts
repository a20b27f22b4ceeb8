import { DynamicModule, Module } from '@nestjs/common';
import { DemoModule } from './demo/demo.module';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { ArbiterModule } from './arbiter/arbiter.module';
import { AuthModule } from './auth/auth.module';
import { CoefficientsModule } from './coefficients/coefficients.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { Clock } from './common/clock';
import { ClockModule } from './common/clock.module';
import { CompetitionsModule } from './competitions/competitions.module';
import type { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { DatabaseModule } from './database/database.module';
import type { OpenedDatabase } from './database/open-database';
import { GamesModule } from './games/games.module';
import { HealthController } from './health/health.controller';
import { MailModule } from './mail/mail.module';
import { RehearsalWebModule } from './web/rehearsal/rehearsal-web.module';
import { ThinkingTimeModule } from './thinking-time/thinking-time.module';
import { WebModule } from './web/web.module';
import { RecordsModule } from './records/records.module';

export interface AppOptions {
  readonly settings: Settings;
  readonly database: OpenedDatabase;
  /** Tests pass a ManualClock; the platform runs on the system clock. */
  readonly clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot({ settings, database, clock }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.forRoot(settings),
        ClockModule.forRoot(clock),
        LoggerModule.forRoot({
          pinoHttp: {
            level: settings.logLevel,
            // Pretty for a person at a terminal, JSON lines for everything else.
            transport: process.stdout.isTTY ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
            autoLogging: false,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
        }),
        ScheduleModule.forRoot(),
        DatabaseModule.forRoot(database),
        GamesModule,
        MailModule,
        ThinkingTimeModule,
        RehearsalWebModule,
        CoefficientsModule,
        CompetitionsModule,
        TournamentsModule,
        DemoModule,
        ArbiterModule,
        AuthModule,
        WebModule,
        RecordsModule,
      ],
      controllers: [HealthController],
    };
  }
}
