import { Module } from '@nestjs/common';
import { ApiKeyFailures } from './api-key-failures';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeysService } from './api-keys.service';
import { UsersService } from './users.service';

/** Identity and permission (issue 4 §3): users, API keys, the guard that turns a key into an actor. */
@Module({
  providers: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard],
  exports: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard],
})
export class AuthModule {}
