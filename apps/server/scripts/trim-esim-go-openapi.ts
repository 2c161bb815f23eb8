/**
 * Remakes test/fixtures/esim-go-openapi-v2_5.json, the part of eSIM Go's OpenAPI document that
 * test/esimgo-openapi-shapes.test.ts checks the simulator's answers against:
 *
 *   npx tsx apps/server/scripts/trim-esim-go-openapi.ts <esim_go_schema_v2_5.yaml> [YYYY-MM-DD read]
 *   npx biome format --write apps/server/test/fixtures/esim-go-openapi-v2_5.json
 *
 * The document is eSIM Go's download (https://docs.esim-go.com/api/v2_5, reference/downloads,
 * esim_go_schema_v2_5.yaml). Kept: for each operation Tern calls, the schemas of its 2xx, 4xx
 * and 503 answers, the usage callback's body, and every components.schemas entry they reference;
 * dropped: descriptions, examples, code samples and every other x- extension. The fixture keeps
 * the document's own layout (paths, components), so its `$ref`s resolve as they did.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const FIXTURE = new URL('../test/fixtures/esim-go-openapi-v2_5.json', import.meta.url);
const SOURCE = 'https://docs.esim-go.com/api/v2_5 (reference/downloads)';
const FILE_NAME = 'esim_go_schema_v2_5.yaml';
const EXPECTED = { title: 'eSIM-Go API', version: '2.5.0', server: 'https://api.esim-go.com/v2.5' };

/** What the shop calls (src/integrations/esimgo/client.ts), as the document names the paths. */
const OPERATIONS = [
  ['get', '/catalogue'],
  ['get', '/catalogue/bundle/{name}'],
  ['post', '/orders'],
  ['get', '/orders'],
  ['get', '/orders/{orderReference}'],
  ['get', '/esims/assignments'],
  ['get', '/esims/{iccid}'],
  ['get', '/esims/{iccid}/bundles'],
  ['get', '/esims/{iccid}/location'],
  ['get', '/esims/{iccid}/refresh'],
  ['delete', '/esims/{iccid}/bundles/{name}/assignments/{assignmentId}'],
  ['get', '/organisation'],
  ['get', '/inventory'],
  ['post', '/inventory/refund'],
  ['get', '/esims/{iccid}/compatible/{bundle}'],
] as const;

/** The usage callback eSIM Go sends to the shop: its request body, not an answer. */
const CALLBACK = ['post', '/your-usage-callback-url/'] as const;

const KEPT_STATUS = /^(2\d\d|4\d\d|503)$/;
/** Words for people, not shapes; `x-codeSamples` and other extensions go too. */
const DROPPED_KEYWORDS = new Set(['description', 'example', 'examples', 'summary']);
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(parent: Json | undefined, ...keys: string[]): Json | undefined {
  let node = parent;
  for (const key of keys) node = isObject(node) ? node[key] : undefined;
  return node;
}

function required(parent: Json | undefined, ...keys: string[]): JsonObject {
  const node = child(parent, ...keys);
  if (!isObject(node)) throw new Error(`The document has no ${keys.join(' ')}`);
  return node;
}

/** A schema without words for people; property names are kept, whatever they are called. */
function shapeOnly(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const kept: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (DROPPED_KEYWORDS.has(keyword) || keyword.startsWith('x-')) continue;
    if (keyword === 'properties' && isObject(value)) {
      kept[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, shapeOnly(property)]),
      );
    } else if (['allOf', 'anyOf', 'oneOf'].includes(keyword) && Array.isArray(value)) {
      kept[keyword] = value.map(shapeOnly);
    } else if (['items', 'additionalProperties', 'not'].includes(keyword)) {
      kept[keyword] = shapeOnly(value);
    } else {
      kept[keyword] = value;
    }
  }
  return kept;
}

/** Each media type's schema, cleaned; a media type without one (`{}`) stays empty. */
function contentSchemas(content: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(content).map(([mediaType, media]): [string, JsonObject] => {
      const schema = child(media, 'schema');
      return [mediaType, schema === undefined ? {} : { schema: shapeOnly(schema) }];
    }),
  );
}

