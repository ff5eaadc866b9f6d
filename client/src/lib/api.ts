// The API client of spec §7: reads GET the query key joined with '/', writes send JSON, both include
// credentials; any non-OK answer throws "<status>: <body text or status text>" (spec §8), or the
// call's own message where spec §7 names one (the read passes it as `errorMessage`).
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import {
  fillPath,
  queryString,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamNames,
  type ParamsOf,
  type QueryOf,
} from '@domain/endpoint.ts';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `{ "error": … }` text when the body carried one. */
  readonly serverMessage: string | undefined;
  /** The server's `{ "fields": { name: message } }` for form errors, when the body carried them. */
  readonly fields: Record<string, string>;
  /** The server's `{ "code": … }` where the answer names one the client reacts to (e.g. STEP_UP_REQUIRED). */
  readonly code: string | undefined;

  constructor(
    status: number,
    bodyText: string,
    statusText: string,
    message = `${status}: ${bodyText || statusText}`,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.serverMessage = body.error;
    this.fields = body.fields;
    this.code = body.code;
  }
}

function parseErrorBody(bodyText: string): {
  error: string | undefined;
  fields: Record<string, string>;
  code: string | undefined;
} {
  const fields: Record<string, string> = {};
  let error: string | undefined;
  let code: string | undefined;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object') {
      if ('error' in body && typeof body.error === 'string') error = body.error;
      if ('code' in body && typeof body.code === 'string') code = body.code;
      if ('fields' in body && body.fields && typeof body.fields === 'object') {
        for (const [name, message] of Object.entries(body.fields)) {
          if (typeof message === 'string') fields[name] = message;
        }
      }
    }
  } catch {
    // Not JSON: no server message.
  }
  return { error, fields, code };
}

/** The server's error text of a failed call, if it sent one (network failures have none). */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The server's error code of a failed call, if it named one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

async function throwIfNotOk(res: Response, message?: string): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText, message);
}

/** A write: JSON body when there is a payload, credentials included. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** A write that answers JSON. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** Query key segments joined with '/' form the URL. */
export function keyToUrl(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** The call's own failure message (spec §7) instead of "<status>: <body>"; status and server text stay. */
  errorMessage?: string;
}

/** A read that also needs the response's headers (e.g. a list's total count). */
export async function getJsonWithHeaders<T>(
  url: string,
  { signal, errorMessage }: ReadOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res, errorMessage);
  return { data: (await res.json()) as T, headers: res.headers };
}

/** A read of JSON. */
export async function getJson<T>(url: string, options?: ReadOptions): Promise<T> {
  return (await getJsonWithHeaders<T>(url, options)).data;
}

/** Default reader; `on401: 'returnNull'` turns a 401 into null instead of an error (spec §8 option). */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(keyToUrl(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

type Empty = Record<never, never>;
type ParamsInput<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? Empty
  : { params: ParamsOf<E> };
type BodyInput<E extends Endpoint> =
  BodyOf<E> extends undefined
    ? Empty
    : undefined extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : { body: BodyOf<E> };
type QueryInput<E extends Endpoint> = QueryOf<E> extends undefined ? Empty : { query?: QueryOf<E> };
/** What a call of an endpoint needs: its path parameters, body and query string, as it declares them. */
export type InputOf<E extends Endpoint> = ParamsInput<E> & BodyInput<E> & QueryInput<E>;
type InputArgs<E extends Endpoint> = Empty extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];

interface AnyInput {
  params?: Record<string, string>;
  body?: unknown;
  query?: object;
}

/** The URL of a call: the path with its parameters filled in, then the query string. */
export function apiUrl<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): string {
  const { params, query } = (input ?? {}) as AnyInput;
  return fillPath(endpoint.path, params) + queryString(query);
}

/**
 * A call of a shared endpoint (domain/endpoints/): its answer's type is the one its route declares,
 * from the same zod schema, so no response type is written by hand. Writes send the body as JSON.
 */
export async function callApi<E extends Endpoint>(endpoint: E, ...args: InputArgs<E>): Promise<AnswerOf<E>> {
  const url = apiUrl(endpoint, ...args);
  if (endpoint.method === 'GET') return getJson<AnswerOf<E>>(url);
  return apiJson<AnswerOf<E>>(endpoint.method, url, (args[0] as AnyInput | undefined)?.body);
}

/** A read of a shared endpoint that also needs the answer's headers (a list's X-Total-Count). */
export async function readApi<E extends Endpoint<'GET'>>(
  endpoint: E,
  input: InputOf<E>,
  options?: ReadOptions,
): Promise<{ data: AnswerOf<E>; headers: Headers }> {
  return getJsonWithHeaders<AnswerOf<E>>(apiUrl<E>(endpoint, ...([input] as InputArgs<E>)), options);
}

/**
 * The query options of a shared endpoint's read: the key is its URL (spec §7: the key joined with '/'
 * is the path), the type its answer's. Spread it into `queryOptions`/`useQuery` to add options.
 */
export function apiQuery<E extends Endpoint<'GET'>>(
  endpoint: E,
  ...[input, options]: Empty extends InputOf<E>
    ? [input?: InputOf<E>, options?: Pick<ReadOptions, 'errorMessage'>]
    : [input: InputOf<E>, options?: Pick<ReadOptions, 'errorMessage'>]
): { queryKey: [string]; queryFn: QueryFunction<AnswerOf<E>, [string]> } {
  const url = apiUrl<E>(endpoint, ...([input] as InputArgs<E>));
  return {
    queryKey: [url],
    queryFn: ({ signal }) => getJson<AnswerOf<E>>(url, { signal, errorMessage: options?.errorMessage }),
  };
}
