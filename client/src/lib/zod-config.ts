// Imported first by main.tsx, before any schema exists. zod compiles object parsers with
// `new Function` when it may; our CSP allows no eval, and zod's probe for it is reported as a CSP
// violation although zod catches the error. jitless skips the probe (and the compiling).
import { z } from 'zod';

z.config({ jitless: true });
