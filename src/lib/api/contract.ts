import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import document from './kaged-openapi.json';

export interface ContractProblem {
  /** JSON pointer of the failing field, '' for the root. */
  path: string;
  message: string;
}

const DOC_ID = 'kaged-openapi';

/**
 * The kaged OpenAPI document as a JSON Schema 2020-12 validator (OpenAPI 3.1 schemas are JSON
 * Schema). Validators compile lazily per reference and are cached. Shared by the UI's client and
 * the simulated daemon, so both read the contract the same way.
 */
export function createContractValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(document, DOC_ID);
  const cache = new Map<string, ValidateFunction>();

  const compile = (ref: string): ValidateFunction => {
    let validate = cache.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOC_ID}${ref}` });
      cache.set(ref, validate);
    }
    return validate;
  };

  return {
    /** ref is a JSON pointer into the document, e.g. '#/components/schemas/Message'. */
    check(ref: string, value: unknown): ContractProblem | null {
      const validate = compile(ref);
      if (validate(value)) return null;
      const error = validate.errors?.[0];
      const extra = error?.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : '';
      return { path: error?.instancePath ?? '', message: `${error?.message ?? 'is invalid'}${extra}` };
    },
  };
}

function resolvePointer(ref: string): unknown {
  return decodeURI(ref)
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

/**
 * JSON pointer (URI fragment) of an operation's response body schema for a status, following a
 * response-level $ref (e.g. the shared Error response). Falls back to the `default` response;
 * null when the operation declares neither.
 */
export function responseSchemaRef(path: string, method: string, status: number): string | null {
  const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
  const responses = `#/paths/${escaped}/${method.toLowerCase()}/responses`;
  for (const key of [String(status), 'default']) {
    const response = resolvePointer(`${responses}/${key}`) as { $ref?: string } | undefined;
    if (!response) continue;
    const base = response.$ref ?? `${responses}/${key}`;
    const ref = `${base}/content/application~1json/schema`;
    return resolvePointer(ref) === undefined ? null : encodeURI(ref);
  }
  return null;
}

export const contractValidator = createContractValidator();
