// The spec's exact wording. Grep for a message: it appears here once.

/** Common validators. */
export const VALIDATION = {
  required: 'Required field cannot be blank',
  passwordsMatch: "Passwords don't match",
  fieldsMatch: 'Please make sure both input fields match',
  email: 'Email is invalid',
  phone: 'Phone number is invalid',
  min3: 'Must be at least 3 characters',
  password: 'Password must be at least 6 characters',
  handleChars: 'Must only contain letters, numbers, underscores or periods.',
  cardExpired: 'Credit / debit card expired',
  name: 'Names should not contain numbers.',
} as const;

/** Username rules. */
export const USERNAME = {
  required: 'Username is required',
  min: 'Username should contain at least 3 characters',
  max: 'Username cannot exceed 30 characters',
  chars: 'Usernames can only contain letters, numbers and hyphens',
  start: 'Usernames must start with letters or numbers',
  end: 'Usernames must end with letters or numbers',
} as const;

/** Media file checks. `{type}` is replaced by the file's type. */
export const MEDIA = {
  photoNotAllowed: 'Photos are not allowed here. Please choose a video instead.',
  videoNotAllowed: 'Videos are not allowed here. Please choose a photo instead.',
  unsupported:
    'Sorry, we cannot process this type of file ({type}). Please choose different file type and try again.',
  imageTooLarge:
    'This photo is too large. Please use a smaller photo or set lower camera quality in your camera settings.',
  videoTooLarge:
    'This video is too large. Please use a smaller video or set lower video quality in your camera settings.',
  empty:
    'This file seems to be corrupted (0 bytes). Please try different file or try using different browser.',
  videoTooLong: 'Maximum video length is one minute, please choose a shorter video.',
  imageLoadError: 'There was an error processing this image. Please try again later.',
  /** Bytes that claim to be a picture but do not decode (a cut-off or corrupted file): retrying cannot help. */
  imageDamaged: 'This image is damaged and cannot be opened. Please choose a different file.',
  videoLoadError: 'There was an error processing this video. Please try again later.',
  uploadErrorTitle: 'Upload error',
  uploadFailed: 'This file failed to upload. Please check your network connection and try again.',
} as const;

/** Error messages, worded exactly as the client shows them. */
export const ERRORS = {
  default: 'Something went wrong. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  nonJson: 'Non JSON response',
  unauthorized: 'Unauthorized',
  wrongLogin: 'Wrong username or password.',
  invalidJson: 'Invalid JSON body.',
  invalidJsonEncoding: 'Invalid JSON body: unknown encoding.',
  invalidJsonSurrogate: 'Invalid JSON body: single unpaired surrogate.',
  invalidText: 'Text contains characters that cannot be stored.',
  bodyTooLarge: 'Request body is too large.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  /** 503: the database (or another server a request needs) cannot be reached for a moment. */
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  notFound: 'Not found',
  forbidden: 'You are not allowed to do this.',
  chatClosed: 'Chat was closed',
  userEndedChat: 'Sorry, this user has ended the chat.',
  notInCountry: 'Sorry this creator not available in your country',
  accountGone: 'Sorry, this account no longer exists.',
  frozen: 'Your account has been temporarily frozen. Please respond to your chat with Parlor support.',
  frozenWithManager:
    'Your account has been temporarily frozen. Please respond to your chat with Parlor support or your account manager.',
  noCredits: 'You have no credits.',
  alreadyPurchased: 'Message was already purchased.',
  balanceTooLow: 'Balance too low.',
  payeeAwaitingModeration: 'This creator cannot receive payments yet.',
  awaitingModeration: 'Your profile is waiting for approval. You can message fans once it is approved.',
  mediaBlocked: 'Sending media blocked.',
  /** 403: a fan's upload or message with a price (only creators sell content). */
  paidCreatorsOnly: 'Only creators can send paid messages.',
  /** 403: a fan tries to post to the feed. */
  feedCreatorsOnly: 'Only creators can post to the feed.',
  /** 404: the post does not exist, was deleted, or (editing) is someone else's. */
  postNotFound: 'Post not found',
  /** 400: a post with neither text nor media. */
  emptyPost: 'Write something or choose a photo or a video to post.',
  /** 403: buying a private post without subscribing to its creator. */
  subscribeToSeePost: 'Subscribe to this creator to see this post.',
  /** 413: the upload does not fit in what is left of the account's storage quota. */
  storageFull:
    'Your storage is full: this file needs more room than you have left. Remove photos or videos you no longer need from your vault, or choose a smaller file.',
  /** The server's own disk is full (not the account's quota): nothing of the request was kept. */
  serverStorageFull: 'The server is out of storage space. Please try again later.',
  freeChatLimit:
    'You have hit your maximum amount of free chats, buy a credit package to unlock unlimited free chats.',
  purchaseRequired: 'You need to buy a credit package to access chats with this member.',
  linkExpired: 'This link has expired, links only last 1 hour.',
  suspended: 'Your account has been temporarily suspended for violating the rules.',
  emailNotValid: 'Email is not a valid email address.',
  cancelSubscriptionsFirst: 'You cannot delete any more content until you cancel your subscriptions.',
  subscriptionsActive: 'You cannot delete any more content until your active subscriptions have ended.',
  chatNotFound: 'Chat not found',
  ownChat: 'Can not create chat with your own user.',
  cannotCreateChat: "Sorry, you can't create a chat with this user right now",
  messageSelf: "You can't send message to yourself",
  cannotDeleteMessage: 'You can not delete this message.',
  userNotFound: 'User Cannot Be Found Or Does Not Exist',
  usernameTooLong: 'Usernames Cannot Be More Than 30 Characters',
  usernameTaken: 'This Username Has Already Been Taken',
  emailTaken: 'This email address is already registered.',
  exclusiveInBio: 'Sorry, you cannot mention exclusive content in your title/bio',
  payoutCountrySet: 'Unable to update payout country. Payout country already set.',
  blocked: 'Sorry this action is not available because of user or model block',
  applicationRejected: "Sorry. Your application was rejected. You can't apply again",
  wrongCode: 'Wrong code. Please try again.',
} as const;

export const SUCCESS = {
  emailSent: 'Email sent successfully!',
  emailVerified: 'Email verified successfully!',
  notificationsTitle: 'Notifications enabled',
  notificationsBody: 'Thank you for enabling notifications!',
} as const;

/** Fixed texts of screens and popups. */
export const TEXTS = {
  unbanClearing: 'Clearing token...',
  unbanDone: 'You have been successfully unbanned.',
  unbanRedirect: (seconds: number) => `Redirecting in ${seconds} seconds`,
  accountVerifiedTitle: 'ACCOUNT VERIFIED!',
  accountVerifiedText: 'Congratulations! Your account has been verified.',
  accountFrozenTitle: 'Your account is frozen',
} as const;

/** Banner titles by banner kind; kinds without a fixed title are absent. */
export const BANNER_TITLES = {
  GetMoreChats: 'Get more chats now!',
  BoostActive: 'Profile BOOST Active!',
  WarningInvisibleUploadPhoto: 'WARNING - Your profile is invisible!',
  WarningInvisibleFeaturedDisabled: 'WARNING - Your profile is invisible!',
  CompleteProfile: 'Complete Your Profile',
  VerifyEmailAddress: 'Verify Your Email Address',
  VerifyEmailAddressUsingCode: 'Verify Your Email Address',
  BoostVisibility: 'Boost your profiles visibility!',
} as const;
