import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { AuthModule } from './auth.module';
import { LoginLinkRequests } from './login-link-requests.service';
import { LoginLinkRepository } from './login-link.repository';
import { LoginLinks } from './login-links.service';

/** Magic links beside AuthModule: they need the outbox, whose module already imports AuthModule. */
@Module({
  imports: [AuthModule, NotificationsModule],
  providers: [LoginLinks, LoginLinkRequests, LoginLinkRepository],
  exports: [LoginLinks, LoginLinkRequests, LoginLinkRepository],
})
export class LoginLinksModule {}
