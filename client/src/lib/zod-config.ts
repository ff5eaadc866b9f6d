// What `zod` is in the client build (vite.config.ts aliases the bare specifier here): zod itself,
// configured before any schema parses. zod compiles object parsers with `new Function` when it may;
// our CSP allows no eval, and zod's probe for it is reported as a CSP violation although zod catches
// the error. jitless skips the probe (and the compiling). Being the module every client import of
// zod resolves to, this runs wherever zod is first loaded — the landing chunk needs no zod at all.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
