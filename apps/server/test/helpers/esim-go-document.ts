/**
 * eSIM Go's own OpenAPI document (v2.5, trimmed to what the shop calls:
 * ../fixtures/esim-go-openapi-v2_5.json) as the judge of an answer. Ajv checks a body against the
 * schema the document gives an operation and status; and since the document marks almost nothing
 * required and lets any object carry more, a second check closes every documented object and
 * lists the fields the document does not declare, so a misnamed field cannot pass unseen.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The operations the shop calls, as the document names them (method and path template). */
export type Operation =
  | 'GET /catalogue'
  | 'GET /catalogue/bundle/{name}'
  | 'POST /orders'
  | 'GET /orders'
  | 'GET /orders/{orderReference}'
  | 'GET /esims/assignments'
  | 'GET /esims/{iccid}'
  | 'GET /esims/{iccid}/bundles'
  | 'GET /esims/{iccid}/location'
  | 'GET /esims/{iccid}/refresh'
  | 'DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}'
  | 'GET /organisation'
  | 'GET /inventory'
  | 'POST /inventory/refund'
  | 'GET /esims/{iccid}/compatible/{bundle}';

/** What the document says of a body. */
export interface Verdict {
  /** Where the body breaks the document's schema: "/order/0/total must be number". */
  errors: string[];
  /** Fields no documented object declares, array indices as `*`: "/order/*\/allowReassign". */
  undeclared: string[];
}

const FIXTURE = new URL('../fixtures/esim-go-openapi-v2_5.json', import.meta.url);
const document = JSON.parse(readFileSync(FIXTURE, 'utf8')) as JsonObject;
const OPEN = 'esim-go';
const CLOSED = 'esim-go-closed';

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema with every object that lists its properties closed to any other. */
function closedSchema(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const closed: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' && isObject(value)) {
      closed[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, closedSchema(property)]),
      );
    } else if (['allOf', 'anyOf', 'oneOf'].includes(keyword) && Array.isArray(value)) {
      closed[keyword] = value.map(closedSchema);
    } else if (['items', 'additionalProperties', 'not'].includes(keyword)) {
      closed[keyword] = closedSchema(value);
    } else {
      closed[keyword] = value;
    }
  }
  if (isObject(schema.properties) && !('additionalProperties' in schema)) {
    closed.additionalProperties = false;
  }
  return closed;
}

/** The document with each schema in it closed: every `schema` under paths, every component. */
function closedDocument(node: Json, key = ''): Json {
  if (key === 'schema') return closedSchema(node);
  if (Array.isArray(node)) return node.map((item) => closedDocument(item));
  if (!isObject(node)) return node;
  if (key === 'schemas') {
    return Object.fromEntries(Object.entries(node).map(([name, s]) => [name, closedSchema(s)]));
  }
  return Object.fromEntries(
    Object.entries(node).map(([child, value]) => [child, closedDocument(value, child)]),
  );
}

// OpenAPI 3.0 is not JSON Schema: `nullable` (which Ajv 8 reads natively next to `type`) and
// keywords such as `deprecated` and `$comment` would stop a strict Ajv.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, OPEN);
ajv.addSchema(closedDocument(document) as JsonObject, CLOSED);

const compiled = new Map<string, ValidateFunction>();

function validator(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: pointer });
    compiled.set(pointer, validate);
  }
  return validate;
}

/** A JSON pointer segment, as RFC 6901 escapes it. */
function segment(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

function verdict(fragment: string, body: unknown): Verdict {
  const open = validator(`${OPEN}#${fragment}`);
  const closed = validator(`${CLOSED}#${fragment}`);
  open(body);
  closed(body);
  return {
    errors: (open.errors ?? []).map(describe),
    undeclared: [...new Set((closed.errors ?? []).flatMap(undeclaredField))].sort(),
  };
}

function describe(error: ErrorObject): string {
  const extra = error.keyword === 'oneOf' ? ` (${JSON.stringify(error.params)})` : '';
  return `${error.instancePath || '/'} ${error.message ?? error.keyword}${extra}`;
}

function undeclaredField(error: ErrorObject): string[] {
  if (error.keyword !== 'additionalProperties') return [];
  const field = (error.params as { additionalProperty: string }).additionalProperty;
  return [`${error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}/${field}`];
}

function operationNode(operation: Operation): JsonObject {
  const [method = '', path = ''] = operation.split(' ');
  const node = (document.paths as JsonObject)[path];
  const found = isObject(node) ? node[method.toLowerCase()] : undefined;
  if (!isObject(found)) throw new Error(`The document has no ${operation}`);
  return found;
}

/** The statuses the document gives the operation an answer schema for, e.g. ['200', '400']. */
export function documentedStatuses(operation: Operation): string[] {
  return Object.keys(operationNode(operation).responses as JsonObject);
}

/** The media types of the operation's answer with that status (the document's own). */
export function documentedMediaTypes(operation: Operation, status: number): string[] {
  const response = (operationNode(operation).responses as JsonObject)[String(status)];
  if (!isObject(response) || !isObject(response.content)) return [];
  return Object.keys(response.content);
}

/**
 * The body against the document's schema for the operation's answer with that status (its only
 * media type with a schema: application/json, or text/plain where the document says so).
 */
export function checkAnswer(operation: Operation, status: number, body: unknown): Verdict {
  const [method = '', path = ''] = operation.split(' ');
  const mediaType = documentedMediaTypes(operation, status)[0];
  if (!mediaType) throw new Error(`The document gives ${operation} no ${status} answer`);
  const fragment = ['', 'paths', path, method.toLowerCase(), 'responses', String(status)]
    .concat(['content', mediaType, 'schema'])
    .map(segment)
    .join('/');
  return verdict(fragment, body);
}

/** The body against one of the document's component schemas, e.g. 'OrderResponseValidate'. */
export function checkComponent(name: string, body: unknown): Verdict {
  if (!isObject((document.components as JsonObject).schemas as Json)) {
    throw new Error('The document has no component schemas');
  }
  return verdict(`/components/schemas/${segment(name)}`, body);
}

/** The body against the items schema of an array component, e.g. each bundle of 'CatalogueResponse'. */
export function checkComponentItem(name: string, body: unknown): Verdict {
  return verdict(`/components/schemas/${segment(name)}/items`, body);
}

/** The usage callback's body against the request body the document gives its callback URL. */
export function checkUsageCallback(body: unknown): Verdict {
  const fragment = ['', 'paths', '/your-usage-callback-url/', 'post', 'requestBody']
    .concat(['content', 'application/json', 'schema'])
    .map(segment)
    .join('/');
  return verdict(fragment, body);
}
