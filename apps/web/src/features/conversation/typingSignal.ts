import { DEBOUNCE_MS, TYPING_TIMEOUT_MS } from '@parlor/contract';

export type TypingState = 'start' | 'stop';

/**
 * The composer's side of the typing indicator: `start` on the first keystroke, `stop` after a
 * 2 s pause (the spec's debounce), on send and on leaving. A long burst of typing repeats `start`
 * before the other side's 10 s timeout would clear it.
 */
export function createTypingSignal(send: (state: TypingState) => void, now: () => number = Date.now) {
  let typing = false;
  let lastStart = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(idle);
    idle = undefined;
    if (!typing) return;
    typing = false;
    send('stop');
  };

  return {
    input(text: string) {
      if (!text.trim()) {
        stop();
        return;
      }
      if (!typing || now() - lastStart >= TYPING_TIMEOUT_MS / 2) {
        typing = true;
        lastStart = now();
        send('start');
      }
      clearTimeout(idle);
      idle = setTimeout(stop, DEBOUNCE_MS);
    },
    stop,
  };
}
