import type { Message } from '@parlor/contract';

/** Bubbles are at most this wide and tall (CSS pixels); the width also stays under 70vw. */
export const BUBBLE_MAX_W = 280;
export const BUBBLE_MAX_H = 360;

/**
 * The bubble's box from the media's own dimensions, reserved before anything loads so the list does
 * not jump. Unknown dimensions (a video measured by neither side) get a 4:3 box.
 */
export function bubbleBox(width: number | null | undefined, height: number | null | undefined) {
  const w = width && width > 0 ? width : 4;
  const h = height && height > 0 ? height : 3;
  const boxWidth = Math.round(Math.min(BUBBLE_MAX_W, (BUBBLE_MAX_H * w) / h));
  return { width: `min(${boxWidth}px, 70vw)`, aspectRatio: `${w} / ${h}` };
}

/** Does this message show media (rather than only text)? */
export function isMediaMessage(message: Pick<Message, 'type'>): boolean {
  return message.type === 'image' || message.type === 'video' || message.type === 'gif';
}

/** A paid message the viewer has not bought: only its blurred preview and price are there. */
export function isLocked(message: Message, viewerId: string | undefined): boolean {
  return message.price > 0 && !message.is_paid && message.sender_id !== viewerId;
}

/** 'H:MM:SS' (or 'M:SS') until `at`; '0:00' once it has passed. */
export function countdown(at: string, now: number): string {
  const total = Math.max(0, Math.floor((Date.parse(at) - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Video length in the spec's duration format 'Xm YYs' (65 s: '1m 05s'), whole seconds, never negative. */
export function videoLength(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`;
}
