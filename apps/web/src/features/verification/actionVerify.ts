/**
 * Action-mode verification: the popup calls a caller-supplied function with the code.
 * Popups in the store hold data only, so the function waits here under the popup's id until the
 * popup closes.
 */
export interface ActionVerifyHandler {
  /** Sends the code with the guarded change; rejects with the server's error on a wrong code. */
  verify(code: string): Promise<void>;
  /** Runs after a successful verify, once the popup has closed. */
  onSuccess?(): void;
}

const handlers = new Map<string, ActionVerifyHandler>();

export function registerActionVerify(id: string, handler: ActionVerifyHandler): void {
  handlers.set(id, handler);
}

export const actionVerifyHandler = (id: string) => handlers.get(id);

export function releaseActionVerify(id: string): void {
  handlers.delete(id);
}
