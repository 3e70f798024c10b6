import type { InputHTMLAttributes } from 'react';

/**
 * A masked input that still has the textbox role: a password field has no ARIA role of its own,
 * and UI-CONTRACT.md names password fields as textboxes ("Password").
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  // biome-ignore lint/a11y/useSemanticElements: the masking of type=password is the point; the role names it as the contract wants
  return <input {...props} type="password" role="textbox" />;
}
