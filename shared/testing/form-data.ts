/** A submitted form's data, from its fields (what react-router hands an action for a fetcher's submit). */
export function formDataOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
