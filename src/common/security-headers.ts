// Security headers (helmet) for every answer — pages, /api, /api/docs, /health and the
// error pages of refused bodies alike (docs/web.md, Security model): no X-Powered-By, never framed.
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** `https`: PUBLIC_URL is https, so HSTS is sent and insecure requests are upgraded. */
export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    // On plain http (a club's laptop) upgrading would break every asset.
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
  // Browsers that know CSP obey frame-ancestors 'none'; older ones get helmet's X-Frame-Options: SAMEORIGIN.
  const site = helmet({ contentSecurityPolicy: { useDefaults: false, directives }, strictTransportSecurity: https }) as RequestHandler;
  // Swagger UI's page carries one inline <style> block; its scripts are files of this site.
  const docs = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, styleSrc: ["'self'", "'unsafe-inline'"] } },
    strictTransportSecurity: https,
  }) as RequestHandler;
  return (req, res, next) => {
    const path = (req.originalUrl ?? req.url).split('?')[0];
    return (path === '/api/docs' || path.startsWith('/api/docs/') ? docs : site)(req, res, next);
  };
}
