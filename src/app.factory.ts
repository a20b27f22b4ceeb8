import { BadRequestException, INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule, AppOptions } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { openDatabase } from './database/open-database';
import { WebExceptionFilter } from './web/web-exception.filter';

export type CreateAppOptions = Omit<AppOptions, 'database'> & Partial<Pick<AppOptions, 'database'>>;

/**
 * The whole platform as one Nest application; main.ts and the tests build it the same
 * way. The database is opened (and migrated) first: if that fails, Nest never starts.
 */
export async function createApp(options: CreateAppOptions): Promise<INestApplication> {
  const database = options.database ?? (await openDatabase(options.settings.database));
  const app = await NestFactory.create(AppModule.forRoot({ ...options, database }), {
    bufferLogs: true,
    abortOnError: false,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.useLogger(app.get(Logger));
  // Behind a reverse proxy the client's address is in X-Forwarded-For (the login rate limit counts per client).
  if (options.settings.trustProxy !== undefined) app.getHttpAdapter().getInstance().set('trust proxy', options.settings.trustProxy);
  // The last filter is tried first: pages get error pages, /api keeps its JSON (the web filter hands those over).
  app.useGlobalFilters(new ApiExceptionFilter(), app.get(WebExceptionFilter));
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) =>
        new BadRequestException({
          error: {
            code: 'BAD_INPUT',
            message: errors.flatMap((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` })).join('; '),
          },
        }),
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
