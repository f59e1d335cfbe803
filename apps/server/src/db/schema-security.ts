import type { ColumnType, Generated } from 'kysely';

// Table types of account security (migration 0046; schema.ts joins them into DB).
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The columns migration 0046 adds to `users`. */
export interface UsersSecurityColumns {
  /** When TOTP two-factor sign-in was confirmed; NULL: off. */
  totp_enabled_at: NullableTimestamp;
  /** The account's passkeys, kept in the transaction that adds or removes one. */
  passkey_count: Generated<number>;
}

export interface TotpSecretsTable {
  user_id: string;
  /** Sealed with the TOTP key: `iv.tag.data`. */
  secret: string;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface SignInChallengesTable {
  challenge_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: NullableTimestamp;
}

export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  backed_up: boolean;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface WebauthnChallengesTable {
  challenge_hash: string;
  user_id: string | null;
  purpose: 'register' | 'sign_in';
  expires_at: Timestamp;
}

export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface SecurityTables {
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  known_devices: KnownDevicesTable;
}
