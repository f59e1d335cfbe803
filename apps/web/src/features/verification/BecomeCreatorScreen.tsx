import {
  type ApplicationResponse,
  endpoints,
  type IdDocument,
  type IdDocumentKind,
  type IdDocuments,
} from '@parlor/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiBaseUrl, call, toErrorInfo, upload } from '../../platform/api';
import { useAppDispatch, useAppSelector } from '../../platform/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { TextAreaField } from '../../ui/TextAreaField';
import { selectUser } from '../auth/authSlice';
import { trackUpload } from '../media/uploadsSlice';
import styles from './BecomeCreatorScreen.module.css';

/** Sends one ID document as multipart. */
function uploadDocument(kind: IdDocumentKind, file: File, signal: AbortSignal): Promise<IdDocument> {
  const form = new FormData();
  form.set('file', file);
  return upload(endpoints.uploadIdDocument, form, { params: { kind }, signal });
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'Upload a photo of your ID and a selfie, then send them for review.',
  retake: 'We could not verify your photos. Please upload new ones and send them again.',
  in_progress: 'Your ID is being reviewed. We will let you know as soon as it is done.',
  verified: 'Your ID is verified.',
  rejected: 'Your ID verification was rejected.',
};

function DocumentSlot({
  kind,
  label,
  noun,
  hint,
  doc,
  disabled,
  onUploaded,
}: {
  kind: IdDocumentKind;
  label: string;
  /** How the button names the document. */
  noun: string;
  hint: string;
  doc: IdDocument | null;
  disabled: boolean;
  onUploaded: (doc: IdDocument) => void;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.slot}>
      <div className={styles.preview}>
        {doc ? <img src={`${apiBaseUrl()}${doc.url}`} alt={label} /> : <span>{hint}</span>}
      </div>
      <label className={styles.pick} data-disabled={disabled || busy || undefined}>
        {busy ? 'Uploading…' : doc ? `Replace ${noun}` : `Upload ${noun}`}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic"
          disabled={disabled || busy}
          aria-label={label}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setBusy(true);
            setError(null);
            const controller = new AbortController();
            try {
              onUploaded(
                await dispatch(
                  trackUpload(
                    'idDocument',
                    () => controller.abort(),
                    () => uploadDocument(kind, file, controller.signal),
                  ),
                ),
              );
            } catch (err) {
              // Stopped by leaving the page: nothing to report.
              if (!controller.signal.aborted) setError(toErrorInfo(err).message);
            }
            setBusy(false);
          }}
        />
      </label>
      <FormAlert message={error} />
    </div>
  );
}

/** /account/become-creator: a fan applies, then sends a photo of their ID and a selfie for review. */
export function BecomeCreatorScreen() {
  const user = useAppSelector(selectUser);
  const [application, setApplication] = useState<ApplicationResponse | null>(null);
  const [docs, setDocs] = useState<IdDocuments | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([call(endpoints.myApplication), call(endpoints.idDocuments)]).then(
      ([a, d]) => {
        setApplication(a);
        setDocs(d);
      },
      (e: unknown) => setError(toErrorInfo(e).message),
    );
  }, []);

  // The live status (an admin's decision arrives as user.update) wins over the first answer.
  const idStatus = user?.id_verification_status ?? docs?.id_verification_status ?? null;

  async function apply() {
    setBusy(true);
    setError(null);
    try {
      setApplication(await call(endpoints.apply, { body: { message: message.trim() || undefined } }));
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
    setBusy(false);
  }

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      setDocs(await call(endpoints.submitIdVerification));
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
    setBusy(false);
  }

  if (!application || !docs) {
    return error ? <FormAlert message={error} /> : <PageSpinner />;
  }
  const isCreator = user?.type === 'featured';
  const mayUpload = idStatus === null || idStatus === 'pending' || idStatus === 'retake';

  return (
    <div className={styles.screen}>
      <Link to="/account" className={styles.back}>
        ‹ Account
      </Link>
      <PageHeader title="Become a creator" subtitle="Earn from chats, paid content and subscriptions." />

      <Card>
        <h2 className={styles.step}>1. Your application</h2>
        {application.status === 'none' && !isCreator && (
          <div className={styles.form}>
            <TextAreaField
              label="Tell us about yourself (optional)"
              value={message}
              rows={3}
              maxLength={1000}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Button onClick={apply} loading={busy}>
              Apply
            </Button>
          </div>
        )}
        {application.status === 'pending' && (
          <p className={styles.status} data-state="pending">
            Application received. An admin reviews it with your ID.
          </p>
        )}
        {(application.status === 'approved' || isCreator) && (
          <p className={styles.status} data-state="done">
            Application approved: you are a creator.
          </p>
        )}
        {application.status === 'rejected' && (
          <p className={styles.status} data-state="rejected">
            Sorry. Your application was rejected. You can't apply again
          </p>
        )}
      </Card>

      {(application.status === 'pending' || application.status === 'approved' || isCreator) && (
        <Card>
          <h2 className={styles.step}>2. Verify your ID</h2>
          <p className={styles.status} data-state={idStatus ?? 'pending'}>
            {STATUS_TEXT[idStatus ?? 'pending']}
          </p>
          {mayUpload && (
            <>
              <div className={styles.slots}>
                <DocumentSlot
                  kind="id"
                  label="Photo of your ID"
                  noun="ID photo"
                  hint="Passport, ID card or driving licence, all four corners visible"
                  doc={docs.id}
                  disabled={busy}
                  onUploaded={(d) => setDocs({ ...docs, id: d })}
                />
                <DocumentSlot
                  kind="selfie"
                  label="Selfie"
                  noun="selfie"
                  hint="Your face, clearly lit, holding the same ID"
                  doc={docs.selfie}
                  disabled={busy}
                  onUploaded={(d) => setDocs({ ...docs, selfie: d })}
                />
              </div>
              <Button onClick={submit} loading={busy} disabled={!docs.id || !docs.selfie}>
                Send for review
              </Button>
            </>
          )}
        </Card>
      )}
      <FormAlert message={error} />
    </div>
  );
}
