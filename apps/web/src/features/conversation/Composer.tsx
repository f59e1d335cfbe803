import { type Chat, ERRORS, endpoints, MESSAGE_MAX_LENGTH, plural, type SavedReply } from '@parlor/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { sendRealtime } from '../../platform/socket';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { IconButton } from '../../ui/IconButton';
import { AlertIcon, CloseIcon, SendIcon } from '../../ui/icons';
import { LinkButton } from '../../ui/LinkButton';
import { selectUser } from '../auth/authSlice';
import { chatsAction } from '../chats/inboxThunks';
import { AttachButton } from '../media/AttachButton';
import { sendMedia } from '../media/mediaSends';
import { GET_CREDITS_PATH } from '../payments/purchase';
import { useSpendConfirm } from '../payments/spendConfirm';
import { selectProviderConfig } from '../provider/providerConfigSlice';
import { ReplyAttachment } from '../saved-replies/ReplyAttachment';
import { type DraftAttachment, draftOfReply } from '../saved-replies/savedReplyModel';
import { useSlashReplies } from '../saved-replies/useSlashReplies';
import { chromeFor } from '../shell/nav';
import { seatAllows, seatHas } from '../team/seatAccess';
import styles from './Composer.module.css';
import { readDraft, writeDraft } from './composerDraft';
import { replyCanceled } from './conversationActions';
import { selectConversation } from './conversationSelectors';
import { conversationPath } from './conversationThunks';
import { sendMessage } from './outbox';
import { PAYMENT_WARNING, textWarnings, WARNING_TEXT } from './textWarnings';
import { createTypingSignal } from './typingSignal';

