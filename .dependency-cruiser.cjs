// The structure check (`npm run lint`) and drawing (`npm run structure`): no import cycle between
// files or between folders, and the one-way flow domain → server / client. Feature boundaries
// (public entries) are eslint-plugin-boundaries' job, in eslint.config.js.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', '\\.test\\.tsx?$', 'server/db/migrations'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
