/** What the browser gets of one section of a language's texts (sections.cjs). */
export function browserSection(texts: Record<string, unknown>, section: string): unknown;
