import styles from './Avatar.module.css';

// Dark enough for white initials at AA contrast.
const BACKGROUNDS = ['#6d28d9', '#4338ca', '#0f766e', '#b4235a', '#9a3412', '#1d4ed8', '#7e22ce', '#15803d'];

function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return BACKGROUNDS[Math.abs(hash) % BACKGROUNDS.length]!;
}

interface AvatarProps {
  name: string;
  src?: string | null | undefined;
  size?: number;
}

/** The user's photo, or their initial on a colour picked from their name. */
export function Avatar({ name, src, size = 40 }: AvatarProps) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return (
    <span
      className={styles.avatar}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        background: src ? undefined : colorFor(name),
      }}
      aria-hidden="true"
    >
      {/* Low priority: a list of avatars otherwise competes with the page's code and first calls on
          a phone's network, and every row reads without its picture. */}
      {src ? (
        <img src={src} alt="" width={size} height={size} fetchPriority="low" decoding="async" />
      ) : (
        initial
      )}
    </span>
  );
}
