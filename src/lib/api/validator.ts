/**
 * Validates kaged API bodies against the contract (kaged-openapi.json) before the UI sees them.
 * The whole document is added to one Ajv2020 instance under an $id; a validator for a response
 * (path + method + status) or a named component schema is compiled on first use and cached.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import contract from './kaged-openapi.json';

const DOCUMENT_ID = 'https://kaged.local/api/v1/openapi.json';

export type ComponentSchemaName = keyof typeof contract.components.schemas;

export interface ValidationFailure {
  /** JSON pointer of the first failing field ('' is the root). */
  fieldPath: string;
  /** e.g. `must be integer`, `must have required property 'window'` */
  message: string;
}

let ajv: Ajv2020 | null = null;
const cache = new Map<string, ValidateFunction | null>();

function instance(): Ajv2020 {
  if (ajv === null) {
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ ...contract, $id: DOCUMENT_ID });
  }
  return ajv;
}

/** A JSON pointer as a URI fragment: `~` and `/` escaped per RFC 6901, then percent-encoded. */
function fragment(segments: readonly string[]): string {
  return segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

type Operation = { responses?: Record<string, ResponseObject> };
type PathItem = Record<string, Operation | undefined>;

/**
 * Where, inside the document, the JSON schema of this response lives: the exact status, else the
 * `NXX` range, else `default`, following a `$ref` to `components/responses`. null when the contract
 * defines no JSON body for it (e.g. 101).
 */
function responseSchemaPointer(schemaPath: string, method: string, status: number): string[] | null {
  const item = (contract.paths as Record<string, PathItem | undefined>)[schemaPath];
  const operation = item?.[method.toLowerCase()];
  const responses = operation?.responses;
  if (!responses) return null;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
  if (key === undefined) return null;
  let pointer = ['paths', schemaPath, method.toLowerCase(), 'responses', key];
  let response = responses[key];
  if (response?.$ref) {
    const target = response.$ref.replace(/^#\//, '').split('/');
    response = (contract.components.responses as Record<string, ResponseObject | undefined>)[target[target.length - 1] ?? ''];
    pointer = target;
  }
  if (!response?.content?.['application/json']?.schema) return null;
  return [...pointer, 'content', 'application/json', 'schema'];
}

function compiled(key: string, pointer: string[] | null): ValidateFunction | null {
  if (!cache.has(key)) {
    cache.set(key, pointer === null ? null : instance().compile({ $ref: `${DOCUMENT_ID}#/${fragment(pointer)}` }));
  }
  return cache.get(key) ?? null;
}

function firstFailure(errors: ErrorObject[] | null | undefined): ValidationFailure {
  const error = errors?.[0];
  if (!error) return { fieldPath: '', message: 'does not match the contract' };
  // `required` reports the parent; point at the missing property itself.
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const extra =
    error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
      ? ((error.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
        (error.params as { unevaluatedProperty?: string }).unevaluatedProperty)
      : undefined;
  const leaf = missing ?? extra;
  const fieldPath = leaf === undefined ? error.instancePath : `${error.instancePath}/${leaf.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return { fieldPath, message: error.message ?? 'does not match the contract' };
}

/**
 * Checks a response body. Answers null when it is valid or when the contract defines no JSON body
 * for that status, else the first failure.
 */
export function validateResponseBody(
  schemaPath: string,
  method: string,
  status: number,
  body: unknown,
): ValidationFailure | null {
  const key = `${method.toUpperCase()} ${schemaPath} ${status}`;
  const validate = compiled(key, responseSchemaPointer(schemaPath, method, status));
  if (validate === null || validate(body)) return null;
  return firstFailure(validate.errors);
}

/** Whether the contract defines a JSON body for this response. */
export function hasResponseSchema(schemaPath: string, method: string, status: number): boolean {
  return responseSchemaPointer(schemaPath, method, status) !== null;
}

/** Checks a value against a named component schema, e.g. EventFrame. */
export function validateComponent(name: ComponentSchemaName, value: unknown): ValidationFailure | null {
  const validate = compiled(`#${name}`, ['components', 'schemas', name]);
  if (validate === null || validate(value)) return null;
  return firstFailure(validate.errors);
}
