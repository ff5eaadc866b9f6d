// The import resolver eslint-plugin-boundaries uses (eslint.config.js): the path aliases of
// tsconfig.json and vite.config.ts (`@/` → client/src/, `@domain/` → domain/), then Node's resolution.
// Kept here so that the boundary rules need no resolver package of their own.
/* eslint-disable @typescript-eslint/no-require-imports -- eslint-module-utils loads a resolver with require() */
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const ALIASES = [
  ['@/', path.join(__dirname, 'client/src/')],
  ['@domain/', path.join(__dirname, 'domain/')],
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  const alias = ALIASES.find(([prefix]) => source.startsWith(prefix));
  const target = alias ? alias[1] + source.slice(alias[0].length) : source;
  return node.resolve(target, file, { extensions: EXTENSIONS, ...config });
};
