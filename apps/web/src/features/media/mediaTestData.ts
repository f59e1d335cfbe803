import type { MediaUploadResponse } from '@parlor/contract';
import type { PreparedMedia } from './filePrep';

// Test data for media sends: a photo as prepared for upload, and the server's answer to it.

export const preparedPhoto: PreparedMedia = {
  kind: 'image',
  blob: new Blob(['jpeg']),
  name: 'a.jpg',
  width: 1440,
  height: 1080,
  video_length: null,
  md5: 'a'.repeat(32),
};

export const uploadedPhoto: MediaUploadResponse = {
  width: 1440,
  height: 1080,
  video_length: null,
  media: {
    public_id: 'pub1',
    media_id: 'a'.repeat(32),
    th: 'https://media.example/t',
    st: 'https://media.example/s',
    sr: 'https://media.example/r',
    rt: 'https://media.example/R',
    blur: 'https://media.example/b',
    video_url: null,
    width: 1440,
    height: 1080,
    video_length: null,
  },
};
