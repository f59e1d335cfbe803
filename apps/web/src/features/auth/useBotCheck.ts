import { endpoints } from '@parlor/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { call } from '../../platform/api';
import { PROVIDER_CONFIG_QUERY } from '../provider/providerConfigQuery';

/** What a form asks of its bot-check widget. */
export interface BotCheckHandle {
  /** The solved payload: the one at hand, or solved now; null when it could not be solved. */
  solve(): Promise<string | null>;
  /** Forgets the payload (the server spends each on one try) so the next send solves anew. */
  reset(): void;
}

let setting: Promise<boolean> | undefined;

/**
 * Whether this deployment asks for the bot-check, from the provider config (read directly: the
 * signed-out screens do not load the app's stored config). Asked once per page; a failure is asked
 * again next time, and meanwhile the form goes without (the server would say so).
 */
export function botCheckSetting(): Promise<boolean> {
  setting ??= call(
    endpoints.providerConfig,
    { query: PROVIDER_CONFIG_QUERY },
    { handleUnauthorized: false },
  ).then(
    (config) => config.bot_check,
    () => {
      setting = undefined;
      return false;
    },
  );
  return setting;
}

export interface BotCheck {
  /** null until the setting is known. */
  enabled: boolean | null;
  handle: RefObject<BotCheckHandle | null>;
  /**
   * The `bot_check` to add to the body: nothing while the check is off, null when it could not
   * be solved (the widget says why).
   */
  payload(): Promise<{ bot_check?: string } | null>;
  reset(): void;
  /** A solve the form waits for is under way. */
  solving: boolean;
}

/** The bot-check of a sign-in or sign-up form. */
export function useBotCheck(): BotCheck {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const handle = useRef<BotCheckHandle | null>(null);
  const [solving, setSolving] = useState(false);
  useEffect(() => {
    let live = true;
    void botCheckSetting().then((on) => live && setEnabled(on));
    return () => {
      live = false;
    };
  }, []);
  return {
    enabled,
    handle,
    payload: async () => {
      if (!enabled || !handle.current) return {};
      setSolving(true);
      const solved = await handle.current.solve().finally(() => setSolving(false));
      return solved ? { bot_check: solved } : null;
    },
    reset: () => handle.current?.reset(),
    solving,
  };
}
