/** The fields of a multipart or url-encoded body; `null` when the body is neither. */
export async function formFields(request: Request): Promise<FormData | null> {
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
