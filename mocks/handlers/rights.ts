/**
 * Who may do what on the routes added with mass import, CMS pages and analytics (issue 27): each
 * rule is said once here and the handlers ask it, so a route cannot drift from its neighbours.
 * The caller is found the way every handler finds it (mocks/handlers/caller.ts).
 *
 * Refusals read the same everywhere: 401 when nobody is signed in (signing in might help), 403 for
 * an application or a user who is known but lacks the right.
 */
import { ROLES, type User } from '../db/users';
import type { Caller } from './caller';
import { errorResponse } from './respond';

export const isAssetManager = (user: User | undefined): boolean => user?.role.id === ROLES.assetManager.id;

/** The signed-in user of a caller; applications and anonymous visitors have none. */
export const userOfCaller = (caller: Caller): User | undefined =>
  caller.kind === 'user' ? caller.user : undefined;

/** How a caller is named in a refusal. */
export function callerName(caller: Caller): string {
  if (caller.kind === 'user') return caller.user.login;
  return caller.kind === 'application' ? 'The application' : 'A visitor';
}

/** A refusal as a status and a message in words; `refusalResponse` sends it as protocol §1.9. */
export interface Refusal {
  status: 401 | 403;
  message: string;
}

/** 401 for an anonymous caller ("sign in to …"), 403 with `{who} may not …` for anyone else. */
export function refusalOf(caller: Caller, doing: string): Refusal {
  return caller.kind === 'anonymous'
    ? { status: 401, message: `Sign in to ${doing}` }
    : { status: 403, message: `${callerName(caller)} may not ${doing}` };
}

export const refusalResponse = (refusal: Refusal): Response => errorResponse(refusal.status, refusal.message);

// --- CMS pages ---------------------------------------------------------------------------------

/** Pages are edited (and their drafts and work copies read) by asset managers only. */
export const mayEditPages = (caller: Caller): boolean => isAssetManager(userOfCaller(caller));

/**
 * A published page is for everyone who may browse the portal (visitors included); a draft, a work
 * copy or a page without status (it counts as a draft, protocol §14.2) only for its editors.
 */
export const mayReadPage = (caller: Caller, page: { status: { id: number } | null }, published: number) =>
  page.status?.id === published || mayEditPages(caller);

// --- analytics ---------------------------------------------------------------------------------

/** Usage figures are for signed-in users; applications and anonymous visitors get none. */
export const mayReadAnalytics = (caller: Caller): boolean => caller.kind === 'user';

/** Figures per user (who viewed what) are for asset managers; other users see their own row only. */
export const mayReadEveryonesFigures = (caller: Caller): boolean => isAssetManager(userOfCaller(caller));
