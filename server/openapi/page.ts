// The API documentation page (GET /api/docs): plain HTML written on the server from the OpenAPI
// document itself, so it needs no script, no CDN and no files of a UI package, and keeps the strict
// CSP (its one <style> carries the answer's nonce). Each operation: method, path, summary, who may
// call it, its parameters, its request body and answers with their schemas.
import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '../html.ts';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Markdown as the document uses it (paragraphs, `code`, **bold**), escaped first. */
function inline(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${escapeHtml(para)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
    )
    .join('');
}

function schemaBlock(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

const anchor = (method: string, path: string) =>
  `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, '');

function operationHtml(method: string, path: string, op: OpenAPIV3_1.OperationObject): string {
  const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const responses = Object.entries(op.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
  const access = op['x-access' as keyof typeof op];
  return `<section class="op" id="${anchor(method, path)}" aria-labelledby="${anchor(method, path)}-h">
<h3 id="${anchor(method, path)}-h"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(op.summary ?? '')}</p>
${inline(op.description)}
<p class="access">x-access: <code>${escapeHtml(JSON.stringify(access))}</code></p>
${
  params.length
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${
  body
    ? `<h4>Request body</h4>${Object.entries(body.content ?? {})
        .map(([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${schemaBlock(media.schema)}`)
        .join('')}`
    : ''
}
<h4>Answers</h4>
<dl>${responses
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
      const shown =
        schema && !schema.$ref ? `<details><summary>Schema</summary>${schemaBlock(schema)}</details>` : '';
      return `<dt>${escapeHtml(status)}</dt><dd>${inline(response.description)}${shown}</dd>`;
    })
    .join('')}</dl>
</section>`;
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem; color: #111; }
nav ul { columns: 2; font-size: 13px; }
.op { border-top: 1px solid #ccc; padding: .5rem 0 1rem; }
.method { display: inline-block; min-width: 4.5em; font-weight: 700; }
.summary { font-weight: 600; margin: 0; }
pre { background: #f4f4f4; padding: .5rem; overflow: auto; max-height: 24rem; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; } td, th { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; }
dt { font-weight: 700; } dd { margin: 0 0 .5rem 1.5rem; } dd p { margin: 0; }
`;

/** The whole page for the document; `nonce` is the answer's CSP nonce for its stylesheet. */
export function docsPage(document: OpenAPIV3_1.Document, nonce: string): string {
  const operations: { method: string; path: string; op: OpenAPIV3_1.OperationObject }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) operations.push({ method, path, op });
    }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><header><h1>${escapeHtml(document.info.title)}</h1>
${inline(document.info.description)}
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p></header>
<nav aria-label="Operations"><h2>${operations.length} operations</h2><ul>${operations
    .map(
      ({ method, path, op }) =>
        `<li><a href="#${anchor(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a> — ${escapeHtml(op.summary ?? '')}</li>`,
    )
    .join('')}</ul></nav>
<main><h2>Operations</h2>${operations.map(({ method, path, op }) => operationHtml(method, path, op)).join('\n')}</main>
</body></html>`;
}
