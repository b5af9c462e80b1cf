import { scriptSafeJson } from '../../shared/script-json';

/**
 * Structured data as a JSON-LD data block. It is not executed, so the CSP's script rules do not
 * apply; `<` is still escaped so a title can never close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
