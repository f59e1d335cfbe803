// Every product constant (page sizes, timeouts, limits) lives here once; server and web import it.

export const CHAT_PAGE_SIZE = 20;
/** Payouts, referrals, broadcast, feed, subscriptions, paid messages, vault media. */
export const LIST_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 50;

// Layout
export const IMAGE_WIDTHS = [320, 600, 1080, 1440] as const;
export const DESKTOP_MIN_WIDTH = 640;
export const LAYOUTS = ['default', 'compact'] as const;
export const SPINNER_SIZES = [20, 25, 50, 75] as const;
export const SPINNER_STYLES = ['ios', 'circular'] as const;

export const UNBAN_COUNTDOWN_S = 5;
export const LOGOUT_REDIRECT_MS = 200;
export const DEBOUNCE_MS = 2_000;
export const LAZY_RETRY_MS = 1_000;
/** A screen's code that has not arrived after this long counts as failed (a chunk-load error). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PING_INTERVAL_MS = 30_000;
export const PONG_TIMEOUT_MS = 2_000;
/** Reconnect waits this times the attempt number. */
export const RECONNECT_DELAY_MS = 1_000;
export const DISCONNECT_INDICATOR_DELAY_MS = 5_000;
export const TYPING_TIMEOUT_MS = 10_000;
export const WS_NORMAL_CLOSE = 1000;
/** The server closes with this code for a missing or revoked token: sign in again, never reconnect. */
export const WS_UNAUTHORIZED = 4001;
/**
 * The server closes with this code when the socket may have missed events (its fan-out to other
 * processes was away): the client reconnects as after any other drop and refetches what it shows.
 */
export const WS_RESYNC = 4002;

// Relative time
export const RECENT_WINDOW_MS = 10 * 60_000;
export const NEW_WINDOW_MS = 72 * 3_600_000;
export const TIME_FORMAT_TODAY = 'h:mm a';
export const TIME_FORMAT_YEAR = 'DD MMM';
export const TIME_FORMAT_OLDER = "DD MMM 'YY";

// Sending
/** Retries wait this times the attempt number. */
export const SEND_RETRY_DELAY_MS = 1_000;
export const MAX_SANITIZE_RETRIES = 2;
export const MAX_SEND_RETRIES = 4;
/** A client-side message's default creation time is now plus one hour, so it sorts last. */
export const CLIENT_MESSAGE_TIME_OFFSET_MS = 3_600_000;

// Accounts
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const VERIFICATION_CODE_LENGTH = 4;
export const RESEND_COOLDOWN_S = 30;
export const AUTO_CLOSE_COUNTDOWN_S = 5;
export const CODE_LIFETIME_MS = 3_600_000;

// Money
export const CREDIT_TO_DOLLAR = 0.1;
/** Values smaller than this are shown as 0. */
export const NUMBER_EPSILON = 1e-6;

// Media
export const IMAGE_RESIZE_PX = 1440;
export const IMAGE_MAX_MB = { production: 499, nonProduction: 99, nonProductionLarge: 499 } as const;
export const VIDEO_MAX_MB = 499;
/** The spec's video duration limit is "effectively unlimited". */
export const VIDEO_MAX_DURATION_S = Number.POSITIVE_INFINITY;
export const VIDEO_METADATA_TIMEOUT_MS = 5_000;
export const ACCEPTED_VIDEO_TYPES = ['quicktime', 'mp4', 'x-m4v', 'mov', 'flv', 'ogv', 'webm'] as const;

// Storage keys of the web client
export const STORAGE_KEYS = {
  authToken: 'auth-token',
  /** While a team seat's token is the active one, the member's own waits here. */
  ownAuthToken: 'own-auth-token',
  /** The seat's workspace while in one: its creator and the seat's permissions (JSON). */
  seatWorkspace: 'seat-workspace',
  /** A seat that ended under the member (removed, expired): its creator, told once after the reload. */
  seatEnded: 'seat-ended',
  isBanned: 'is-banned',
  discoverGender: 'discover-gender-filter',
} as const;
export const COOKIE_API_BASE = 'custom_api_base_url';
export const COOKIE_WS_BASE = 'custom_ws_base_url';
