/** The session's messages the shell shows from the first paint: the header's account corner and the sign-in page's title. */
export const sessionMessagesEn = {
  'nav.signIn': 'Sign in',
  'signIn.title': 'Sign in',
  'account.menu': 'Account menu',
  'account.signOut': 'Sign out',
  'account.signOutFailed': 'Sign-out failed.',
  'account.expired': 'Your session expired.',
  'account.visitor': 'Visitor',
  'account.signedInAs': 'Signed in as',
  'account.startFailed': 'The portal could not connect to the server.',
  'account.whoAmIFailed': 'The portal could not check who you are.',
  'account.offline': 'Offline',
  'account.retryStart': 'Reload',
};
