import { z } from 'zod';
import { AdminActionRequest, AdminActionResponse, AdminUserAction } from './account';
import {
  ChangeRateRequest,
  ChangeRateResponse,
  Chat,
  ChatList,
  ChatListQuery,
  ChatsActionRequest,
  ChatsActionResponse,
  ChatTotals,
  CreateChatRequest,
  CreateNoteRequest,
  Note,
  PresenceList,
  PresenceQuery,
  RecipientQuery,
  UpdateNoteRequest,
} from './chats';
import { endpoint } from './endpoint';
import { RealtimeQuery } from './events';
import {
  Message,
  MessageList,
  MessagePage,
  MessagesByIdsQuery,
  MessagesQuery,
  SendMessageRequest,
  SendMessageResponse,
} from './messages';
import { TipRequest, TipResponse } from './payments';
import {
  AuthResponse,
  AvatarFileParams,
  AvatarQuery,
  GeoIp,
  ProviderConfig,
  ProviderConfigQuery,
  PublicUser,
  SignInRequest,
  SignUpRequest,
  UpdateUserRequest,
  User,
  UserIdParams,
  UsernameAvailableQuery,
  UsernameAvailableResponse,
  UsernameParams,
} from './users';

/** A path segment naming one stored row (ids are uuids or numeric strings; 64 bounds both). */
export const IdParams = z.object({ id: z.string().max(64) });

/**
 * Every endpoint of the API, one entry each: the server registers its routes from this table and
 * the web client calls through it, so a path, a method or a schema is written once. Grouped by the
 * server module that answers.
 */
export const endpoints = {
  // chats: the inbox, one chat, bulk actions, rates and notes
  listChats: endpoint({
    method: 'GET',
    path: '/v1/chats',
    access: 'user',
    query: ChatListQuery,
    response: ChatList,
  }),
  chatTotals: endpoint({ method: 'GET', path: '/v1/chats/total', access: 'user', response: ChatTotals }),
  chatsPresence: endpoint({
    method: 'GET',
    path: '/v1/chats/presence',
    access: 'user',
    query: PresenceQuery,
    response: PresenceList,
  }),
  getChat: endpoint({
    method: 'GET',
    path: '/v1/chat',
    access: 'user',
    query: RecipientQuery,
    response: Chat,
  }),
  openChat: endpoint({
    method: 'POST',
    path: '/v1/chat',
    access: 'user',
    body: CreateChatRequest,
    response: Chat,
  }),
  chatsAction: endpoint({
    method: 'PATCH',
    path: '/v1/chats',
    access: 'user',
    body: ChatsActionRequest,
    response: ChatsActionResponse,
  }),
  changeRate: endpoint({
    method: 'POST',
    path: '/v1/chats/change-rate',
    access: 'user',
    body: ChangeRateRequest,
    response: ChangeRateResponse,
  }),
  createNote: endpoint({
    method: 'POST',
    path: '/v1/chats/note',
    access: 'user',
    body: CreateNoteRequest,
    response: Note,
    status: 201,
  }),
  updateNote: endpoint({
    method: 'PATCH',
    path: '/v1/notes/:id',
    access: 'user',
    params: IdParams,
    body: UpdateNoteRequest,
    response: Note,
  }),
  deleteNote: endpoint({
    method: 'DELETE',
    path: '/v1/notes/:id',
    access: 'user',
    params: IdParams,
    status: 204,
  }),

  // messages: a chat's pages, sending, hiding and deleting
  listMessages: endpoint({
    method: 'GET',
    path: '/v1/chats/:chatId/messages',
    access: 'user',
    params: z.object({ chatId: z.string().max(64) }),
    query: MessagesQuery,
    response: MessagePage,
  }),
  messagesByIds: endpoint({
    method: 'GET',
    path: '/v1/messages',
    access: 'user',
    query: MessagesByIdsQuery,
    response: MessageList,
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/v1/messages',
    access: 'user',
    body: SendMessageRequest,
    response: SendMessageResponse,
  }),
  hideMessageForMe: endpoint({
    method: 'PATCH',
    path: '/v1/messages/:id/hide-for-me',
    access: 'user',
    params: IdParams,
    response: Message,
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/v1/messages/:id',
    access: 'user',
    params: IdParams,
    response: Message,
  }),

  // users: sign-up, sign-in, the own user, public profiles
  signUp: endpoint({
    method: 'POST',
    path: '/v1/users/sign',
    access: 'public',
    body: SignUpRequest,
    response: AuthResponse,
    status: 201,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/auth',
    access: 'public',
    body: SignInRequest,
    response: AuthResponse,
  }),
  signOut: endpoint({ method: 'DELETE', path: '/v1/auth', access: 'user', status: 204 }),
  me: endpoint({ method: 'GET', path: '/v1/users/me', access: 'user', response: User }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/v1/users/:id',
    access: 'user',
    params: UserIdParams,
    body: UpdateUserRequest,
    response: User,
  }),
  usernameAvailable: endpoint({
    method: 'GET',
    path: '/v1/username-available',
    access: 'optional',
    query: UsernameAvailableQuery,
    response: UsernameAvailableResponse,
  }),
  publicProfile: endpoint({
    method: 'GET',
    path: '/v1/users/:username',
    access: 'public',
    params: UsernameParams,
    response: PublicUser,
  }),

  // account: verification codes, payout defaults, greeting, tags, deletion, avatar

  // admin
  adminUserAction: endpoint({
    method: 'POST',
    path: '/v1/admin/users/:id/:action',
    access: 'admin',
    params: z.object({ id: z.string().max(64), action: AdminUserAction }),
    body: AdminActionRequest,
    response: AdminActionResponse,
  }),

  // media: uploads, files, vault, purchases

  // payments: packages, card and crypto payments, 3-D Secure, saved cards

  // tips and subscriptions
  sendTip: endpoint({
    method: 'POST',
    path: '/v1/tips',
    access: 'user',
    body: TipRequest,
    response: TipResponse,
  }),

  // provider configuration, geo, health, generated avatars, realtime
  providerConfig: endpoint({
    method: 'GET',
    path: '/v1/provider/config',
    access: 'optional',
    query: ProviderConfigQuery,
    response: ProviderConfig,
  }),
  geoIp: endpoint({ method: 'GET', path: '/v1/geo_ip', access: 'public', response: GeoIp }),
  /** Liveness: the process answers. */
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  }),
  /** Readiness: the database answers too (503 with an error body when it does not). */
  readiness: endpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    response: z.object({ status: z.literal('ready'), database: z.string() }),
  }),
  avatar: endpoint({
    method: 'GET',
    path: '/v1/avatars/:file',
    access: 'public',
    transport: 'file',
    params: AvatarFileParams,
    query: AvatarQuery,
  }),
  /** The event socket; it authenticates by the token in its query, so the session header is not read. */
  realtime: endpoint({
    method: 'GET',
    path: '/v1/ws',
    access: 'public',
    transport: 'websocket',
    query: RealtimeQuery,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
