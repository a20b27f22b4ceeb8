import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** The shape of every refusal the API gives: `{"error":{"code","message"}}`. */
export interface ApiErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly [extra: string]: unknown };
}

/** Never a stack trace to a user: known refusals keep their code, anything else is logged and hidden. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object') {
        res.status(status).json(body);
        return;
      }
      const message =
        typeof body === 'string' ? body : Array.isArray((body as { message?: unknown }).message)
          ? ((body as { message: string[] }).message).join('; ')
          : String((body as { message?: unknown }).message ?? exception.message);
      res.status(status).json({ error: { code: codeForStatus(status), message } } satisfies ApiErrorBody);
      return;
    }
    this.logger.error({ err: exception }, 'unexpected error');
    res
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side; nothing was changed.' } });
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
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}
