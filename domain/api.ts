// Wire shapes every area shares.
import { z } from 'zod';

/** The body of a call that takes no input: none (Fastify reads it as null), or an empty JSON object. */
export const noBodySchema = z.strictObject({}).nullish();

/**
 * One API call as both sides see it (docs/api.md "Types for the client"): its method, path and the
 * zod schemas of its body and answer. The server's route declares `schema: { body, response: { 200:
 * answer } }` from it, so the OpenAPI document, the serializer and the client's types all come from
 * the same schemas; the client calls it through `callApi` / `apiQuery` (client/src/lib/api.ts) and
 * gets `z.output<answer>` without writing a type.
 */
export interface Endpoint<
  M extends string = string,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  body: B;
  answer: R;
}

export function endpoint<
  M extends string,
  P extends string,
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
>(e: { method: M; path: P; answer: R; body?: B }): Endpoint<M, P, B, R> {
  return { ...e, body: e.body as B };
}

/** What an endpoint answers, as the client receives it. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;
/** What an endpoint takes as its body. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
