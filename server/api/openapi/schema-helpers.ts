/** Small builders for the OpenAPI 3.1 document (JSON Schema 2020-12 dialect). */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const bool = (): Schema => ({ type: 'boolean' });
export const dateTime = (): Schema => str({ format: 'date-time' });
export const array = (items: Schema): Schema => ({ type: 'array', items });
export const enumOf = (...values: string[]): Schema => ({ type: 'string', enum: values });

/** A value or null. */
export function nullable(schema: Schema): Schema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  return { oneOf: [schema, { type: 'null' }] };
}

/** A closed object: every property listed is required unless named in `optional`. */
export function obj(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
  };
}
