/** Debian's Chromium: the only browser these machines can install (never `playwright install`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
