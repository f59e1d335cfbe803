import {
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ChevronRightIcon } from './icons';
import styles from './ScrollRow.module.css';
import { nextIndex, scrollEdges, scrollToReveal } from './scrollRow';

/** The fade's width: an item scrolled into view clears it. */
const FADE = 48;
const CURRENT = '[aria-selected="true"], [aria-current="page"]';

const smooth = (): ScrollBehavior =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

interface ScrollRowProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode;
  /** The frame around the row: its margins (the row itself keeps `className`). */
  frameClassName?: string | undefined;
  /** Changes when another item becomes the current one, which is then scrolled into view. */
  activeKey?: string | undefined;
}

/**
 * A row of tabs or links wider than the screen, scrolling sideways. A fade and an arrow at each
 * edge with more beyond it say that it scrolls (they go at the ends), the current item is kept in
 * view, and in a tablist the arrow keys, Home and End move between the tabs. The arrows are for
 * the mouse only: keyboards and screen readers reach every item in the row itself.
 */
export function ScrollRow({
  children,
  frameClassName,
  activeKey,
  className,
  onKeyDown,
  ...rest
}: ScrollRowProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const next = scrollEdges(row);
    setEdges((prev) => (prev.before === next.before && prev.after === next.after ? prev : next));
  }, []);

  const reveal = useCallback((item: Element, behavior: ScrollBehavior) => {
    const row = ref.current;
    if (!row) return;
    const rowBox = row.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    const left = box.left - rowBox.left + row.scrollLeft;
    const target = scrollToReveal({ left, right: left + box.width }, row, FADE);
    if (target !== null) row.scrollTo?.({ left: target, behavior });
  }, []);

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    row.addEventListener('scroll', measure, { passive: true });
    // The row's width and its items' (counts arrive later) both move the ends. The observer also
    // reports each box once after the browser's own layout, so the first measure needs no layout of
    // its own in the middle of the first render.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (!resize) measure();
    resize?.observe(row);
    for (const item of Array.from(row.children)) resize?.observe(item);
    return () => {
      row.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);

  // The current item in view: at once on arrival, gliding when another is chosen.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current item is the reason to scroll.
  useLayoutEffect(() => {
    const item = ref.current?.querySelector(CURRENT);
    // On arrival the row is at its start, where its first item is in view: nothing to measure.
    const inView = first.current && item === ref.current?.firstElementChild;
    if (item && !inView) reveal(item, first.current ? 'auto' : smooth());
    first.current = false;
  }, [activeKey, reveal]);

  const page = (direction: 1 | -1) => {
    const row = ref.current;
    if (row) row.scrollBy?.({ left: direction * row.clientWidth * 0.7, behavior: smooth() });
  };

  // The tabs pattern's keys, listened for natively: the row itself is no control of its own.
  const tablist = rest.role === 'tablist';
  useEffect(() => {
    const row = ref.current;
    if (!row || !tablist) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const tabs = Array.from(row.querySelectorAll<HTMLElement>('[role="tab"]'));
      const to = nextIndex(event.key, tabs.indexOf(document.activeElement as HTMLElement), tabs.length);
      const tab = to === null ? undefined : tabs[to];
      if (!tab || !tabs.includes(document.activeElement as HTMLElement)) return;
      event.preventDefault();
      tab.focus({ preventScroll: true });
      reveal(tab, smooth());
    };
    row.addEventListener('keydown', onKey);
    return () => row.removeEventListener('keydown', onKey);
  }, [tablist, reveal]);

  return (
    <div
      className={`${styles.frame} ${frameClassName ?? ''}`}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
    >
      <div ref={ref} className={`${styles.row} ${className ?? ''}`} {...rest}>
        {children}
      </div>
      {/* Mouse-only shortcuts (a wheel rarely scrolls sideways); hidden from keyboards and readers. */}
      <button
        type="button"
        className={styles.edge}
        data-side="before"
        tabIndex={-1}
        aria-hidden="true"
        hidden={!edges.before}
        onClick={() => page(-1)}
      >
        <ChevronRightIcon size={18} />
      </button>
      <button
        type="button"
        className={styles.edge}
        data-side="after"
        tabIndex={-1}
        aria-hidden="true"
        hidden={!edges.after}
        onClick={() => page(1)}
      >
        <ChevronRightIcon size={18} />
      </button>
    </div>
  );
}
