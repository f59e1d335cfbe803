import { z } from 'zod';
import { LIST_PAGE_SIZE } from './constants';
import { FeaturedStatus, FeatureFlag, Role, UserType, VerificationStatus } from './enums';
import { lazySchema } from './lazy';
import { MessageType } from './messages';
import { Features } from './users';

// Moderation (docs/moderation.md): creator applications, ID documents and the admin console's API.

export const MODERATION_MESSAGES = {
  alreadyCreator: 'You are already a creator.',
  alreadyApplied: 'Your application is waiting for review.',
  documentsMissing: 'Please upload a photo of your ID and a selfie first.',
  idAlreadyVerified: 'Your ID is already verified.',
  idUnderReview: 'Your ID is being reviewed.',
  idRejected: 'Your ID verification was rejected.',
  documentNotFound: 'Document not found',
  noApplication: 'This account has no pending application.',
  noIdReview: 'This account has no ID documents waiting for review.',
  reasonRequired: 'Please give a reason.',
  messageRequired: 'Please write the message the user will see.',
  cannotActOnSelf: 'You cannot take admin actions on your own account.',
  cannotActOnAdmin: 'Another admin’s account cannot be changed from the console.',
  cannotActOnPlatform: 'The platform’s own account cannot be changed.',
} as const;

/** Why admin actions on an account are refused: it is the acting admin, another admin, or the platform's own. */
export type AdminTargetRefusal = {
  code: 'target_is_self' | 'target_is_admin' | 'target_is_platform';
  message: string;
};

/**
 * Whether an admin may act on this account at all (ban, freeze, flags, queue decisions). The
 * server refuses with this answer and the console shows it instead of the actions, so both agree.
 */
export function adminTargetRefusal(
  target: { id: string; role: string; platform: boolean },
  adminId: string,
): AdminTargetRefusal | null {
  if (target.id === adminId) return { code: 'target_is_self', message: MODERATION_MESSAGES.cannotActOnSelf };
  if (target.platform)
    return { code: 'target_is_platform', message: MODERATION_MESSAGES.cannotActOnPlatform };
  if (target.role === 'admin')
    return { code: 'target_is_admin', message: MODERATION_MESSAGES.cannotActOnAdmin };
  return null;
}

// --- A fan's side: applying and ID documents ---

export const ApplicationStatus = lazySchema(() => z.enum(['none', 'pending', 'approved', 'rejected']));
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;
export const ApplyRequest = lazySchema(() =>
  z
    .object({ message: z.string().trim().max(1000).optional() })
    .strict()
    .nullish(),
);
export const ApplicationResponse = lazySchema(() =>
  z.object({
    status: ApplicationStatus,
    id_verification_status: VerificationStatus.nullable(),
    created_at: z.string().nullable(),
  }),
);
export type ApplicationResponse = z.infer<typeof ApplicationResponse>;

export const IdDocumentKind = lazySchema(() => z.enum(['id', 'selfie']));
export type IdDocumentKind = z.infer<typeof IdDocumentKind>;
export const IdDocumentParams = lazySchema(() => z.object({ kind: IdDocumentKind }));
/** One uploaded document; `url` is signed for the viewer (its owner or an admin) and expires. */
export const IdDocument = lazySchema(() =>
  z.object({
    _id: z.string(),
    kind: IdDocumentKind,
    url: z.string(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    created_at: z.string(),
  }),
);
export type IdDocument = z.infer<typeof IdDocument>;
export const IdDocuments = lazySchema(() =>
  z.object({
    id: IdDocument.nullable(),
    selfie: IdDocument.nullable(),
    id_verification_status: VerificationStatus.nullable(),
  }),
);
export type IdDocuments = z.infer<typeof IdDocuments>;
export const IdDocumentFileParams = lazySchema(() => z.object({ publicId: z.string().min(1).max(64) }));
export const IdDocumentFileQuery = lazySchema(() =>
  z.object({
    u: z.string().max(64),
    e: z.coerce.number().int().min(0).max(1e11),
    s: z.string().max(128),
  }),
);

// --- The admin console ---

export const AdminPageQuery = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE).default(LIST_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export const AdminUserSearchQuery = lazySchema(() =>
  AdminPageQuery.extend({ q: z.string().trim().max(100).default('') }),
);

/** An account as the console shows it: identity and every moderation state. */
export const AdminUser = lazySchema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    type: UserType,
    role: Role,
    avatar_url: z.string().nullable(),
    created_at: z.string(),
    id_verified: z.boolean(),
    id_verification_status: VerificationStatus.nullable(),
    requires_moderation: z.boolean(),
    discover_status: FeaturedStatus,
    force_discover: z.boolean(),
    punishment_alert: z.boolean(),
    warning_reported: z.boolean(),
    banned: z.boolean(),
    ban_reason: z.string().nullable(),
    frozen: z.boolean(),
    frozen_message: z.string().nullable(),
    application_status: ApplicationStatus,
    open_reports: z.number(),
    /** Texts the account sent anyway after the payment warning. */
    payment_warnings: z.number(),
    /** The platform's own account (fees are credited to it): no admin action applies to it. */
    platform: z.boolean(),
    /** Every feature flag's value for this account: its type's defaults with the admins' settings over them. */
    features: Features,
  }),
);
export type AdminUser = z.infer<typeof AdminUser>;

