import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { Bilingual } from './bilingual';
import { Refusal } from './refusal';

/** The shape of every refusal the API gives: `{"error":{"code","message","messages"}}`. */
export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly messages: { readonly ro: string; readonly en: string; readonly pl: string };
    readonly [extra: string]: unknown;
  };
}

/** Never a stack trace to a user: known refusals keep their code, anything else is logged and hidden. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    // A stream (a PDF, a CSV) that failed half-way: the status has gone, nothing more can be said.
    if (res.headersSent) {
      if (!(exception instanceof HttpException) && !(exception instanceof Refusal)) {
        this.logger.error({ err: exception }, 'unexpected error after the answer began');
      }
      // Cut, not ended: a truncated file must not look whole.
      res.destroy();
      return;
    }
    if (exception instanceof Refusal) {
      res.status(exception.status).json(exception.getResponse());
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object') {
        res.status(status).json(body);
        return;
      }
      // Nest's own exceptions (an unknown route, a guard's 401): their English text is about the request, not the code.
      const message =
        typeof body === 'string'
          ? body
          : Array.isArray((body as { message?: unknown }).message)
            ? (body as { message: string[] }).message.join('; ')
            : String((body as { message?: unknown }).message ?? exception.message);
      const code = codeForStatus(status);
      res.status(status).json({
        error: { code, message, messages: messagesFor(status, message) },
      } satisfies ApiErrorBody);
      return;
    }
    this.logger.error({ err: exception }, 'unexpected error');
    res
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json({ error: { code: 'INTERNAL', message: INTERNAL.en, messages: INTERNAL } } satisfies ApiErrorBody);
  }
}

const INTERNAL = {
  ro: 'Ceva nu a mers pe partea noastră; nu s-a schimbat nimic.',
  en: 'Something went wrong on our side; nothing was changed.',
  pl: 'Coś poszło nie tak po naszej stronie; nic nie zostało zmienione.',
};

/** The statuses Nest raises by itself, in each language: the English is Nest's own detail. */
function messagesFor(status: number, en: string): Bilingual {
  switch (status) {
    case 401:
      return { ro: 'Lipsește cheia API sau nu este validă.', en, pl: 'Brak klucza API albo klucz jest nieprawidłowy.' };
    case 403:
      return { ro: 'Nu aveți dreptul să faceți aceasta.', en, pl: 'Nie masz uprawnień do tej czynności.' };
    case 404:
      return { ro: `Nu există: ${en}`, en, pl: `Nie istnieje: ${en}` };
    case 429:
      return { ro: 'Prea multe cereri; încercați din nou mai târziu.', en, pl: 'Zbyt wiele żądań; spróbuj ponownie później.' };
    default:
      return status >= 500 ? { ...INTERNAL, en } : { ro: `Cerere greșită: ${en}`, en, pl: `Błędne żądanie: ${en}` };
  }
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_INPUT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
