import DOMPurify from 'dompurify';

/**
 * Rich text as the server stores it is HTML written by editors: it is shown only after DOMPurify
 * has kept the tags of ordinary text (no script, no event handler, no `javascript:` address).
 * Links open in the same tab unless the editor asked otherwise; a new tab never gets an opener.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

// a link opening another tab never lets that tab reach back to the portal
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});
