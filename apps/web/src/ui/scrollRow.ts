/** A pixel of rounding (zoomed pages report fractional scroll offsets) is not more to scroll to. */
const SLACK = 1;

/** Whether a row that scrolls sideways has more before its left edge and after its right edge. */
export function scrollEdges(box: { scrollLeft: number; clientWidth: number; scrollWidth: number }): {
  before: boolean;
  after: boolean;
} {
  // Right-to-left pages count scrollLeft down from 0; the distance from the start is what matters.
  const start = Math.abs(box.scrollLeft);
  return {
    before: start > SLACK,
    after: start + box.clientWidth < box.scrollWidth - SLACK,
  };
}

/**
 * The scrollLeft that brings an item fully into view with `margin` to spare (so the edge fade
 * does not cover it), or null when it is in view already. Positions are the item's left and
 * right edges measured from the row's content start.
 */
export function scrollToReveal(
  item: { left: number; right: number },
  row: { scrollLeft: number; clientWidth: number },
  margin: number,
): number | null {
  const viewStart = row.scrollLeft;
  const viewEnd = row.scrollLeft + row.clientWidth;
  if (item.left - margin < viewStart) return Math.max(0, item.left - margin);
  if (item.right + margin > viewEnd) return item.right + margin - row.clientWidth;
  return null;
}

/** The index a key moves focus to in a row of `count` items (arrows wrap, Home and End jump). */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
