// Wire shapes every area shares.
import { z } from 'zod';

/** The body of a call that takes no input: none (Fastify reads it as null), or an empty JSON object. */
export const noBodySchema = z.strictObject({}).nullish();
