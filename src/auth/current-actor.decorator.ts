import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor } from './core/actor';
import type { RequestWithActor } from './api-key.guard';

/** The actor the ApiKeyGuard resolved; use only on routes behind `@UseGuards(ApiKeyGuard)`. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<RequestWithActor>().actor;
  // A route that forgot the guard must fail loudly, never run as nobody.
  if (!actor) throw new Error('CurrentActor used on a route without ApiKeyGuard');
  return actor;
});
