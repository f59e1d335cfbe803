import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/types/react';
import { endpointPath, endpoints } from '@parlor/contract';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import { apiBaseUrl } from '../../platform/api';
import styles from './BotCheck.module.css';
import type { BotCheckHandle } from './useBotCheck';

// The server's challenges are PBKDF2 (modules/users/bot-check.ts). The workers are files of this
// origin, not inline blobs, so the content security policy (worker-src 'self') lets them run.
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/**
 * No link to the vendor's site, and no collection of pointer movements (its "human interaction
 * signature" is for a hosted service we do not use).
 */
const WIDGET_CONFIGURATION = { hideFooter: true, humanInteractionSignature: false, minDuration: 300 };

type Widget = HTMLElementTagNameMap['altcha-widget'];
type StateDetail = { state: string; payload?: string };

/** The payload of the solve under way, or null if it ends otherwise (an error, an expiry). */
function outcome(widget: Widget): Promise<string | null> {
  return new Promise((resolve) => {
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail;
      if (state === 'verifying') return;
      widget.removeEventListener('statechange', onState);
      resolve(state === 'verified' ? (payload ?? null) : null);
    };
    widget.addEventListener('statechange', onState);
  });
}

/**
 * ALTCHA's widget: it fetches a challenge from this server and solves it in workers once the
 * person starts on the form, showing a box that turns to "Verified". Nothing goes to anyone else.
 */
export function BotCheckWidget({ handle }: { handle: RefObject<BotCheckHandle | null> }) {
  const ref = useRef<Widget>(null);
  const payload = useRef<string | null>(null);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload: solved } = (event as CustomEvent<StateDetail>).detail;
      payload.current = state === 'verified' ? (solved ?? null) : null;
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(handle, () => ({
    async solve() {
      const widget = ref.current;
      if (payload.current || !widget) return payload.current;
      // Already solving (it starts as the person focuses the form): wait for that one.
      if (widget.getState() === 'verifying') return outcome(widget);
      const result = await widget.verify().catch(() => null);
      return result?.payload ?? payload.current;
    },
    reset() {
      payload.current = null;
      ref.current?.reset();
    },
  }));

  return (
    <altcha-widget
      ref={ref}
      className={styles.widget}
      challenge={`${apiBaseUrl()}${endpointPath(endpoints.botCheckChallenge)}`}
      auto="onfocus"
      name="bot_check"
      configuration={JSON.stringify(WIDGET_CONFIGURATION)}
    />
  );
}
