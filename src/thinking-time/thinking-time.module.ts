import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { CoefficientsModule } from '../coefficients/coefficients.module';
import { SETTINGS, type Settings } from '../config/settings';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ClocksService } from './clocks.service';
import { HeartbeatService } from './heartbeat.service';
import { StateDeclarationsService } from './state-declarations.service';
import { SweepActions } from './sweep-actions.service';
import { CaseNoticesService } from './case-notices.service';
import { SweepPasses } from './sweep-passes.service';
import { SweepCron } from './sweep.cron';
import { StateDeclarationsRepository } from './state-declarations.repository';
import { SweepService } from './sweep.service';
import { ThinkingTimeController } from './thinking-time.controller';
import { ThinkingTimeRepository } from './thinking-time.repository';
import { TimeControlsService } from './time-controls.service';
import { UptimeRepository } from './uptime.repository';

/**
 * Thinking time on the platform (docs/sweep.md): live clocks, the daily sweep on the singleton
 * worker `sweep` (reminders, escalations, notices, closing-date cases, the catch-up after
 * downtime) with its heartbeat, the arbiters' case mail, and the arbiter's controls on time.
 */
@Module({
  imports: [AuthModule, CompetitionsModule, ArbiterModule, NotificationsModule, CoefficientsModule, GamesModule],
  controllers: [ThinkingTimeController],
  providers: [
    SweepService,
    SweepCron,
    SweepActions,
    CaseNoticesService,
    SweepPasses,
    HeartbeatService,
    ClocksService,
    TimeControlsService,
    StateDeclarationsService,
    ThinkingTimeRepository,
    UptimeRepository,
    StateDeclarationsRepository,
  ],
  // The timelines for the players' pages (web/player); the uptime spans the rehearsal clock stretches.
  exports: [
    SweepService,
    SweepPasses,
    ClocksService,
    TimeControlsService,
    StateDeclarationsService,
    ThinkingTimeRepository,
    UptimeRepository,
  ],
})
export class ThinkingTimeModule implements OnApplicationBootstrap {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly sweep: SweepService,
  ) {}

  /** Every instance with SWEEP_WORKER on offers to run the sweep; one leads. Tests keep it off and sweep by hand. */
  onApplicationBootstrap(): void {
    if (this.settings.sweepWorker) this.sweep.startWorker();
  }
}
