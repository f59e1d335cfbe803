// What a person does on a new Parlor container, in two halves around a restart:
//   node scripts/docker-smoke.mjs BASE_URL write STATE_FILE   signs up a creator and a fan, the fan
//                                                             messages her, she uploads a photo
//   node scripts/docker-smoke.mjs BASE_URL read STATE_FILE    signs in again and finds both
// Exits non-zero, saying what was missing, when any step fails.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';

const [base, phase, stateFile] = process.argv.slice(2);
if (!base || !stateFile || (phase !== 'write' && phase !== 'read')) {
  console.error('usage: docker-smoke.mjs BASE_URL write|read STATE_FILE');
  process.exit(2);
}

async function call(method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'web-type': 'react',
      ...(token ? { 'access-token': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function signUp(type, name, password) {
  const answer = await call('POST', '/v1/users/sign', {
    body: {
      email: `${name}@example.com`,
      password,
      username: name,
      type,
      confirm_adult: true,
      accept_terms: true,
    },
  });
  return { token: answer.access_token, id: answer.user._id };
}

async function signIn(login, password) {
  return (await call('POST', '/v1/auth', { body: { login, password } })).access_token;
}

async function fetchFile(url, token) {
  const res = await fetch(new URL(url, base), { headers: { 'access-token': token } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

if (phase === 'write') {
  const tag = randomBytes(4).toString('hex');
  const password = `docker-${tag}-pass`;
  const creator = await signUp('featured', `dockercreator${tag}`, password);
  const fan = await signUp('user', `dockerfan${tag}`, password);
  const text = `Hello from the container ${tag}`;
  await call('POST', '/v1/messages', {
    token: fan.token,
    body: { type: 'text', recipient_id: creator.id, text },
  });

  // A photo goes through sharp inside the image and lands in DATA_DIR's media.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file_size', String(photo.length));
  form.set('md5', createHash('md5').update(photo).digest('hex'));
  form.set('type', 'message');
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/v1/media`, {
    method: 'POST',
    headers: { 'access-token': creator.token, 'web-type': 'react' },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /v1/media answered ${res.status}: ${await res.text()}`);
  const thumb = (await res.json()).media.th;
  const file = await fetchFile(thumb, creator.token);
  fs.writeFileSync(
    stateFile,
    JSON.stringify({
      creator: `dockercreator${tag}`,
      fan: fan.id,
      password,
      text,
      thumb,
      thumbSha: createHash('sha256').update(file.bytes).digest('hex'),
    }),
  );
  console.log(`docker-smoke: signed up, sent "${text}", uploaded a photo`);
} else {
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  const token = await signIn(state.creator, state.password);
  const chat = await call('GET', `/v1/chat?recipient_id=${state.fan}`, { token });
  const messages = await call('GET', `/v1/chats/${chat.chat_id}/messages`, { token });
  if (!messages.data.some((m) => m.text === state.text)) {
    throw new Error(`the message "${state.text}" is gone after the restart`);
  }
  const file = await fetchFile(state.thumb, token);
  if (createHash('sha256').update(file.bytes).digest('hex') !== state.thumbSha) {
    throw new Error('the photo is not the same after the restart');
  }
  console.log('docker-smoke: signed in again, the message and the photo are there');
}
