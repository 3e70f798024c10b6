/**
 * An id as the server types it (protocol §9.1): a number when it is all digits, else the text.
 * The client keeps ids as text (keys, URLs); queries send them in the server's type.
 */
export const wireId = (id: string | number): string | number => (/^\d+$/.test(String(id)) ? Number(id) : id);
