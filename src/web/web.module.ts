import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { CompetitionsModule } from '../competitions/competitions.module';
import { SETTINGS, type Settings } from '../config/settings';
import { AddressConfirmationController } from './address-confirmation.controller';
import { ArbiterWebModule } from './arbiter/arbiter-web.module';
import { LoginController } from './login.controller';
import { PlayerWebModule } from './player/player-web.module';
import { PublicWebModule } from './public/public-web.module';
import { WebContextMiddleware } from './web-context.middleware';
import { WebCoreModule } from './web-core.module';

/**
 * The web: server-rendered pages for players, the arbiter and the public, with
 * login by magic link. Every path outside /api goes through WebContextMiddleware.
 */
@Module({
  imports: [
    WebCoreModule,
    // Login-link requests per client address; one instance's count, kept in memory.
    ThrottlerModule.forRootAsync({
      inject: [SETTINGS],
      useFactory: (settings: Settings) => ({ throttlers: [{ name: 'default', ttl: 60_000, limit: settings.loginRateLimit }] }),
    }),
    CompetitionsModule,
    PlayerWebModule,
    ArbiterWebModule,
    PublicWebModule,
  ],
  controllers: [LoginController, AddressConfirmationController],
})
export class WebModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(WebContextMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
