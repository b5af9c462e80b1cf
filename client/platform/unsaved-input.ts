/**
 * Which fields hold input the visitor has not submitted yet: a new build never reloads the page
 * over it (client/platform/build-updates.ts). The watch starts with the page's first module
 * (client/app/entry.tsx), not with the build checks at the first idle period after hydration: on a
 * slow phone a visitor types for seconds before that, and a field they went into before the
 * watch began would not count.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function fieldValue(field: Field): string {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return String(field.checked);
  return field.value;
}

/**
 * Fields the visitor has changed and not yet submitted. React keeps a controlled field's default
 * in step with its value, so "changed" is measured against the value the field had when the
 * visitor first went into it.
 */
function watchUnsavedInput(doc: Document): { hasUnsavedInput(): boolean } {
  const before = new Map<Field, string>();
  const onFocus = (event: Event) => {
    if (isField(event.target) && !before.has(event.target)) before.set(event.target, fieldValue(event.target));
  };
  const onSubmit = (event: Event) => {
    for (const field of [...before.keys()]) if (field.form === event.target) before.delete(field);
  };
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('submit', onSubmit, true);
  return {
    hasUnsavedInput() {
      for (const [field, value] of before) {
        if (!field.isConnected) before.delete(field);
        else if (fieldValue(field) !== value) return true;
      }
      return false;
    },
  };
}

let pageWatch: ReturnType<typeof watchUnsavedInput> | null = null;

/** The page's one watch on its document, started on first use and kept for the page's life. */
export function watchPageInput(): ReturnType<typeof watchUnsavedInput> {
  pageWatch ??= watchUnsavedInput(document);
  return pageWatch;
}
