import { describe, expect, it } from 'vitest';
import { checkMediaFile, mediaKindOf, uploadErrorMessage } from './media';
import { MEDIA } from './rules/messages';

const MB = 1024 * 1024;
const limits = { imageMaxMb: 2, videoMaxMb: 5, maxDurationS: 60 };

describe('checkMediaFile', () => {
  it('accepts photos and videos within the limits', () => {
    expect(checkMediaFile({ type: 'image/jpeg', size: MB }, 'any', limits)).toBeNull();
    expect(checkMediaFile({ type: 'video/mp4', size: MB, duration: 30 }, 'any', limits)).toBeNull();
    expect(checkMediaFile({ type: 'video/x-matroska', size: MB }, 'video', limits)).toBeNull();
  });

  it('refuses with the exact message of each check', () => {
    expect(checkMediaFile({ type: 'image/png', size: 10 }, 'video', limits)).toBe(MEDIA.photoNotAllowed);
    expect(checkMediaFile({ type: 'video/webm', size: 10 }, 'image', limits)).toBe(MEDIA.videoNotAllowed);
    expect(checkMediaFile({ type: 'application/pdf', size: 10 }, 'any', limits)).toBe(
      'Sorry, we cannot process this type of file (application/pdf). Please choose different file type and try again.',
    );
    expect(checkMediaFile({ type: 'image/jpeg', size: 0 }, 'any', limits)).toBe(MEDIA.empty);
    expect(checkMediaFile({ type: 'image/jpeg', size: 3 * MB }, 'any', limits)).toBe(
      `${MEDIA.imageTooLarge} Photos larger than 2 MB cannot be uploaded.`,
    );
    expect(checkMediaFile({ type: 'video/mp4', size: 6 * MB }, 'any', limits)).toBe(
      `${MEDIA.videoTooLarge} Videos larger than 5 MB cannot be uploaded.`,
    );
    expect(checkMediaFile({ type: 'video/mp4', size: MB, duration: 61 }, 'any', limits)).toBe(
      MEDIA.videoTooLong,
    );
  });

  it('never refuses a long video under the spec’s own (unlimited) duration limit', () => {
    expect(checkMediaFile({ type: 'video/mp4', size: MB, duration: 3600 })).toBeNull();
  });

  it('knows the accepted video types and any video/*', () => {
    for (const t of [
      'video/quicktime',
      'video/mp4',
      'video/x-m4v',
      'video/ogg',
      'application/x-flv',
      'video/anything',
    ])
      expect(mediaKindOf(t)).toBe('video');
    expect(mediaKindOf('image/heic')).toBeNull();
    expect(mediaKindOf('text/plain')).toBeNull();
  });

  it('words an upload failure with the server message when there is one', () => {
    expect(uploadErrorMessage()).toBe(MEDIA.uploadFailed);
    expect(uploadErrorMessage('  ')).toBe(MEDIA.uploadFailed);
    expect(uploadErrorMessage('Sending media blocked.')).toBe('Sending media blocked.');
  });
});
