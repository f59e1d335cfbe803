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
} from '../account';
import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  MessageResponse,
  PasswordResetCheckRequest,
  PasswordResetCheckResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
} from '../account-basics';
import { SignInResponse } from '../account-security';
import { BotCheckChallenge } from '../bot-check';
import { endpoint } from '../endpoint';
import { lazySchema } from '../lazy';
import {
  AffiliateVisitRequest,
  AuthResponse,
  ProfileCompleteConfig,
  PublicUser,
  SessionIdParams,
  SessionList,
  SignInRequest,
  SignUpRequest,
  UpdateUserRequest,
  User,
  UserIdParams,
  UsernameAvailableQuery,
  UsernameAvailableResponse,
  UsernameParams,
} from '../users';

/** Signing up and in, sessions, the own account and profile, public profiles, admin actions. */
export const accountEndpoints = {
  // users: sign-up, sign-in, the own user, public profiles
  signUp: endpoint({
    method: 'POST',
    path: '/v1/users/sign',
    access: 'public',
    body: SignUpRequest,
    response: AuthResponse,
    status: 201,
    errors: [409],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/auth',
    access: 'public',
    body: SignInRequest,
    /** A session, or with two-factor sign-in on the challenge of POST /v1/auth/2fa. */
    response: SignInResponse,
    errors: [401, 403],
  }),
  /** An ALTCHA challenge for the sign-in and sign-up forms; 404 while the bot-check is off. */
  botCheckChallenge: endpoint({
    method: 'GET',
    path: '/v1/auth/challenge',
    access: 'public',
    response: BotCheckChallenge,
    errors: [404],
  }),
  signOut: endpoint({ method: 'DELETE', path: '/v1/auth', access: 'user', status: 204 }),
  me: endpoint({ method: 'GET', path: '/v1/users/me', access: 'user', response: User }),
  listSessions: endpoint({
    method: 'GET',
    path: '/v1/users/sessions',
    access: 'user',
    response: SessionList,
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/v1/users/sessions/:id',
    access: 'user',
    params: SessionIdParams,
    status: 204,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/v1/users/:id',
    access: 'user',
    params: UserIdParams,
    body: UpdateUserRequest,
    response: User,
    errors: [409],
  }),
  usernameAvailable: endpoint({
    method: 'GET',
    path: '/v1/username-available',
    access: 'optional',
    query: UsernameAvailableQuery,
    response: UsernameAvailableResponse,
  }),
  /** The creator whose referral link the account signed up through; 404 when none (or gone). */
  affiliate: endpoint({
    method: 'GET',
    path: '/v1/users/me/affiliate',
    access: 'user',
    response: PublicUser,
    errors: [404],
  }),
  /**
   * The fan opened this creator's page: her first visit to her own affiliate is recorded (the
   * welcome ends, `profile_complete_config` is sent); any other creator changes nothing.
   */
  affiliateVisit: endpoint({
    method: 'POST',
    path: '/v1/users/affiliate-visit',
    access: 'user',
    body: AffiliateVisitRequest,
    response: ProfileCompleteConfig,
  }),
  publicProfile: endpoint({
    method: 'GET',
    path: '/v1/users/:username',
    access: 'optional',
    params: UsernameParams,
    response: PublicUser,
    errors: [451],
  }),

  // account: verification codes, payout defaults, greeting, tags, deletion, avatar
  resendVerification: endpoint({
    method: 'POST',
    path: '/v1/users/resend-verify',
    access: 'user',
    body: ResendVerifyRequest,
    response: CodeSentResponse,
    errors: [409],
  }),
  changeVerifyEmail: endpoint({
    method: 'POST',
    path: '/v1/users/change-verify-email',
    access: 'user',
    body: ChangeVerifyEmailRequest,
    response: CodeSentResponse,
    errors: [409],
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/v1/users/verify-email',
    access: 'user',
    body: VerifyEmailRequest,
    response: VerifyEmailResponse,
    errors: [410],
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
    errors: [409],
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
    errors: [422],
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
    errors: [406, 507],
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
    errors: [409],
  }),
  dismissWarning: endpoint({ method: 'DELETE', path: '/v1/users/warning', access: 'user', response: User }),
  scheduleDeletion: endpoint({
    method: 'POST',
    path: '/v1/users/deletion',
    access: 'user',
    body: ScheduleDeletionRequest,
    response: DeletionResponse,
    errors: [409],
  }),
  cancelDeletion: endpoint({
    method: 'DELETE',
    path: '/v1/users/deletion',
    access: 'user',
    response: DeletionResponse,
    errors: [409],
  }),

  // account basics: password reset by link, change password, the own data export
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/v1/auth/password-reset',
    access: 'public',
    body: PasswordResetRequest,
    response: MessageResponse,
    status: 202,
  }),
  /** Whether a reset link still works, without using it: 400 or 410 as the confirmation answers. */
  checkPasswordReset: endpoint({
    method: 'POST',
    path: '/v1/auth/password-reset/check',
    access: 'public',
    body: PasswordResetCheckRequest,
    response: PasswordResetCheckResponse,
    errors: [410],
  }),
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: '/v1/auth/password-reset/confirm',
    access: 'public',
    body: PasswordResetConfirmRequest,
    response: MessageResponse,
    errors: [410],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/v1/users/password',
    access: 'user',
    body: ChangePasswordRequest,
    response: ChangePasswordResponse,
  }),
  /** A ZIP of data.json and CSV files (DATA_EXPORT_FILES), streamed; once per DATA_EXPORT_COOLDOWN_MS. */
  exportData: endpoint({
    method: 'GET',
    path: '/v1/users/export',
    access: 'user',
    transport: 'file',
    errors: [429],
  }),

  // admin
  adminUserAction: endpoint({
    method: 'POST',
    path: '/v1/admin/users/:id/:action',
    access: 'admin',
    params: lazySchema(() => z.object({ id: z.string().max(64), action: AdminUserAction })),
    body: AdminActionRequest,
    response: AdminActionResponse,
  }),
} as const;
