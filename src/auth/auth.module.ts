import { Module } from '@nestjs/common';
import { ApiKeyFailures } from './api-key-failures.service';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysService } from './api-keys.service';
import { UserRepository } from './user.repository';
import { WebSessionRepository } from './web-session.repository';
import { UsersService } from './users.service';

/** Identity and permission: users, API keys, the guard that turns a key into an actor. */
@Module({
  providers: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard, UserRepository, ApiKeyRepository, WebSessionRepository],
  // The user and session repositories for the login links beside this module and the account page.
  exports: [UsersService, ApiKeysService, ApiKeyFailures, ApiKeyGuard, UserRepository, ApiKeyRepository, WebSessionRepository],
})
export class AuthModule {}
