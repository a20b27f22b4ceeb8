import { Module } from '@nestjs/common';
import { RehearsalWebController } from './rehearsal-web.controller';
import { RehearsalModule } from '../../rehearsal/rehearsal.module';

/** The rehearsal clock on the platform: its API (RehearsalModule) and the dashboard's form (needs the web core). */
@Module({
  imports: [RehearsalModule],
  controllers: [RehearsalWebController],
})
export class RehearsalWebModule {}
