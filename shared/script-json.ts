const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON that is safe inside a <script>: no `</script>`, no `<!--`, no line separators that break JS.
 * One pass over the text (every page's hydration data goes through it).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (char) => ESCAPES[char]);
}