export const FEATURE_FLAG_MESSAGES = {
  missing: 'Send features: an object of feature flags, each true or false.',
  empty: 'Name at least one feature flag.',
  unknown: (flag: string) => `Unknown feature flag "${flag}".`,
  notBoolean: (flag: string) => `The feature flag "${flag}" must be true or false.`,
} as const;

/**
 * PATCH /v1/admin/users/{id}/features: the flags to set, each true or false; flags not named keep
 * their values. An unknown name or a value that is not a boolean is refused with its name.
 */
export const AdminFeaturesRequest = lazySchema(() =>
  z
    .object({
      features: z
        .record(z.string(), z.unknown(), { error: FEATURE_FLAG_MESSAGES.missing })
        .superRefine((features, ctx) => {
          const known: readonly string[] = FeatureFlag.options;
          const entries = Object.entries(features);
          if (entries.length === 0) ctx.addIssue({ code: 'custom', message: FEATURE_FLAG_MESSAGES.empty });
          for (const [flag, value] of entries) {
            if (!known.includes(flag))
              ctx.addIssue({ code: 'custom', message: FEATURE_FLAG_MESSAGES.unknown(flag), path: [flag] });
            else if (typeof value !== 'boolean')
              ctx.addIssue({ code: 'custom', message: FEATURE_FLAG_MESSAGES.notBoolean(flag), path: [flag] });
          }
        }),
    })
    .strict(),
);
export type AdminFeaturesRequest = z.infer<typeof AdminFeaturesRequest>;
export const AdminUsersPage = lazySchema(() =>
  z.object({ data: z.array(AdminUser), next: z.string().nullable() }),
);

export const AdminApplication = lazySchema(() =>
  z.object({
    user: AdminUser,
    message: z.string().nullable(),
    created_at: z.string(),
  }),
);
export const AdminApplicationsPage = lazySchema(() =>
  z.object({
    data: z.array(AdminApplication),
    next: z.string().nullable(),
  }),
);

export const AdminIdVerification = lazySchema(() =>
  z.object({
    user: AdminUser,
    id: IdDocument.nullable(),
    selfie: IdDocument.nullable(),
    submitted_at: z.string().nullable(),
  }),
);
export type AdminIdVerification = z.infer<typeof AdminIdVerification>;
export const AdminIdVerificationsPage = lazySchema(() =>
  z.object({
    data: z.array(AdminIdVerification),
    next: z.string().nullable(),
  }),
);

/** A message of the reported chat, shown to the admin as the report's context. */
export const ReportContextMessage = lazySchema(() =>
  z.object({
    _id: z.string(),
    sender_id: z.string(),
    type: MessageType,
    text: z.string().nullable(),
    price: z.number(),
    created_at: z.string(),
  }),
);
export const AdminReport = lazySchema(() =>
  z.object({
    _id: z.string(),
    reporter: z.object({ _id: z.string(), username: z.string() }),
    reported: AdminUser,
    reason: z.string().nullable(),
    created_at: z.string(),
    chat_id: z.string().nullable(),
    context: z.array(ReportContextMessage),
  }),
);
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportsPage = lazySchema(() =>
  z.object({ data: z.array(AdminReport), next: z.string().nullable() }),
);

export const AdminAmlCheck = lazySchema(() =>
  z.object({
    user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    full_name: z.string(),
    date_of_birth: z.string(),
    address: z.string(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
    submitted_at: z.string(),
  }),
);
export type AdminAmlCheck = z.infer<typeof AdminAmlCheck>;
export const AdminAmlPage = lazySchema(() =>
  z.object({ data: z.array(AdminAmlCheck), next: z.string().nullable() }),
);

/** How many items wait in each queue of the console: what its tabs show. */
export const AdminQueueCounts = lazySchema(() =>
  z.object({
    applications: z.number().int(),
    id_verifications: z.number().int(),
    reports: z.number().int(),
    payouts: z.number().int(),
    aml: z.number().int(),
  }),
);
export type AdminQueueCounts = z.infer<typeof AdminQueueCounts>;

export const AuditTargetType = lazySchema(() => z.enum(['user', 'payout', 'aml', 'notice']));
export const AdminAuditQuery = lazySchema(() =>
  AdminPageQuery.extend({ target_id: z.string().max(64).optional() }),
);
export const AdminAuditEntry = lazySchema(() =>
  z.object({
    _id: z.string(),
    admin: z.object({ _id: z.string().nullable(), username: z.string().nullable() }),
    action: z.string(),
    target_type: AuditTargetType,
    target_id: z.string(),
    target_username: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  }),
);
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditPage = lazySchema(() =>
  z.object({ data: z.array(AdminAuditEntry), next: z.string().nullable() }),
);
