import type { ServerEventData, ServerEventName } from '@parlor/contract';
import { createAction, type Draft } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './storeTypes';

/**
 * One validated server frame, dispatched by app/realtime.tsx. `me` is the signed-in user's id and
 * `receivedAt` the arrival time, so every applier stays a pure function of (state, payload).
 */
export interface RealtimePayload {
  event: ServerEventName;
  data: unknown;
  me: string;
  receivedAt: number;
}
export const realtimeEvent = createAction<RealtimePayload>('realtime/event');

export interface EventContext {
  me: string;
  receivedAt: number;
}

/** Pure functions that apply one event to a slice's state, keyed by event name. */
export type EventAppliers<S> = {
  [N in ServerEventName]?: (state: Draft<S>, data: ServerEventData<N>, ctx: EventContext) => void;
};

/** Runs the applier registered for the event, if any (the case reducer every feature slice shares). */
export function applyEvent<S>(appliers: EventAppliers<S>, state: Draft<S>, payload: RealtimePayload): void {
  const apply = appliers[payload.event] as
    | ((state: Draft<S>, data: unknown, ctx: EventContext) => void)
    | undefined;
  apply?.(state, payload.data, { me: payload.me, receivedAt: payload.receivedAt });
}

/** What an effect may do: side effects an event needs beyond the cache (fetch, timers, marking read). */
export interface EffectApi {
  dispatch: AppDispatch;
  getState: () => RootState;
  me: string;
  receivedAt: number;
}
export type EventEffects = {
  [N in ServerEventName]?: (data: ServerEventData<N>, api: EffectApi) => void;
};

const registered: EventEffects[] = [];

/**
 * Adds a feature's effects: the app adds those of the features every page has, and a screen no
 * first screen shows adds its own when its code loads.
 */
export function addEventEffects(...effects: EventEffects[]): void {
  registered.push(...effects);
}

/** Runs every registered effect of the event, after the slices have applied it. */
export function runEventEffects(event: ServerEventName, data: unknown, api: EffectApi): void {
  for (const effects of registered) {
    const effect = effects[event] as ((data: unknown, api: EffectApi) => void) | undefined;
    effect?.(data, api);
  }
}

/**
 * Runs the last of a burst once `ms` have passed without another: sales come in bursts (a paid
 * broadcast), and one read after a quiet spell follows them all.
 */
export function afterQuiet(ms: number): (run: () => void) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (run) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}
