/**
 * A post's media box: the full card width, at the media's own aspect ratio so nothing jumps on
 * load, but never taller than 4:5 (a tall portrait is cropped, as feeds do). Unknown sizes get 4:3.
 */
export function feedMediaBox(width: number | null | undefined, height: number | null | undefined) {
  const w = width && width > 0 ? width : 4;
  const h = height && height > 0 ? height : 3;
  const ratio = Math.max(w / h, 4 / 5);
  return { aspectRatio: String(Math.round(ratio * 1000) / 1000) };
}
