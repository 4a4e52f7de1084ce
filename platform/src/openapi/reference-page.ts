import type { OpenApiDocument } from './document.js';

/** Where the page's stylesheet is served (a file: the gateway's Content-Security-Policy refuses inline styles). */
export const REFERENCE_STYLESHEET_PATH = '/api/docs/reference.css';
export const DOCUMENT_PATH = '/api/openapi.json';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: unknown): string => String(text).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
/** Inline code spans of a description (`like this`) as <code>; everything else escaped. */
const prose = (text: unknown): string => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A `$ref` into the document's components, followed once. */
function resolve(document: OpenApiDocument, value: unknown): Json {
  const ref = asObject(value)['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return asObject(value);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, key) => asObject(node[key]), document);
}

const schemaBlock = (schema: unknown, label: string): string =>
  `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

function parametersTable(document: OpenApiDocument, raw: unknown[]): string {
  // X-Request-Id is every operation's: the page says so once, at the top.
  const parameters = raw.map((item) => resolve(document, item)).filter((parameter) => parameter['name'] !== 'X-Request-Id');
  if (parameters.length === 0) return '';
  const rows = parameters.map((parameter) => {
    const schema = asObject(parameter['schema']);
    const type = [schema['type'], schema['format'], schema['enum'] ? `one of ${asArray(schema['enum']).join(', ')}` : undefined]
      .filter((part) => part !== undefined)
      .map((part) => (Array.isArray(part) ? part.join(' | ') : typeof part === 'string' ? part : JSON.stringify(part)))
      .join(', ');
    return `<tr><td><code>${escape(parameter['name'])}</code></td><td>${escape(parameter['in'])}</td><td>${parameter['required'] === true ? 'yes' : 'no'}</td><td>${escape(type)}</td><td>${prose(parameter['description'] ?? '')}</td></tr>`;
  });
  return `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responsesList(document: OpenApiDocument, responses: Json): string {
  const items = Object.entries(responses).map(([status, raw]) => {
    const response = resolve(document, raw);
    const [mediaType, media] = Object.entries(asObject(response['content']))[0] ?? [];
    const schema = resolve(document, asObject(media)['schema']);
    const headers = Object.keys(asObject(response['headers'])).filter((name) => name !== 'X-Request-Id');
    const shown = headers.length > 0 ? ` Headers: ${headers.map((name) => `<code>${escape(name)}</code>`).join(', ')}.` : '';
    const body = mediaType !== undefined && status.startsWith('2') ? schemaBlock(schema, `${mediaType} schema`) : '';
    return `<li><span class="status s${escape(status.charAt(0))}">${escape(status)}</span> ${prose(response['description'] ?? '')}${shown}${body}</li>`;
  });
  return `<ul class="responses">${items.join('')}</ul>`;
}

function operationSection(document: OpenApiDocument, path: string, method: string, operation: Json): string {
  const id = String(operation['operationId']);
  const body = asObject(asObject(asObject(operation['requestBody'])['content'])['application/json'])['schema'];
  const required = asObject(operation['requestBody'])['required'] === true ? 'required' : 'optional';
  return [
    `<section class="operation" id="${escape(id)}">`,
    `<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>`,
    `<p>${prose(operation['summary'])}</p>`,
    `<p class="access">${prose(operation['description'] ?? '')} <span class="id">${escape(id)}</span></p>`,
    parametersTable(document, asArray(operation['parameters'])),
    body === undefined ? '' : schemaBlock(body, `JSON body (${required})`),
    responsesList(document, asObject(operation['responses'])),
    '</section>',
  ].join('\n');
}

/**
 * The reference page of the document, rendered on the server: a table of contents by tag and one
 * section per operation. No script, no inline style and nothing from another origin, so it passes
 * the gateway's Content-Security-Policy as it stands.
 */
export function referencePage(document: OpenApiDocument): string {
  const info = asObject(document['info']);
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const [first] = asArray(operation['tags']);
      const tag = typeof first === 'string' ? first : 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(document, path, method, operation)]);
      const link = `<li><a href="#${escape(operation.operationId)}"><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> ${escape(path)}</a></li>`;
      contents.set(tag, [...(contents.get(tag) ?? []), link]);
    }
  }
  const toc = [...contents].map(([tag, links]) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a><ul>${links.join('')}</ul></li>`).join('');
  const sections = [...byTag].map(([tag, operations]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>\n${operations.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info['title'])} reference</title>
<link rel="stylesheet" href="${REFERENCE_STYLESHEET_PATH}">
</head>
<body>
<header><h1>${escape(info['title'])} <small>${escape(info['version'])}</small></h1>
<p>${prose(info['description'] ?? '')}</p>
<p>The machine-readable document: <a href="${DOCUMENT_PATH}">${DOCUMENT_PATH}</a> (OpenAPI ${escape(document.openapi)}). Errors are <code>application/problem+json</code>; <code>message</code> is the text to show a person. Any call may send <code>X-Request-Id</code> (up to 128 letters, digits or <code>_ . : -</code>); the answer carries it, or the id the gateway gave the call.</p></header>
<nav><h2>Contents</h2><ul>${toc}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}

/** The page's stylesheet: readable on a phone and on a desktop, light and dark. */
export const REFERENCE_STYLESHEET = `:root { color-scheme: light dark; --muted: #667; --line: #ccd; }
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; }
h1 small { color: var(--muted); font-size: 0.6em; }
h2 { border-bottom: 1px solid var(--line); margin-top: 2.5rem; text-transform: capitalize; }
nav ul { list-style: none; padding-left: 1rem; }
nav > ul { columns: 2 20rem; padding: 0; }
nav li { break-inside: avoid; }
.operation { border: 1px solid var(--line); border-radius: 6px; margin: 1rem 0; padding: 0 1rem 0.5rem; }
.operation h3 { overflow-wrap: anywhere; }
.method { border-radius: 4px; display: inline-block; font: bold 0.8em monospace; min-width: 4.5em; padding: 0.1em 0.4em; text-align: center; color: #fff; }
.method.get { background: #2b6cb0; } .method.post { background: #2f855a; } .method.put { background: #b7791f; } .method.delete { background: #c53030; }
.access { color: var(--muted); }
.id { font: 0.85em monospace; }
table { border-collapse: collapse; display: block; overflow-x: auto; width: 100%; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
pre { overflow-x: auto; font-size: 0.85em; }
.responses { padding-left: 0; list-style: none; }
.status { display: inline-block; font: bold 0.9em monospace; min-width: 2.5em; }
.status.s2 { color: #2f855a; } .status.s4 { color: #c05621; } .status.s5 { color: #c53030; }
`;
