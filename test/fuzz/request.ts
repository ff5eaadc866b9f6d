// One fuzzed request from its plan (plan.ts): the route's valid call split into its inputs (path
// parameters, query, body), changed as the plan says, and written out — percent-encoded path, query
// string, JSON text with its markers — with the caller's cookies. Pure: the runner supplies the valid
// call, the caller and the ids that exist now.
import type { HttpCall, Session } from '../authz/call.ts';
import { cookiesOf } from '../authz/call.ts';
import type { RouteRequest } from '../authz/requests.ts';
import { mutate, type FuzzRoute, type Plan } from './plan.ts';
import type { InputPart } from './schema.ts';
import { encodeSegment, toJsonText, toQueryString, type Resolver, type Value } from './values.ts';

export interface CallSource {
  /** The route's valid call for this caller (test/authz/requests.ts), when the route has one. */
  valid: RouteRequest | undefined;
  caller: Session | null;
  resolver: Resolver;
  remoteAddress: string;
}

function parseJson(text: string): Value {
  try {
    return JSON.parse(text) as Value;
  } catch {
    return text;
  }
}

/** Splits a valid call into the route's inputs: path parameters, query and body. */
function inputsOf(route: FuzzRoute, example: RouteRequest | undefined): Partial<Record<InputPart, Value>> {
  if (!example) return {};
  const url = new URL(example.url, 'http://fuzz.invalid');
  const names = route.url.split('/');
  const values = url.pathname.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':')) params[name.slice(1)] = decodeURIComponent(values[i] ?? '');
  });
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length > 1 ? all : all[0]!;
  }
  return {
    ...(Object.keys(params).length && { params }),
    ...(Object.keys(query).length && { querystring: query }),
    ...(example.body !== undefined && {
      body: typeof example.body === 'string' ? parseJson(example.body) : (example.body as Value),
    }),
  };
}

export function fuzzedCall(route: FuzzRoute, plan: Plan, from: CallSource): HttpCall {
  const { valid, caller, resolver } = from;
  let inputs = inputsOf(route, valid);
  if (plan.kind === 'mutated') inputs = mutate(inputs, plan.mutations);
  if (plan.kind === 'schema') inputs = mutate({ ...inputs, ...plan.inputs }, plan.mutations);
  const raw = plan.kind === 'raw' ? plan.raw : {};

  const params = inputs.params;
  const paramOf = (name: string): Value =>
    params && typeof params === 'object' && !Array.isArray(params)
      ? ((params as Record<string, Value>)[name] ?? '')
      : params;
  let index = 0;
  const path = route.url
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const at = index++;
      return raw.segment?.at === at ? raw.segment.text : encodeSegment(paramOf(segment.slice(1)), resolver);
    })
    .join('/');
  const q = inputs.querystring;
  const query =
    raw.query ??
    (q === undefined
      ? ''
      : q && typeof q === 'object' && !Array.isArray(q)
        ? toQueryString(q as Record<string, Value>, resolver)
        : encodeSegment(q, resolver));
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  const payload =
    raw.body ?? (takesBody && inputs.body !== undefined ? toJsonText(inputs.body, resolver) : undefined);
  const contentType =
    'contentType' in raw ? raw.contentType : payload !== undefined ? 'application/json' : null;
  const cookie = raw.cookie ?? cookiesOf(caller, valid?.cookies);
  return {
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: {
      ...(contentType != null && { 'content-type': contentType }),
      ...(cookie && { cookie }),
      ...valid?.headers,
      ...raw.headers,
    },
    payload,
    remoteAddress: from.remoteAddress,
  };
}
