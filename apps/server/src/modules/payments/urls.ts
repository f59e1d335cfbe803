import type { AppContext } from '../../context';
import type { PaymentRow } from './repository';

/** /3ds-callback?3ds=...&paymentType=...&modelId=...&amount=...&chatId=...&messageId=...&feedId=... */
export function callbackUrl(ctx: AppContext, p: PaymentRow, outcome: 'success' | 'error'): string {
  const q = new URLSearchParams({ '3ds': outcome, paymentType: p.purpose });
  const add = (k: string, v: string | number | null) => {
    if (v !== null && v !== '') q.set(k, String(v));
  };
  add('modelId', p.model_id);
  add('amount', p.purpose_amount ?? p.credits);
  add('chatId', p.chat_id);
  add('messageId', p.message_id);
  add('feedId', p.feed_id);
  add('paymentId', p.id);
  return `${ctx.config.publicUrl}/3ds-callback?${q}`;
}
