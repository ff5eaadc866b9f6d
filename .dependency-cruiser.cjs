// The structure check (`npm run lint`) and drawing (`npm run structure`): no import cycle between
// files or between folders, and the one-way flow domain → server / client. Feature boundaries
// (public entries) are eslint-plugin-boundaries' job, in eslint.config.js.
const SERVER_INFRASTRUCTURE = [
  '^server/(db|jobs|email|uploads)/',
  '^server/(audit|config|csp-nonce|effects|errors|html|mail|paths|rate-limit)\\.ts$',
];
const SERVER_APP = [
  '^server/(app|main|context|compose|prepare|job-registry|sweeps)\\.ts$',
  '^server/(seed|plugins|observability|checks|openapi)/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Two files that import each other, directly or around a loop: move what both need to a third.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Two folders that import each other: one of them must be the lower layer.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    // The server's layers, top to bottom: the app (composition and wiring: app.ts, context.ts, main.ts,
    // the job registry, the sweeps, the seed, plugins, observability, checks, the OpenAPI document),
    // the features, the infrastructure (database, job queue, email, uploads, errors, config, audit
    // writer, …). An import only ever points down a layer (docs/structure.md draws them).
    {
      name: 'server-infrastructure-imports-no-feature',
      severity: 'error',
      comment: 'Infrastructure is below the features: pass what it needs in (the app context, a hook key).',
      from: { path: SERVER_INFRASTRUCTURE },
      to: { path: ['^server/features/', ...SERVER_APP] },
    },
    {
      name: 'server-feature-imports-no-app-wiring',
      severity: 'error',
      comment: 'A feature is composed by the app, never the reverse: take what you need as a parameter.',
      from: { path: '^server/features/' },
      to: { path: SERVER_APP },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', '\\.test\\.tsx?$', 'server/db/migrations'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
