/**
 * /api/docs: a readable reference page rendered from the OpenAPI document, so it needs no
 * script at all (and none from another site). Rendered at build time with the document
 * (scripts/build/openapi-document.ts) into the static assets, which the Worker serves
 * (worker/routes/served-document.ts): not part of the Worker's bundle.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows a local `$ref` to its component, once; returns the schema and its name. */
function resolve(doc: Json, schema: Json | undefined): { name: string | null; schema: Json | undefined } {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return { name: null, schema };
  const name = ref.split('/').pop()!;
  return { name, schema: ((doc.components as Json)?.schemas as Json)?.[name] as Json };
}

const block = (value: unknown) => html`<pre>${JSON.stringify(value, null, 2)}</pre>`;

function operation(doc: Json, method: string, path: string, op: Json): HtmlEscapedString | Promise<HtmlEscapedString> {
  const body = ((op.requestBody as Json)?.content as Json)?.['application/json'] as Json | undefined;
  const request = resolve(doc, body?.schema as Json);
  const responses = Object.entries((op.responses as Json) ?? {});
  return html`<section id="${method}-${path}">
    <h2><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h2>
    <p><strong>${String(op.summary ?? '')}</strong> ${String(op.description ?? '')}</p>
    ${op.security ? html`<p>Needs <code>Authorization: Bearer &lt;token&gt;</code>.</p>` : ''}
    ${
      request.schema
        ? html`<details>
            <summary>Body${request.name ? `: ${request.name}` : ''}</summary>
            ${block(request.schema)}
          </details>`
        : ''
    }
    <table>
      <tr>
        <th>Status</th>
        <th>Meaning</th>
      </tr>
      ${responses.map(
        ([status, response]) =>
          html`<tr>
            <td>${status}</td>
            <td>${String((response as Json).description ?? '')}</td>
          </tr>`,
      )}
    </table>
  </section>`;
}

export function docsPage(doc: object): HtmlEscapedString | Promise<HtmlEscapedString> {
  const d = doc as Json;
  const info = d.info as Json;
  const paths = Object.entries((d.paths as Json) ?? {});
  const operations = paths.flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Json)[m] !== undefined).map((m) => ({ method: m, path, op: (item as Json)[m] as Json })),
  );
  const webhooks = Object.entries((d.webhooks as Json) ?? {}).flatMap(([name, item]) =>
    METHODS.filter((m) => (item as Json)[m] !== undefined).map((m) => ({ method: m, name, op: (item as Json)[m] as Json })),
  );
  const schemas = Object.entries(((d.components as Json)?.schemas as Json) ?? {});
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${String(info.title)} API</title>
        <style>
          ${raw(`body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;background:#fff}
          @media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#141414}pre{background:#222!important}}
          code,pre{font-family:ui-monospace,monospace}pre{background:#f4f4f4;padding:.75rem;overflow:auto;border-radius:4px}
          .method{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.9rem;padding:0 .4rem}
          .get{background:#2f6f3e}.post{background:#2b5797}.put{background:#8a5a00}
          table{border-collapse:collapse}td,th{border:1px solid #8884;padding:.25rem .6rem;text-align:left;vertical-align:top}
          section{border-top:1px solid #8884;margin-top:2rem}nav li{margin:.2rem 0}`)}
        </style>
      </head>
      <body>
        <h1>${String(info.title)} API <small>${String(info.version)}</small></h1>
        <p>${String(info.description ?? '')}</p>
        <p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${String(d.openapi)}).</p>
        <nav>
          <ul>
            ${operations.map(({ method, path, op }) => html`<li><a href="#${method}-${path}">${method.toUpperCase()} ${path}</a>: ${String(op.summary ?? '')}</li>`)}
          </ul>
        </nav>
        ${operations.map(({ method, path, op }) => operation(d, method, path, op))}
        ${webhooks.length > 0 ? html`<h2>Webhooks (sent by the server)</h2>` : ''}
        ${webhooks.map(({ method, name, op }) => operation(d, method, name, op))}
        <section>
          <h2>Schemas</h2>
          ${schemas.map(
            ([name, schema]) =>
              html`<details id="schema-${name}">
                <summary>${name}</summary>
                ${block(schema)}
              </details>`,
          )}
        </section>
      </body>
    </html>`;
}