/** The send box: warnings before sending, the forced states, and the typing signal. */
export function Composer({ otherUserId, chat }: { otherUserId: string; chat: Chat }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const config = useAppSelector(selectProviderConfig);
  const { flags, mediaBlockedByOther, replyTo } = useAppSelector((s) => selectConversation(s, otherUserId));
  // What was typed survives a reload (and the leave-page prompt of an upload): a draft per chat.
  const [text, setText] = useState(() => readDraft(me?._id, otherUserId));
  useEffect(() => writeDraft(me?._id, otherUserId, text), [me?._id, otherUserId, text]);
  /** The text held back by the payment warning, until the user sends it anyway or edits it. */
  const [held, setHeld] = useState<string | null>(null);
  /** A saved reply's photo or video with its price, sent with the text as one message. */
  const [attachment, setAttachment] = useState<DraftAttachment | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const warningId = useId();
  const name = chat.other_user.username;
  const creator = me?.type === 'featured';
  // A team seat prices a message only with the `paid` permission, as the attach sheet does.
  const canCharge = creator && seatHas(me, 'paid');

  const typing = useMemo(
    () => createTypingSignal((state) => sendRealtime('typing', { chat_id: chat.chat_id, state })),
    [chat.chat_id],
  );
  useEffect(() => () => typing.stop(), [typing]);

  const warnings = useMemo(() => textWarnings(text, config), [text, config]);
  // The other side's block ended the chat for me; my own block I can lift.
  const ended = !chat.is_blocked && (chat.is_blocked_by_other || flags.ended);
  const blocked = chat.is_blocked || chat.is_blocked_by_other || flags.blocked || flags.ended;
  // A frozen account may write to support only: every other chat is shut before a send is tried.
  const frozen = flags.frozen || (!!me?.frozen && !chat.is_staff);
  const disabled = blocked || frozen || flags.closed;
  const rate = me?.type === 'user' && chat.credit_rate > 0 ? chat.credit_rate : 0;

  // `/` at the start offers the saved replies: a creator's, or a seat's with chats.
  const usable = useCallback((reply: SavedReply) => reply.price === 0 || canCharge, [canCharge]);
  const slash = useSlashReplies({
    text,
    enabled: creator && seatAllows(me, 'listSavedReplies') && !disabled,
    usable,
    onChoose: (reply) => {
      const draft = draftOfReply(reply, {
        fan: name,
        me: me?.username ?? '',
        canCharge,
        mediaBlocked: mediaBlockedByOther,
      });
      setText(draft.text);
      typing.input(draft.text);
      setAttachment(draft.attachment);
      inputRef.current?.focus();
    },
  });

  const { confirmSpend, dialog } = useSpendConfirm();
  const send = async (body: string) => {
    // A per-message rate is a spend each time: above the fan's own amount it asks first.
    if (rate > 0 && !(await confirmSpend({ amount: rate, what: `a message to ${name}` }))) return;
    typing.stop();
    setText('');
    // With a saved reply's media it goes as a vault photo or video with its caption and price,
    // through the same send as one chosen with the attach button.
    if (attachment) {
      void dispatch(
        sendMedia(
          otherUserId,
          { kind: 'vault', media: attachment.media },
          { price: attachment.price, selfDestruct: false, text: body },
        ),
      );
      setAttachment(null);
    } else void dispatch(sendMessage(otherUserId, body, replyTo));
    inputRef.current?.focus();
  };
  const submit = () => {
    const body = text.trim();
    if ((!body && !attachment) || disabled) return;
    // Talk of paying off the platform is asked about first; sending anyway is recorded for moderation.
    if (warnings.some((w) => w.kind === 'payment')) {
      setHeld(body);
      return;
    }
    void send(body);
  };
  const sendAnyway = () => {
    if (held === null) return;
    setHeld(null);
    // The record is for moderation: a failure of it does not hold the message back.
    void call(endpoints.messageWarned, { body: { chat_id: chat.chat_id } }).catch(() => undefined);
    void send(held);
  };
  const replyName = replyTo ? (replyTo.sender_id === me?._id ? 'yourself' : name) : '';

  return (
    <div className={styles.composerArea}>
      {blocked && (
        <p className={styles.notice} role="status">
          <AlertIcon size={18} />
          <span>
            {chat.is_blocked
              ? `You blocked ${name}. Unblock them to send messages.`
              : ended
                ? ERRORS.userEndedChat
                : ERRORS.blocked}
          </span>
          {chat.is_blocked && (
            <LinkButton onClick={() => dispatch(chatsAction({ action: 'unblock', ids: [otherUserId] }))}>
              Unblock
            </LinkButton>
          )}
        </p>
      )}
      {flags.closed && !blocked && (
        <p className={styles.notice} role="status">
          <AlertIcon size={18} />
          <span>{ERRORS.chatClosed}</span>
        </p>
      )}
      {frozen && (
        <p className={styles.notice} role="status">
          <AlertIcon size={18} />
          <span>Your account is frozen. Messages can't be sent until support unfreezes it.</span>
        </p>
      )}
      {flags.noCredits && (
        <p className={styles.notice} role="status">
          <AlertIcon size={18} />
          <span>You're out of credits for this chat.</span>
          {/* An admin's chrome has no credits to buy (shell/nav.ts chromeFor). */}
          {chromeFor(me).kind !== 'admin' && (
            <Link to={GET_CREDITS_PATH} state={{ backTo: conversationPath(otherUserId) }}>
              Buy credits
            </Link>
          )}
        </p>
      )}
      {mediaBlockedByOther && !disabled && (
        <p className={styles.notice} role="status">
          <AlertIcon size={18} />
          <span>{name}'s privacy settings prevent media. You can still send text.</span>
        </p>
      )}
      {warnings.length > 0 && !disabled && (
        <ul id={warningId} className={styles.warnings} aria-live="polite">
          {warnings.map((w) => (
            <li key={w.kind} className={w.kind === 'greeting' ? styles.tipLine : styles.warningLine}>
              {WARNING_TEXT[w.kind](w.match)}
            </li>
          ))}
        </ul>
      )}
      {replyTo && !disabled && (
        <div className={styles.replyBar} data-testid="reply-bar">
          <div className={styles.replyText}>
            <span className={styles.replyName}>Replying to {replyName}</span>
            <span className={styles.replyQuote}>{replyTo.text ?? 'Message'}</span>
          </div>
          <IconButton
            aria-label="Cancel reply"
            onClick={() => {
              dispatch(replyCanceled({ otherUserId }));
              inputRef.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </IconButton>
        </div>
      )}
      {dialog}
      {held !== null && (
        <Dialog
          title={PAYMENT_WARNING.title}
          onClose={() => setHeld(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setHeld(null)}>
                {PAYMENT_WARNING.edit}
              </Button>
              <Button onClick={sendAnyway}>{PAYMENT_WARNING.send}</Button>
            </>
          }
        >
          <p>{PAYMENT_WARNING.text}</p>
        </Dialog>
      )}
      {attachment && !disabled && (
        <ReplyAttachment attachment={attachment} onRemove={() => setAttachment(null)} />
      )}
      {slash.popup}
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <AttachButton otherUserId={otherUserId} disabled={disabled || mediaBlockedByOther} />
        <label className="visually-hidden" htmlFor={`${warningId}-input`}>
          Message {name}
        </label>
        <textarea
          id={`${warningId}-input`}
          ref={inputRef}
          className={styles.input}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          placeholder={disabled ? 'Messaging is unavailable' : `Message ${name}`}
          aria-describedby={warnings.length > 0 ? warningId : undefined}
          {...slash.inputProps}
          onChange={(event) => {
            setText(event.target.value);
            typing.input(event.target.value);
          }}
          onBlur={() => typing.stop()}
          onKeyDown={(event) => {
            // The saved replies' popup takes its keys first (Up, Down, Enter, Escape).
            if (slash.onKeyDown(event)) return;
            // Enter sends; Shift+Enter starts a new line (and IME composition is left alone).
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={disabled || (!text.trim() && !attachment)}
          aria-label={
            attachment && attachment.price > 0 ? `Send for ${plural(attachment.price, 'credit')}` : 'Send'
          }
        >
          <SendIcon size={20} />
        </button>
      </form>
      {rate > 0 && (
        <p className={styles.rate}>
          Each message costs {rate} credits · you have {me?.credits ?? 0}
        </p>
      )}
    </div>
  );
}
