import { createHash } from 'node:crypto';

const PALETTES = [
  ['#7c5cff', '#ff6fb5'],
  ['#2bb0ed', '#6f5cff'],
  ['#ff8a5c', '#ff4f8b'],
  ['#1fc8a0', '#2b8cff'],
  ['#f7b733', '#fc4a1a'],
  ['#8e54e9', '#4776e6'],
] as const;

/** A generated avatar (no downloads): a gradient picked from the seed and the initial. */
export function avatarSvg(seed: string, label: string): string {
  const digest = createHash('sha1').update(seed).digest();
  const [from, to] = PALETTES[digest[0]! % PALETTES.length]!;
  const angle = digest[1]! % 360;
  const initial = (label.match(/[A-Za-z0-9]/)?.[0] ?? '?').toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="120" font-weight="700" fill="#fff">${initial}</text>
</svg>`;
}

export const avatarUrl = (seed: string, label: string) =>
  `/v1/avatars/${encodeURIComponent(seed)}.svg?l=${encodeURIComponent(label.slice(0, 1))}`;
