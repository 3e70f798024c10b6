/**
 * Multipart bodies the demo server's HTTP layer has read to disk before any handler runs
 * (mocks/middleware/upload-staging.ts): the request then carries this header naming its form,
 * whose file parts are read from their files on disk (`null`: the body was not a complete form).
 * Handlers called in-process (MSW in tests or in a browser) read the body itself.
 */
export const STAGED_FORM_HEADER = 'x-demo-staged-form';
const stagedForms = new Map<string, FormData | null>();
/** The path of a file part on disk, to move it rather than copy it. */
const diskPaths = new WeakMap<Blob, string>();

export function stageForm(id: string, form: FormData | null): void {
  stagedForms.set(id, form);
}

export function unstageForm(id: string): void {
  stagedForms.delete(id);
}

export function markOnDisk(file: Blob, path: string): void {
  diskPaths.set(file, path);
}

/** Where a file part of a staged form lies on disk; undefined for a part held in memory. */
export const diskPathOf = (file: Blob): string | undefined => diskPaths.get(file);

/** The fields of a multipart or url-encoded body; `null` when the body is neither. */
export async function formFields(request: Request): Promise<FormData | null> {
  const staged = request.headers.get(STAGED_FORM_HEADER);
  if (staged !== null) return stagedForms.get(staged) ?? null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** A text field of a form; files and absent fields give undefined. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** Booleans travel as `true`/`false` (protocol §1.5). */
export function isTrue(value: string | null | undefined): boolean {
  return value === 'true';
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
