import { Module } from '@nestjs/common';
import { ApiKeyFailures } from './api-key-failures';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysService } from './api-keys.service';
import { UserRepository } from './user.repository';
import { UsersService } from './users.service';

/** Identity and permission: users, API keys, the guard that turns a key into an actor. */
@Module({
  providers: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard, UserRepository, ApiKeyRepository],
  // The user repository for the login links beside this module (same feature), not for other features.
  exports: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard, UserRepository],
})
export class AuthModule {}
