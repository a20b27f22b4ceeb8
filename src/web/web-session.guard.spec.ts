import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role, UserActor } from '../auth/core/actor';
import { LoginRequired, Roles, WebSessionGuard } from './web-session.guard';

class Pages {
  anyone(): void {}
  @Roles('arbiter')
  arbiterOnly(): void {}
}

function context(handler: keyof Pages, req: object): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => req }),
    getHandler: () => Pages.prototype[handler],
    getClass: () => Pages,
  } as unknown as ExecutionContext;
}

const user = (roles: Role[]): UserActor => ({ kind: 'user', userId: 'u', roles });

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('WebSessionGuard', () => {
  const guard = new WebSessionGuard(new Reflector());

  it('sends a visitor to the login page, back to the page they asked for', () => {
    const get = thrown(() => guard.canActivate(context('anyone', { method: 'GET', originalUrl: '/games/7?tab=sheet' })));
    expect(get).toBeInstanceOf(LoginRequired);
    expect((get as LoginRequired).next).toBe('/games/7?tab=sheet');
    expect((get as LoginRequired).getStatus()).toBe(303);
    // After a POST there is no page to come back to.
    const post = thrown(() => guard.canActivate(context('anyone', { method: 'POST', originalUrl: '/games/7/pass' })));
    expect((post as LoginRequired).next).toBe('/');
  });

  it('lets any logged-in user through a page without roles', () => {
    expect(guard.canActivate(context('anyone', { method: 'GET', actor: user(['player']) }))).toBe(true);
  });

  it('refuses a page of a role the user lacks (403), and lets admins through every role', () => {
    expect(() => guard.canActivate(context('arbiterOnly', { method: 'GET', actor: user(['player']) }))).toThrow(ForbiddenException);
    expect(guard.canActivate(context('arbiterOnly', { method: 'GET', actor: user(['arbiter']) }))).toBe(true);
    expect(guard.canActivate(context('arbiterOnly', { method: 'GET', actor: user(['admin']) }))).toBe(true);
  });
});
