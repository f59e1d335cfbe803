import { ERRORS, SELF_DESTRUCT_AFTER_MS, type SendMessageRequest } from '@parlor/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { mediaRepository } from './repository';
import { ownLiveMedia } from './views';

type SendInput = z.output<typeof SendMessageRequest>;

export const MEDIA_MESSAGES = {
  notFound: 'Media not found',
  kindMismatch: 'The media does not match the message type.',
  missingMedia: 'Choose a photo or a video to send.',
  missingGif: 'Choose a GIF to send.',
  badGifUrl: 'This GIF cannot be sent.',
  priceMediaOnly: 'Only photos and videos can have a price.',
  paidCreatorsOnly: ERRORS.paidCreatorsOnly,
} as const;

export interface MessageContent {
  price: number;
  mediaId: number | null;
  gif: { url: string; width: number | null; height: number | null } | null;
  destructAt: Date | null;
}

/** A GIF is a same-origin path (the built-in set) or an http(s) URL; nothing that runs script. */
const GIF_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>\\]+$/i;

/**
 * What a message carries besides its text, checked against the sender's rights: photos and videos
 * must be the sender's own media (an upload or the vault); only creators put a price on them.
 */
export async function resolveContent(
  ctx: AppContext,
  user: UserRow,
  input: SendInput,
): Promise<MessageContent> {
  const price = input.price;
  const isMedia = input.type === 'image' || input.type === 'video';
  if (price > 0 && !isMedia) throw badRequest(MEDIA_MESSAGES.priceMediaOnly, 'price_media_only', 'price');
  if (price > 0 && user.type !== 'featured')
    throw forbidden(MEDIA_MESSAGES.paidCreatorsOnly, 'paid_creators_only');
  // Paid content starts its countdown when bought; free content when sent.
  const destructAt =
    input.self_destruct && price === 0 ? new Date(ctx.clock.now().getTime() + SELF_DESTRUCT_AFTER_MS) : null;

  if (input.type === 'gif') {
    const url = input.gif_url?.trim() ?? '';
    if (!url) throw badRequest(MEDIA_MESSAGES.missingGif, 'invalid_input', 'gif_url');
    if (!GIF_URL.test(url)) throw badRequest(MEDIA_MESSAGES.badGifUrl, 'invalid_input', 'gif_url');
    return {
      price: 0,
      mediaId: null,
      gif: { url, width: input.gif_width ?? null, height: input.gif_height ?? null },
      destructAt,
    };
  }
  if (!isMedia) return { price: 0, mediaId: null, gif: null, destructAt };

  if (!input.public_id && !input.media_id)
    throw badRequest(MEDIA_MESSAGES.missingMedia, 'invalid_input', 'public_id');
  const media = await ownLiveMedia(ctx.db, user.id, input);
  if (!media) throw notFound(MEDIA_MESSAGES.notFound, 'media_not_found');
  if (media.kind !== input.type) throw badRequest(MEDIA_MESSAGES.kindMismatch, 'invalid_input', 'type');
  // Without ffmpeg the server cannot measure a video; the sender's browser could.
  if (media.width === null && input.width && input.height) {
    const dims = (n: number) => Math.max(1, Math.min(20_000, Math.round(n)));
    await mediaRepository.setMissingDimensions(ctx.db, media.id, {
      width: dims(input.width),
      height: dims(input.height),
      video_length: input.video_length && input.video_length > 0 ? input.video_length : null,
    });
  }
  return { price, mediaId: media.id, gif: null, destructAt };
}
