import crypto from 'node:crypto';

/**
 * Weak ETags (RFC 9110) for answers that name what they were made from rather than their bytes:
 * the same data (and build, and request) gives the same tag, whatever the encoding. Used by the
 * API's public reads and by the site's stored pages.
 */
export function weakEtag(parts: readonly string[]): string {
  return `W/"${crypto.createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (the weak comparison RFC 9110 asks for here). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
