/** protocol §18: the tops kept; the `User` variants send onlyCurrentUser=true. */
export const TOP_NAMES = ['topDamView', 'topDamDownload', 'topDamViewUser', 'topDamDownloadUser'] as const;
export type TopName = (typeof TOP_NAMES)[number];

export const isTopName = (name: string): name is TopName => (TOP_NAMES as readonly string[]).includes(name);
