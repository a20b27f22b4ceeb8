import { Module } from '@nestjs/common';
import { Notifications } from './notifications.service';
import { OutboxRepository } from './outbox.repository';

/** The outbox writer on its own, below every feature: each queues its mail here and mail/ sends it. */
@Module({
  providers: [Notifications, OutboxRepository],
  exports: [Notifications, OutboxRepository],
})
export class NotificationsModule {}
