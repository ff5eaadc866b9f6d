// Environment, validated once at boot: a bad value stops the server with a clear message.
import path from 'node:path';
import { z } from 'zod';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('localhost'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start-up: `auto` does it for the embedded database only. */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /** Built React app served for every non-API path. */
  clientDir: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: path.resolve(c.DATA_DIR),
    logLevel: c.LOG_LEVEL,
    seedDemo: c.SEED_DEMO === 'true' || (c.SEED_DEMO === 'auto' && !c.DATABASE_URL),
    clientDir: path.resolve(import.meta.dirname, '../dist/client'),
  };
}
