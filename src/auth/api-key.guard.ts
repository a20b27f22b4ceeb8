import { CanActivate, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Actor } from './core/actor';
import { ApiKeyFailures } from './api-key-failures.service';
import { Refusal } from '../common/refusal';
import { UsersService } from './users.service';
import { formatDayFor } from '../common/day-format';
import type { Bilingual } from '../common/bilingual';

/** Where the guard leaves the resolved actor on the request. */
export interface RequestWithActor extends Request {
  actor?: Actor;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `Authorization: Bearer <API key>` → the acting user. No key, an unknown,
 * revoked or expired one: 401, saying which (docs/web.md, Security model); too many bad keys from one
 * client: 429 for a minute to its bad keys only (docs/web.md, "What is limited").
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly users: UsersService,
    private readonly failures: ApiKeyFailures,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithActor>();
    const res = context.switchToHttp().getResponse<Response>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) {
      throw new Refusal(
        'UNAUTHENTICATED',
        {
          ro: 'Lipsește cheia de acces: trimiteți antetul „Authorization: Bearer <cheie>”.',
          en: 'No API key: send the header "Authorization: Bearer <key>".',
          pl: 'Brak klucza API: wyślij nagłówek „Authorization: Bearer <klucz>”.',
        },
        401,
      );
    }
    // The key first: a valid key always passes, whatever others sent from the same address
    // (behind a proxy without TRUST_PROXY, every client shares one). Only failures are held back.
    const check = await this.users.checkApiKey(match[1]);
    if (check.ok) {
      req.actor = check.actor;
      return true;
    }
    const client = this.failures.clientOf(req);
    const waiting = this.failures.retryAfter(client);
    if (waiting) throw tooManyBadKeys(res, waiting);
    const wait = await this.failures.failed(client);
    if (wait) throw tooManyBadKeys(res, wait);
    if (check.reason === 'expired') {
      throw new Refusal(
        'UNAUTHENTICATED',
        {
          ro: `Cheia de acces a expirat la ${day(check.at!)}: cereți una nouă (panoul arbitrului, „Chei API”, sau administratorul).`,
          en: `The API key expired on ${day(check.at!)}: get a new one (the arbiter's panel, "API keys", or the administrator).`,
          pl: `Klucz API wygasł ${formatDayFor('pl', day(check.at!))}: uzyskaj nowy (panel sędziego, „Klucze API”, albo od administratora).`,
        },
        401,
        { reason: 'expired', at: check.at!.toISOString() },
      );
    }
    if (check.reason === 'revoked') {
      throw new Refusal(
        'UNAUTHENTICATED',
        {
          ro: `Cheia de acces a fost revocată la ${day(check.at!)}: nu mai poate fi folosită.`,
          en: `The API key was revoked on ${day(check.at!)}: it can no longer be used.`,
          pl: `Klucz API został unieważniony ${formatDayFor('pl', day(check.at!))}: nie można go już używać.`,
        },
        401,
        { reason: 'revoked', at: check.at!.toISOString() },
      );
    }
    throw new Refusal(
      'UNAUTHENTICATED',
      { ro: 'Cheia de acces nu este validă.', en: 'The API key is not valid.', pl: 'Klucz API jest nieprawidłowy.' },
      401,
      {
        reason: 'unknown',
      },
    );
  }
}

/** 429 with Retry-After, in the API's error shape; the status is outside Refusal's, which are the domain's. */
function tooManyBadKeys(res: Response, seconds: number): HttpException {
  res.setHeader('Retry-After', String(seconds));
  const messages: Bilingual = {
    ro: `Prea multe chei de acces greșite de la această adresă: așteptați ${seconds} s și încercați din nou.`,
    en: `Too many wrong API keys from this address: wait ${seconds} s and try again.`,
    pl: `Zbyt wiele błędnych kluczy API z tego adresu: odczekaj ${seconds} s i spróbuj ponownie.`,
  };
  return new HttpException({ error: { code: 'TOO_MANY_REQUESTS', message: messages.en, messages } }, 429);
}
