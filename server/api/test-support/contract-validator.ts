import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const DOCUMENT_ID = 'https://oq.test/api/v1/openapi.json';

/** JSON pointer escaping (RFC 6901) of one path segment. */
const segment = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export type ContractCheck = (pointer: string[], value: unknown) => string[];

/**
 * Checks values against schemas of the served OpenAPI 3.1 document with ajv's JSON Schema 2020-12
 * validator (the dialect of OpenAPI 3.1) and its formats. The whole document is added once, so the
 * schemas' `#/components/...` references resolve as they do for any client of the document;
 * strict mode is off because the document's other members (paths, info) are not schema keywords.
 */
export function contractValidator(document: object): ContractCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return (pointer, value) => {
    const ref = `${DOCUMENT_ID}#/${pointer.map(segment).join('/')}`;
    const check = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    if (check(value)) return [];
    return (check.errors ?? []).map(
      (e) =>
        `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`,
    );
  };
}
