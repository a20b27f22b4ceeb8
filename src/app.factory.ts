import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule, AppOptions } from './app.module';
import { Refusal } from './common/refusal';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { requestBodyParsers } from './common/request-body';
import { validationMessage, validationProblems } from './common/validation-messages';
import { securityHeaders } from './common/security-headers';
import { settingFieldLabel } from './competitions/dto/setting-field-labels';
import { openAppDatabase } from './app-database';
import { loadRehearsalClock } from './rehearsal/rehearsal-clock-state';
import { WebExceptionFilter } from './web/web-exception.filter';
import { StartupQuietLogger } from './startup-quiet-logger';

export type CreateAppOptions = Omit<AppOptions, 'database'> & Partial<Pick<AppOptions, 'database'>>;

/**
 * The whole platform as one Nest application; main.ts and the tests build it the same
 * way. The database is opened (and migrated) first: if that fails, Nest never starts.
 */
export async function createApp(options: CreateAppOptions): Promise<INestApplication> {
  const database = options.database ?? (await openAppDatabase(options.settings.database));
  // REHEARSAL_CLOCK=on makes the rehearsal clock the injected Clock, at the offset it was left at.
  const clock = options.clock ?? (options.settings.rehearsalClock ? await loadRehearsalClock(database.database) : undefined);
  const app = await NestFactory.create(AppModule.forRoot({ ...options, database, clock }), {
    bufferLogs: true,
    abortOnError: false,
    // Our own parsers (src/common/request-body.ts): limits, depth, and refusals the filters render.
    bodyParser: false,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.useLogger(new StartupQuietLogger(app.get(Logger)));
  // Behind a reverse proxy the client's address is in X-Forwarded-For (the login rate limit counts per client).
  if (options.settings.trustProxy !== undefined) app.getHttpAdapter().getInstance().set('trust proxy', options.settings.trustProxy);
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // Pages are sent no-store and API answers are fresh reads: an ETag would hash every body for a 304 nobody asks for.
  express.disable('etag');
  // Before anything else, so every answer carries them: pages, /api, /api/docs, refused bodies.
  app.use(securityHeaders({ https: options.settings.publicUrl.startsWith('https:') }));
  // The last filter is tried first: pages get error pages, /api keeps its JSON (the web filter hands those over).
  const webFilter = app.get(WebExceptionFilter);
  app.useGlobalFilters(new ApiExceptionFilter(), webFilter);
  // A body refused before Nest routes the request is shown by the same filter as any refusal.
  app.use(...requestBodyParsers((refusal, req, res, next) => webFilter.catch(refusal, new ExecutionContextHost([req, res, next]))));
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // The object each error was found in tells which DTO's labels name its fields.
      validationError: { target: true },
      exceptionFactory: (errors) => {
        const { message, fields } = validationMessage(validationProblems(errors, settingFieldLabel));
        return new Refusal('BAD_INPUT', message, 400, { fields });
      },
    }),
  );
  const openApi = new DocumentBuilder()
    .setTitle('corr-scrabble')
    .setDescription('Correspondence Scrabble championships: competitions, games, moves, disputes, results.')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'a user API key' })
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  return app;
}
