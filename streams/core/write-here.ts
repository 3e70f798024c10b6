/** Editable text shows this when empty; it is never a value and never saved (seed 002 §5, protocol §12.2). */
export const WRITE_HERE = '[ WRITE HERE ]';
