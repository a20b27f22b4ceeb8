import 'reflect-metadata';
import { parseSettings, Settings, SettingsError } from './config/settings';
import { DatabaseUnavailableError, DataDirLockedError } from './database/data-dir-lock';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = parseSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) return exit(error.message);
    throw error;
  }
  try {
    // Loaded only once the settings are good: a bad one is refused before Nest, TypeORM and the
    // features are read (about a second of start-up), and the start pays for them once.
    const [{ createApp }, { LoginLinks }] = await Promise.all([import('./app.factory'), import('./auth/login-links.service')]);
    const app = await createApp({ settings });
    // Our own handlers rather than Nest's, which re-raise the signal: a clean stop exits 0.
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        app.close().then(
          () => process.exit(0),
          (error: unknown) => exit(`error while stopping: ${(error as Error).message}`),
        );
      });
    }
    await app.listen(settings.port, settings.host);
    const where = settings.database.kind === 'pglite' ? `embedded database in ${settings.database.dataDir}` : 'PostgreSQL';
    process.stderr.write(`corr-scrabble is running at ${settings.publicUrl} (${where})\n`);
    // First start: an admin and a way in, with nothing else configured.
    const firstAdmin = await app.get(LoginLinks).ensureFirstAdmin();
    if (firstAdmin) {
      // The link last, so it is the line a person reads when the start-up is done.
      process.stderr.write(
        `First start: created the admin ${firstAdmin.email}.\n` +
          `A new login link at any time: npm run --silent cli -- admin login-link` +
          (settings.database.kind === 'pglite'
            ? ` (with the platform stopped: the embedded database has one user at a time), or ask at ${settings.publicUrl}/login` +
              ` and open the mail written under ${settings.dataDir}/outbox`
            : '') +
          `.\nLog in within 15 minutes with this link (it works once, and is not printed again):\n\n  ${firstAdmin.url}\n\n`,
      );
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) return exit(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      return exit(`Port ${settings.port} is already in use: stop what runs there or set PORT to another port.`);
    }
    throw error;
  }
}

function exit(message: string): void {
  process.stderr.write(`corr-scrabble: ${message}\n`);
  process.exit(1);
}

void main();
