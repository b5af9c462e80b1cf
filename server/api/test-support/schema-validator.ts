/**
 * A small JSON Schema (2020-12 subset) checker for the contract test: the keywords the API's
 * OpenAPI document uses ($ref, type, enum, const, properties, required, additionalProperties,
 * items, oneOf, minimum, maximum, pattern, minLength, maxLength). An unsupported keyword fails
 * loudly, so the document cannot silently outgrow the checker.
 */
type Schema = Record<string, unknown>;

const SUPPORTED = new Set([
  '$ref', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'oneOf',
  'minimum', 'maximum', 'pattern', 'minLength', 'maxLength', 'format', 'description', 'examples',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function validate(value: unknown, schema: Schema, root: Schema, path = '$'): string[] {
  for (const key of Object.keys(schema)) if (!SUPPORTED.has(key)) return [`${path}: unsupported keyword ${key}`];
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, part) => (node as Schema)?.[part], root);
    if (!target) return [`${path}: unresolved ${schema.$ref}`];
    return validate(value, target as Schema, root, path);
  }
  const errors: string[] = [];
  if (schema.oneOf) {
    const matches = (schema.oneOf as Schema[]).filter((s) => validate(value, s, root, path).length === 0).length;
    if (matches !== 1) errors.push(`${path}: matches ${matches} of oneOf`);
    return errors;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
      return [`${path}: expected ${types.join('|')}, got ${actual}`];
    }
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if ('const' in schema && schema.const !== value) errors.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: above maximum`);
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${path}: does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${path}: too short`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) errors.push(`${path}: too long`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => errors.push(...validate(item, schema.items as Schema, root, `${path}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in object)) errors.push(`${path}: missing ${key}`);
    for (const [key, item] of Object.entries(object)) {
      if (properties[key]) errors.push(...validate(item, properties[key], root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${key}`);
    }
  }
  return errors;
}
