/**
 * Module boundaries (architecture §2), checked by `npm test` (`npm run boundaries`):
 * - no import cycles anywhere, type-only imports included;
 * - an API module (`apps/api/src/modules/<name>/`) or a web feature (`apps/web/app/features/<name>/`) is entered
 *   only through its public face, `index.ts(x)`: its other files are private to it;
 * - imports flow one way: web → contract ← api; inside web routes/layouts → features → shared; api lib/ and
 *   db/ never reach up into modules, plugins or providers' callers; the demo seed (apps/api/src/seed/) sits above the
 *   modules, and only server.ts (and tests, the bench) call it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles (type-only imports included) make modules impossible to read or load alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-module-face',
      severity: 'error',
      comment: 'Another API module is used only through its index.ts; its inner files are private.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-outside-into-module',
      severity: 'error',
      comment:
        'Code outside the modules (app, server, plugins, providers, lib, db) uses a module only through its index.ts.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-lib-is-a-leaf',
      severity: 'error',
      comment: 'lib/ holds shared building blocks: it may not depend on modules, plugins or providers.',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/(modules|plugins|providers|app\\.ts|server\\.ts|web\\.ts)' },
    },
    {
      name: 'api-db-is-low',
      severity: 'error',
      comment: 'db/ holds the client, the schema and the migrations: it may use lib/ only, nothing above it.',
      from: { path: '^apps/api/src/db/' },
      to: { path: '^apps/api/src/(modules|plugins|providers|seed|app\\.ts|server\\.ts|web\\.ts|config)' },
    },
    {
      name: 'api-seed-on-top',
      severity: 'error',
      comment: 'The demo seed uses the modules; none of the API below server.ts may use the seed.',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/seed/', '^apps/api/src/server\\.ts$'] },
      to: { path: '^apps/api/src/seed/' },
    },
    {
      name: 'web-feature-face',
      severity: 'error',
      comment: 'Another web feature is used only through its index.ts(x); its inner files are private.',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: {
        path: '^apps/web/app/features/[^/]+/',
        pathNot: ['^apps/web/app/features/$1/', '^apps/web/app/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-outside-into-feature',
      severity: 'error',
      comment: 'Routes, layouts and the root use a feature only through its index.ts(x).',
      from: { path: '^apps/web/app/', pathNot: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/features/[^/]+/', pathNot: '^apps/web/app/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'web-shared-is-a-leaf',
      severity: 'error',
      comment: 'shared/ is the bottom layer of the web: it may not depend on features, routes or layouts.',
      from: { path: '^apps/web/app/shared/' },
      to: { path: '^apps/web/app/(features|routes|layouts)/' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'packages/contract is shared by api and web and depends on neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-into-api',
      severity: 'error',
      comment: 'The web talks to the API over HTTP and shares only packages/contract.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
