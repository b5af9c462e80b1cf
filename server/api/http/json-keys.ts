import type { IncomingMessage } from 'node:http';

/**
 * The first key an object of the JSON text gives twice, or null. JSON.parse keeps the last of
 * them silently, so a proxy, a WAF or a log that reads the first would see another request than
 * the API answers. A reviver cannot tell: it is handed each object already merged. So the text is
 * scanned: a key is a string right after `{` or after a `,` inside an object, compared decoded
 * (`"a"` and `"\u0061"` are one key). Text that is not JSON ends the scan; the parser refuses it.
 */
export function duplicateKeyOf(text: string): string | null {
  // One entry per open object (its keys so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) return null;
      const keys = open.at(-1);
      if (keyNext && keys) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return null;
        }
        if (keys.has(key)) return key;
        keys.add(key);
      }
      keyNext = false;
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      keyNext = true;
    } else if (c === '[') {
      open.push(null);
      keyNext = false;
    } else if (c === '}' || c === ']') {
      open.pop();
    } else if (c === ',') {
      keyNext = open.at(-1) instanceof Set;
    }
  }
  return null;
}

/** A body with a key given twice, for the error handler (http/error-handler.ts): 400 `duplicate_key` naming it. */
export class DuplicateKeyError extends Error {
  readonly type = 'entity.duplicate.key';
  constructor(readonly key: string) {
    super(`duplicate key ${key}`);
  }
}

/** express.json's `verify`: refuses a body whose JSON gives a key twice, before it is parsed. */
export function refuseDuplicateKeys(_req: IncomingMessage, _res: unknown, raw: Buffer): void {
  const key = duplicateKeyOf(raw.toString('utf8'));
  if (key !== null) throw new DuplicateKeyError(key);
}
