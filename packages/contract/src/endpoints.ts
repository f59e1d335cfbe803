import { z } from 'zod';
import {
  AdminActionRequest,
  AdminActionResponse,
  AdminUserAction,
  ChangeVerifyEmailRequest,
  CodeSentResponse,
  DeletionResponse,
  DiscoverSettingRequest,
  GreetingRequest,
  GreetingResponse,
  IdVerificationResponse,
  PayoutDefaults,
  PayoutDefaultsQuery,
  PayoutDefaultsRequest,
  ResendVerifyRequest,
  ScheduleDeletionRequest,
  TagQuery,
  TagRequest,
  TagsResponse,
  UploadedAvatarParams,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from './account';
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
  BuyMessageResponse,
  IdsQuery,
  MediaAvailableQuery,
  MediaAvailableResponse,
  MediaFileParams,
  MediaFileQuery,
  MediaUploadResponse,
  PaidQuery,
  PurchasePage,
  PurchasesHiddenResponse,
  SalesSummary,
  VaultDeleteResponse,
  VaultPage,
  VaultQuery,
} from './media';
import {
  Message,
  MessageList,
  MessageMedia,
  MessagePage,
  MessagesByIdsQuery,
  MessagesQuery,
  SendMessageRequest,
  SendMessageResponse,
} from './messages';
import {
  CancelSubscriptionsQuery,
  CancelSubscriptionsResponse,
  CreditPackageList,
  CryptoTopUpRequest,
  CryptoTopUpResponse,
  DeleteCardQuery,
  PaymentRequest,
  PaymentResponse,
  SavedCardList,
  SubscribeRequest,
  SubscribeResponse,
  SubscriptionList,
  SubscriptionsQuery,
  ThreeDsAnswerQuery,
  ThreeDsQuery,
  TipRequest,
  TipResponse,
} from './payments';
import {
  AuthResponse,
  AvatarQuery,
  GeneratedAvatarParams,
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
  resendVerification: endpoint({
    method: 'POST',
    path: '/v1/users/resend-verify',
    access: 'user',
    body: ResendVerifyRequest,
    response: CodeSentResponse,
  }),
  changeVerifyEmail: endpoint({
    method: 'POST',
    path: '/v1/users/change-verify-email',
    access: 'user',
    body: ChangeVerifyEmailRequest,
    response: CodeSentResponse,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/v1/users/verify-email',
    access: 'user',
    body: VerifyEmailRequest,
    response: VerifyEmailResponse,
  }),
  sendActionCode: endpoint({
    method: 'POST',
    path: '/v1/users/send-verification-code',
    access: 'user',
    response: CodeSentResponse,
  }),
  getPayoutDefaults: endpoint({
    method: 'GET',
    path: '/v2/account/defaults',
    access: 'user',
    response: PayoutDefaults,
  }),
  updatePayoutDefaults: endpoint({
    method: 'PATCH',
    path: '/v2/account/defaults',
    access: 'user',
    query: PayoutDefaultsQuery,
    body: PayoutDefaultsRequest,
    response: PayoutDefaults,
  }),
  addTag: endpoint({
    method: 'POST',
    path: '/v1/users/tags',
    access: 'user',
    body: TagRequest,
    response: TagsResponse,
  }),
  removeTag: endpoint({
    method: 'DELETE',
    path: '/v1/users/tags',
    access: 'user',
    query: TagQuery,
    response: TagsResponse,
  }),
  getGreeting: endpoint({
    method: 'GET',
    path: '/v1/users/greeting',
    access: 'user',
    response: GreetingResponse,
  }),
  setGreeting: endpoint({
    method: 'PUT',
    path: '/v1/users/greeting',
    access: 'user',
    body: GreetingRequest,
    response: GreetingResponse,
  }),
  deleteGreeting: endpoint({ method: 'DELETE', path: '/v1/users/greeting', access: 'user', status: 204 }),
  randomAvatar: endpoint({
    method: 'PATCH',
    path: '/v1/users/random_avatar',
    access: 'user',
    response: User,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/v1/users/avatar',
    access: 'user',
    transport: 'multipart',
    response: User,
  }),
  avatarFile: endpoint({
    method: 'GET',
    path: '/v1/users/avatars/:file',
    access: 'public',
    transport: 'file',
    params: UploadedAvatarParams,
  }),
  idVerification: endpoint({
    method: 'GET',
    path: '/v1/users/id-verification',
    access: 'user',
    response: IdVerificationResponse,
  }),
  setFeaturedInDiscover: endpoint({
    method: 'PATCH',
    path: '/v1/users/discover',
    access: 'user',
    body: DiscoverSettingRequest,
    response: User,
  }),
  dismissWarning: endpoint({ method: 'DELETE', path: '/v1/users/warning', access: 'user', response: User }),
  scheduleDeletion: endpoint({
    method: 'POST',
    path: '/v1/users/deletion',
    access: 'user',
    body: ScheduleDeletionRequest,
    response: DeletionResponse,
  }),
  cancelDeletion: endpoint({
    method: 'DELETE',
    path: '/v1/users/deletion',
    access: 'user',
    response: DeletionResponse,
  }),

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
  uploadMedia: endpoint({
    method: 'POST',
    path: '/v1/media',
    access: 'user',
    transport: 'multipart',
    response: MediaUploadResponse,
  }),
  mediaAvailable: endpoint({
    method: 'GET',
    path: '/v1/media/available',
    access: 'user',
    query: MediaAvailableQuery,
    response: MediaAvailableResponse,
  }),
  /** A signed URL opens without a session; a session of another viewer than the URL's is refused. */
  mediaFile: endpoint({
    method: 'GET',
    path: '/v1/media/files/:publicId/:variant',
    access: 'optional',
    transport: 'file',
    params: MediaFileParams,
    query: MediaFileQuery,
  }),
  listVault: endpoint({
    method: 'GET',
    path: '/v1/media',
    access: 'user',
    query: VaultQuery,
    response: VaultPage,
  }),
  deleteFromVault: endpoint({
    method: 'DELETE',
    path: '/v1/media',
    access: 'user',
    query: IdsQuery,
    response: VaultDeleteResponse,
  }),
  mediaByPublicId: endpoint({
    method: 'GET',
    path: '/v1/users/images/public_id/:id',
    access: 'user',
    params: IdParams,
    response: MessageMedia,
  }),
  buyMessage: endpoint({
    method: 'PATCH',
    path: '/v1/messages/:id/buy',
    access: 'user',
    params: IdParams,
    response: BuyMessageResponse,
  }),
  salesSummary: endpoint({ method: 'GET', path: '/v1/media/sales', access: 'user', response: SalesSummary }),
  listPurchases: endpoint({
    method: 'GET',
    path: '/v1/message/paid',
    access: 'user',
    query: PaidQuery,
    response: PurchasePage,
  }),
  hidePurchases: endpoint({
    method: 'PATCH',
    path: '/v1/messages/hide-paid',
    access: 'user',
    query: IdsQuery,
    response: PurchasesHiddenResponse,
  }),
  unhidePurchases: endpoint({
    method: 'PATCH',
    path: '/v1/messages/unhide-paid',
    access: 'user',
    query: IdsQuery,
    response: PurchasesHiddenResponse,
  }),

  // payments: packages, card and crypto payments, 3-D Secure, saved cards
  creditPackages: endpoint({
    method: 'GET',
    path: '/v1/credit-packages',
    access: 'public',
    response: CreditPackageList,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/v1/payment',
    access: 'user',
    body: PaymentRequest,
    response: PaymentResponse,
  }),
  cryptoTopUp: endpoint({
    method: 'POST',
    path: '/v1/payment/crypto',
    access: 'user',
    body: CryptoTopUpRequest,
    response: CryptoTopUpResponse,
  }),
  /**
   * The sandbox provider's 3-D Secure page (HTML) and its form's answer (a redirect to the web
   * app's /3ds-callback). The browser arrives by link, so the token in the query is the access.
   */
  threeDsPage: endpoint({
    method: 'GET',
    path: '/v1/payment/3ds/:id',
    access: 'public',
    transport: 'file',
    params: IdParams,
    query: ThreeDsQuery,
  }),
  threeDsAnswer: endpoint({
    method: 'POST',
    path: '/v1/payment/3ds/:id',
    access: 'public',
    transport: 'file',
    params: IdParams,
    query: ThreeDsAnswerQuery,
  }),
  listCards: endpoint({ method: 'GET', path: '/v1/cc', access: 'user', response: SavedCardList }),
  deleteCard: endpoint({
    method: 'DELETE',
    path: '/v1/cc',
    access: 'user',
    query: DeleteCardQuery,
    response: SavedCardList,
  }),

  // tips and subscriptions
  sendTip: endpoint({
    method: 'POST',
    path: '/v1/tips',
    access: 'user',
    body: TipRequest,
    response: TipResponse,
  }),

  listSubscriptions: endpoint({
    method: 'GET',
    path: '/v1/subscriptions',
    access: 'user',
    query: SubscriptionsQuery,
    response: SubscriptionList,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/v1/subscriptions',
    access: 'user',
    body: SubscribeRequest,
    response: SubscribeResponse,
  }),
  cancelSubscriptions: endpoint({
    method: 'DELETE',
    path: '/v1/subscriptions',
    access: 'user',
    query: CancelSubscriptionsQuery,
    response: CancelSubscriptionsResponse,
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
  generatedAvatar: endpoint({
    method: 'GET',
    path: '/v1/avatars/:file',
    access: 'public',
    transport: 'file',
    params: GeneratedAvatarParams,
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
