// The import rules of the tree (docs/architecture.md), run by scripts/check-architecture.js in
// `npm test`. The folder-level rule (no two feature folders importing each other) is in that script.

/** The kernel: the pure files of src/common/, below everything (colour, ids, names, …). */
const KERNEL =
  '^src/common/(bilingual|refusal|color|ids|hash|lru-map|bounded-map|names|collections|json|content-disposition|absences|day-format|coefficient-format|calendar|seeded-random)\\.ts$';

/** Pure code: the rules. Files here take the day as an argument and do no I/O. */
const PURE = ['^src/engine/(?!bench/)', '^src/[a-z-]+/core/', KERNEL].join('|');

/** Libraries that do I/O or tie code to the framework: never in pure code. */
const IO =
  '^(node_modules/(@nestjs|typeorm|typeorm-pglite|pg|pg-[a-z-]+|@electric-sql|nodemailer|imapflow|express|express-session|pdfkit)/)';
const IO_CORE = '^(node:)?(fs|fs/promises|child_process|net|http|https|worker_threads)$';

/**
 * Delivery: controllers, page models, CLI commands, jobs, and mail's adapters (the IMAP inbox,
 * the pipeline that turns a reply into an action, the parsing, the outbox sender, workers). They
 * call services, never repositories. (A `*.service.ts` under web/ is the web's read service: a
 * service, so it may load rows; mail's services over its rows sit in src/mail/ and outbox/.)
 */
const DELIVERY = [
  '(\\.controller|\\.commands|\\.cron|\\.sender|\\.worker)\\.ts$',
  '^src/web/(?!.*\\.service\\.ts$)',
  '^src/cli/(?!.*\\.service\\.ts$)',
  '^src/mail/(inbox|pipeline|parsing)/',
].join('|');

/**
 * The roles inside games/, from the bottom up (docs/architecture.md, "The layers, in a few lines"): each
 * imports only the roles below it; the pure core (games/core/) is below them all.
 */
const GAME_ROLES = ['entities', 'persistence', 'model', 'reads', 'actions', 'delivery'];

const gameRolesOneWay = GAME_ROLES.slice(0, -1).map((role, i) => ({
  name: `games-${role}-below-${GAME_ROLES.slice(i + 1).join('-')}`,
  severity: 'error',
  comment: `Inside games/, ${role} imports only the roles below it (${GAME_ROLES.slice(0, i).join(', ') || 'none'}) and the core.`,
  from: { path: `^src/games/${role}/` },
  to: { path: `^src/games/(${GAME_ROLES.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...gameRolesOneWay,
    { name: 'no-file-cycle', severity: 'error', comment: 'A cycle hides which module owns what.', from: {}, to: { circular: true } },
    {
      name: 'pure-no-io',
      severity: 'error',
      comment: 'Rules are functions of their arguments.',
      from: { path: PURE, pathNot: '\\.spec\\.ts$' },
      to: { path: IO },
    },
    {
      name: 'pure-no-node-io',
      severity: 'error',
      comment: 'Rules read no file and open no socket.',
      from: { path: PURE, pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'], path: IO_CORE },
    },
    {
      name: 'pure-no-clock',
      severity: 'error',
      comment: 'Rules are given the day; they never read the clock.',
      from: { path: PURE, pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/common/clock(\\.module)?\\.ts$' },
    },
    {
      name: 'pure-imports-pure',
      severity: 'error',
      comment: 'A rule leans only on rules.',
      from: { path: PURE, pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/', pathNot: PURE },
    },
    {
      name: 'engine-imports-nothing',
      severity: 'error',
      comment: 'The Scrabble engine stands alone: it leans on the kernel and nothing else of the platform.',
      from: { path: '^src/engine/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/', pathNot: `^src/engine/|${KERNEL}` },
    },
    {
      name: 'delivery-no-repository',
      severity: 'error',
      comment: 'Delivery calls services.',
      from: { path: DELIVERY },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'database-only-in-repositories',
      severity: 'error',
      comment: 'Repositories are the only door to the database: services open a unit of work and call them.',
      from: {
        path: '^src/',
        pathNot: '\\.repository\\.ts$|\\.entity\\.ts$|^src/database/|^src/entities\\.ts$|^src/app-database\\.ts$|\\.spec\\.ts$|/testing/',
      },
      to: { path: '^node_modules/typeorm/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$|^src/bench/|/testing/' },
  },
};
