/**
 * Paths of the DAM protocol, all served by the MSW handlers: the API base and the two families
 * outside it (protocol §1.1). Everything else is the app (static files) or the control routes.
 */
export const API_PREFIXES = ['/api', '/bov3', '/__imageservlet'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The path of a request as the client sent it, whatever router it is mounted under. */
export function requestPath(originalUrl: string): string {
  return new URL(originalUrl, 'http://localhost').pathname;
}