function trimmedResponses(operation: JsonObject): JsonObject {
  const responses = required(operation, 'responses');
  const kept: JsonObject = {};
  for (const [status, response] of Object.entries(responses)) {
    const content = child(response, 'content');
    if (KEPT_STATUS.test(status) && isObject(content)) {
      kept[status] = { content: contentSchemas(content) };
    }
  }
  if (!Object.keys(kept).some((status) => status.startsWith('2'))) {
    throw new Error('An operation the shop calls documents no success answer');
  }
  return kept;
}

/** The component names a node references, directly. */
function referencedNames(node: Json, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedNames(item, names);
  if (!isObject(node)) return names;
  for (const [key, value] of Object.entries(node)) {
    const name = key === '$ref' && typeof value === 'string' ? COMPONENT_REF.exec(value)?.[1] : '';
    if (name) names.add(name);
    else referencedNames(value, names);
  }
  return names;
}

/** The components the paths reference, and the ones those reference, cleaned. */
function referencedComponents(paths: JsonObject, all: JsonObject): JsonObject {
  const kept: JsonObject = {};
  const pending = [...referencedNames(paths)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (name in kept) continue;
    const schema = all[name];
    if (schema === undefined) throw new Error(`The document references a missing schema ${name}`);
    const cleaned = shapeOnly(schema);
    kept[name] = cleaned;
    pending.push(...referencedNames(cleaned));
  }
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
}

function checkIdentity(document: JsonObject): void {
  const title = child(document, 'info', 'title');
  const version = child(document, 'info', 'version');
  const servers = child(document, 'servers');
  const server = Array.isArray(servers) ? child(servers[0], 'url') : undefined;
  if (title !== EXPECTED.title || version !== EXPECTED.version || server !== EXPECTED.server) {
    throw new Error(
      `Not eSIM Go's v2.5 document: title ${title}, version ${version}, server ${server}`,
    );
  }
}

function trim(document: JsonObject, readOn: string): JsonObject {
  checkIdentity(document);
  const paths: JsonObject = {};
  const at = (path: string): JsonObject => {
    const entry = paths[path];
    if (isObject(entry)) return entry;
    const created: JsonObject = {};
    paths[path] = created;
    return created;
  };
  for (const [method, path] of OPERATIONS) {
    at(path)[method] = { responses: trimmedResponses(required(document, 'paths', path, method)) };
  }
  const [method, path] = CALLBACK;
  const body = required(document, 'paths', path, method, 'requestBody', 'content');
  at(path)[method] = { requestBody: { content: contentSchemas(body) } };
  return {
    $comment: `eSIM Go's OpenAPI document, ${SOURCE}, file ${FILE_NAME}, version ${EXPECTED.version}, read ${readOn}; trimmed to the operations Tern calls (their 2xx, 4xx and 503 answers, the usage callback's body) and the schemas they use, without descriptions, examples or code samples. Remade by apps/server/scripts/trim-esim-go-openapi.ts.`,
    openapi: child(document, 'openapi') ?? null,
    info: { title: EXPECTED.title, version: EXPECTED.version },
    servers: [{ url: EXPECTED.server }],
    paths,
    components: {
      schemas: referencedComponents(paths, required(document, 'components', 'schemas')),
    },
  };
}

function main(): void {
  const [yamlPath, readOn = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
  if (!yamlPath || !/^\d{4}-\d\d-\d\d$/.test(readOn)) {
    throw new Error('Usage: trim-esim-go-openapi.ts <esim_go_schema_v2_5.yaml> [YYYY-MM-DD read]');
  }
  const document = parse(readFileSync(yamlPath, 'utf8')) as Json;
  if (!isObject(document)) throw new Error(`${yamlPath} is not an OpenAPI document`);
  writeFileSync(FIXTURE, `${JSON.stringify(trim(document, readOn), null, 2)}\n`);
  console.info(`Wrote ${FIXTURE.pathname}`);
}

main();
