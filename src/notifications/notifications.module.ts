import { Module } from '@nestjs/common';
import { Notifications } from './notifications';

/** The outbox writer on its own, below every feature: each queues its mail here and mail/ sends it. */
@Module({
  providers: [Notifications],
  exports: [Notifications],
})
export class NotificationsModule {}
