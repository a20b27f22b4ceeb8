import { Global, Module } from '@nestjs/common';
import { LoginLinksModule } from '../auth/login-links.module';
import { WebViews } from './views.service';
import { WebContextMiddleware } from './web-context.middleware';
import { WebExceptionFilter } from './web-exception.filter';
import { WebSessionGuard } from './web-session.guard';

/** What every web area uses (views, the session guard), global so the area modules need no import. */
@Global()
@Module({
  imports: [LoginLinksModule],
  providers: [WebViews, WebSessionGuard, WebContextMiddleware, WebExceptionFilter],
  exports: [WebViews, WebSessionGuard, WebContextMiddleware, WebExceptionFilter, LoginLinksModule],
})
export class WebCoreModule {}
