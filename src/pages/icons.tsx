/**
 * The page builder's icons: decoration only (`aria-hidden`), the buttons carrying them are named by
 * their `aria-label` and show the same words as a tooltip (`title`).
 */
const PATHS = {
  /** six dots: the handle a block is dragged by */
  grip: 'M6 3.5h.01M10 3.5h.01M6 8h.01M10 8h.01M6 12.5h.01M10 12.5h.01',
  pencil: 'M11 2.5l2.5 2.5L6 12.5H3.5V10z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 9h5.6l.7-9',
  up: 'M8 13V3M4 7l4-4 4 4',
  down: 'M8 3v10M4 9l4 4 4-4',
  /** a page with an arrow out of it: a new file for the same place */
  replace: 'M9.5 2.5H4v11h8V5zM9.5 2.5V5H12M8 11.5v-4M6 9.5l2-2 2 2',
  plus: 'M8 3v10M3 8h10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="page-icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'grip' ? 2.5 : 1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
