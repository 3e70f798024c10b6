/**
 * Browser-loaded addresses of an upload's files (issue 27). The thumbnail and the original are
 * loaded by `<img src>` and download links, which carry no Authorization header (protocol §1.1),
 * yet they are only for those who may use the job. So the item answers, which are only given to
 * them, name each file with a ticket: `?ticket=…`, a random token bound to that item and that file,
 * valid for an hour. The ticket stands for the rights checked when the item was answered, like the
 * signed preview addresses (mocks/handlers/preview-tickets.ts).
 *
 * A token is kept until half its life is gone, so the address of a thumbnail stays the same from
 * one poll to the next (the browser keeps the image; the grid does not reload it), and the one
 * before it stays valid until it expires, so an address already in a page still loads. Tickets hang
 * on the item object itself: a deleted item's tickets go with it, and an item that takes a freed
 * id later never inherits them.
 */
import type { ImportItem } from '../db/imports';

export type TicketedFile = 'thumbnail' | 'file';

/** How long a ticketed address stays valid. */
export const TICKET_MS = 60 * 60 * 1000;

interface Ticket {
  token: string;
  expires: number;
}

interface ItemTickets {
  current: Ticket;
  previous?: Ticket;
}

const tickets = new WeakMap<ImportItem, Map<TicketedFile, ItemTickets>>();

function token(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The ticket of one file of an item: the current one, or a new one when it is past half its life. */
export function ticketOf(item: ImportItem, file: TicketedFile, now = Date.now()): string {
  let byFile = tickets.get(item);
  if (!byFile) {
    byFile = new Map();
    tickets.set(item, byFile);
  }
  const known = byFile.get(file);
  if (known && known.current.expires - now > TICKET_MS / 2) return known.current.token;
  const current = { token: token(), expires: now + TICKET_MS };
  byFile.set(file, { current, ...(known && { previous: known.current }) });
  return current.token;
}

/** Whether `given` is a live ticket of this file of this item. */
export function validTicket(
  item: ImportItem,
  file: TicketedFile,
  given: string | null,
  now = Date.now(),
): boolean {
  const known = given ? tickets.get(item)?.get(file) : undefined;
  if (!known || !given) return false;
  return [known.current, known.previous].some(
    (ticket) => ticket !== undefined && ticket.token === given && ticket.expires > now,
  );
}

/** The address of a file of an item, with its ticket. */
export const ticketedPath = (item: ImportItem, file: TicketedFile, now = Date.now()): string =>
  `/wedia/massimport/${file}/${item.id}?ticket=${ticketOf(item, file, now)}`;
