import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from './actor';
import { Refusal } from './refusal';
import { UsersService } from './users.service';

/** Where the guard leaves the resolved actor on the request. */
export interface RequestWithActor extends Request {
  actor?: Actor;
}

/**
 * `Authorization: Bearer <API key>` → the acting user (issue 4 §3: an API key per user
 * until the web issue adds logins). No key or an unknown or revoked one: 401.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithActor>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) {
      throw new Refusal(
        'UNAUTHENTICATED',
        {
          ro: 'Lipsește cheia de acces: trimiteți antetul „Authorization: Bearer <cheie>”.',
          en: 'No API key: send the header "Authorization: Bearer <key>".',
        },
        401,
      );
    }
    const actor = await this.users.actorForApiKey(match[1]);
    if (!actor) {
      throw new Refusal(
        'UNAUTHENTICATED',
        { ro: 'Cheia de acces nu este validă sau a fost revocată.', en: 'The API key is unknown or revoked.' },
        401,
      );
    }
    req.actor = actor;
    return true;
  }
}
