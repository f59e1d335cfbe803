/**
 * Three lines with a tick: fan lists. Drawn here rather than in ui/icons, whose module every page
 * loads: only the lists' own screens and menus need it. Decorative: the control carries the name.
 */
export function ListsIcon({ size = 22 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6h10M4 12h10M4 18h7M15.5 17.5l2 2 4-4.5" />
    </svg>
  );
}
