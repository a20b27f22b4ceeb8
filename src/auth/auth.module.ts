import { Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard';
import { UsersService } from './users.service';

/** Identity and permission (issue 4 §3): users, API keys, the guard that turns a key into an actor. */
@Module({
  providers: [UsersService, ApiKeyGuard],
  exports: [UsersService, ApiKeyGuard],
})
export class AuthModule {}
