/** Protocol §13.2: the text of a player script that never came. */
export const couldNotLoad = (name: string): string => `Could not load ${name}`;
