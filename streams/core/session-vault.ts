import { ObjectUrls } from './object-urls';

/**
 * Holds what must never enter state or events: tokens, the CSRF token, application credentials
 * and share passwords. Only `http` (and the session epics) read it. Tab memory only.
 */
export interface ConnectionSettings {
  /** the DAM root `{damUrl}`, without a trailing slash */
  apiPath: string;
  cookieAuth: boolean;
  sessionAuth: boolean;
  csrfToken?: string;
  context?: string;
}

export interface Token {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  exp: number;
  iat: number;
}

export interface ApplicationCredentials {
  name: string;
  key: string;
  secret: string;
}

export class SessionVault {
  connection: ConnectionSettings = { apiPath: '', cookieAuth: false, sessionAuth: false };
  lang = 'en';
  /** the signed-in user's token; while there is none, the application's is used */
  userToken: Token | null = null;
  applicationToken: Token | null = null;
  application: ApplicationCredentials | null = null;
  private readonly sharePasswords = new Map<string, string>();
  /** `blob:` addresses of the pictures of password-protected shares, by share uuid */
  readonly sharedImages = new ObjectUrls();

  /** protocol §1.2: the user's token, else the application's, else none (anonymous) */
  get token(): Token | null {
    return this.userToken ?? this.applicationToken;
  }

  /** API base of protocol §1.1: every call is `{damUrl}/api` + path. */
  apiBase(): string {
    return `${this.connection.apiPath}/api`;
  }

  setSharePassword(shareUuid: string, password: string): void {
    this.sharePasswords.set(shareUuid, password);
  }

  sharePassword(shareUuid: string): string | undefined {
    return this.sharePasswords.get(shareUuid);
  }

  forgetSharePassword(shareUuid: string): void {
    this.sharePasswords.delete(shareUuid);
  }
}
