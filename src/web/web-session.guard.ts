import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role, UserActor } from '../auth/core/actor';
import type { WebRequest } from './web-request';

export type { WebLanguage, WebRequest } from './web-request';

const ROLES_KEY = 'web:roles';

/** The page needs one of these roles (any of them); checked by WebSessionGuard. Admins pass every check. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Thrown (and turned into a 303 by the web exception filter) when a page needs a login. */
export class LoginRequired extends HttpException {
  constructor(readonly next: string) {
    super({ error: { code: 'LOGIN_REQUIRED', message: 'Log in first.' } }, HttpStatus.SEE_OTHER);
  }
}

/**
 * Pages for logged-in users: no session → 303 to /login?next=<this page>; a session
 * without the page's role → 403 page. The API (under /api) has its own ApiKeyGuard.
 */
@Injectable()
export class WebSessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<WebRequest>();
    if (!req.actor) throw new LoginRequired(req.method === 'GET' ? req.originalUrl : '/');
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles?.length && !mayEnter(req.actor, roles)) throw notForYourAccount();
    return true;
  }
}

/** Whether the actor holds one of the roles a page needs; admins pass every check. */
export function mayEnter(actor: UserActor, roles: readonly Role[]): boolean {
  return roles.some((r) => actor.roles.includes(r)) || actor.roles.includes('admin');
}

/** The 403 page of a session without the page's role. */
export function notForYourAccount(): ForbiddenException {
  return new ForbiddenException({ error: { code: 'FORBIDDEN', message: 'This page is not for your account.' } });
}

/** The logged-in user; only on routes behind WebSessionGuard. */
export const WebActor = createParamDecorator((_data: unknown, context: ExecutionContext): UserActor => {
  const actor = context.switchToHttp().getRequest<WebRequest>().actor;
  // A page that forgot the guard must fail loudly, never run as nobody.
  if (!actor) throw new Error('WebActor used on a route without WebSessionGuard');
  return actor;
});
