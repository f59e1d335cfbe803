import {
  type AdminAmlCheck,
  type AdminIdVerification,
  type AdminReport,
  type AdminUser,
  endpoints,
  type IdDocument,
} from '@parlor/contract';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { apiBaseUrl, call, toErrorInfo } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { ScrollRow } from '../../ui/ScrollRow';
import { TextAreaField } from '../../ui/TextAreaField';
import styles from './AdminConsole.module.css';
import { AuditTab } from './AuditTab';
import { ADMIN_TABS, type AdminTab, tabCount, tabOf, when } from './adminModel';
import { ListFrame, page } from './ListFrame';
import { PlatformNoticeCard } from './PlatformNoticeCard';
import { RefreshCounts, useQueueCounts, useRefreshCounts } from './queueCounts';
import { UserPanel } from './UserPanel';
import { usePaged } from './usePaged';

function ApplicationsTab() {
  const list = usePaged((offset) => call(endpoints.adminQueueApplications, page(offset)), 'applications');
  return (
    <ListFrame list={list} empty="No applications are waiting.">
      {(items) =>
        items.map((a) => (
          <article key={a.user._id} className={styles.item} aria-label={`Application of ${a.user.username}`}>
            <header className={styles.itemHead}>
              <span>Applied {when(a.created_at)}</span>
            </header>
            {a.message && <blockquote className={styles.quote}>{a.message}</blockquote>}
            <UserPanel user={a.user} onChanged={list.reload} only={['approve-enquiry', 'reject-enquiry']} />
          </article>
        ))
      }
    </ListFrame>
  );
}

function DocumentImage({ doc, label }: { doc: IdDocument | null; label: string }) {
  return (
    <figure className={styles.doc}>
      {doc ? (
        <a href={`${apiBaseUrl()}${doc.url}`} target="_blank" rel="noreferrer">
          <img src={`${apiBaseUrl()}${doc.url}`} alt={label} />
        </a>
      ) : (
        <div className={styles.docMissing}>Not uploaded</div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function IdChecksTab() {
  const list = usePaged((offset) => call(endpoints.adminQueueIdVerifications, page(offset)), 'id');
  return (
    <ListFrame list={list} empty="No ID documents are waiting for review.">
      {(items: AdminIdVerification[]) =>
        items.map((v) => (
          <article key={v.user._id} className={styles.item} aria-label={`ID check of ${v.user.username}`}>
            <header className={styles.itemHead}>
              <span>{v.submitted_at ? `Submitted ${when(v.submitted_at)}` : 'Submitted'}</span>
            </header>
            <div className={styles.docs}>
              <DocumentImage doc={v.id} label="Photo of the ID" />
              <DocumentImage doc={v.selfie} label="Selfie" />
            </div>
            <UserPanel
              user={v.user}
              onChanged={list.reload}
              only={['approve-id', 'retake-id', 'reject-id']}
            />
          </article>
        ))
      }
    </ListFrame>
  );
}

function ReportsTab() {
  const list = usePaged((offset) => call(endpoints.adminQueueReports, page(offset)), 'reports');
  return (
    <ListFrame list={list} empty="No open reports.">
      {(items: AdminReport[]) =>
        items.map((r) => (
          <article key={r._id} className={styles.item} aria-label={`Report on ${r.reported.username}`}>
            <header className={styles.itemHead}>
              <span>
                <strong>@{r.reporter.username}</strong> reported <strong>@{r.reported.username}</strong>
              </span>
              <span>{when(r.created_at)}</span>
            </header>
            {r.reason && <blockquote className={styles.quote}>Reason: {r.reason}</blockquote>}
            <section className={styles.context} aria-label="Chat context">
              <h3>Recent messages in their chat</h3>
              {r.context.length === 0 ? (
                <p className={styles.empty}>They have no messages together.</p>
              ) : (
                <ol>
                  {r.context.map((m) => (
                    <li key={m._id} data-side={m.sender_id === r.reported._id ? 'reported' : 'reporter'}>
                      <span className={styles.sender}>
                        @{m.sender_id === r.reported._id ? r.reported.username : r.reporter.username}
                      </span>
                      <span className={styles.text}>
                        {m.type === 'text' ? m.text : `[${m.type}${m.price ? `, ${m.price} credits` : ''}]`}
                        {m.type !== 'text' && m.text ? ` ${m.text}` : ''}
                      </span>
                      <time className={styles.time}>{when(m.created_at)}</time>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <UserPanel user={r.reported} onChanged={list.reload} />
          </article>
        ))
      }
    </ListFrame>
  );
}

/** A payout or AML decision: asked first, a rejection may carry a reason. */
function DecisionButton({
  label,
  danger,
  withReason,
  run,
}: {
  label: string;
  danger?: boolean;
  withReason?: boolean;
  run: (reason: string | undefined) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refreshCounts = useRefreshCounts();
  async function go() {
    setBusy(true);
    try {
      await run(reason.trim() || undefined);
      refreshCounts();
      setOpen(false);
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
    setBusy(false);
  }
  return (
    <>
      <Button size="small" variant={danger ? 'danger' : 'primary'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Dialog
          title={label}
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button variant={danger ? 'danger' : 'primary'} onClick={go} loading={busy}>
                {label}
              </Button>
            </>
          }
        >
          <div className={styles.dialogBody}>
            <p>{label}? This cannot be undone.</p>
            {withReason && (
              <TextAreaField
                label="Reason (optional)"
                value={reason}
                maxLength={500}
                rows={3}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
            <FormAlert message={error} />
          </div>
        </Dialog>
      )}
    </>
  );
}

function PayoutsTab() {
  const list = usePaged((offset) => call(endpoints.adminQueuePayouts, page(offset)), 'payouts');
  const decide = (id: string, action: 'complete' | 'reject') => async (reason: string | undefined) => {
    await call(endpoints.adminPayoutAction, { params: { id }, body: { action, reason } });
    list.reload();
  };
  return (
    <ListFrame list={list} empty="No payouts are waiting.">
      {(items) => (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Creator</th>
                <th>Amount</th>
                <th>Method</th>
                <th>Details</th>
                <th>Asked</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p._id}>
                  <td data-label="Creator">@{p.user.username}</td>
                  <td data-label="Amount" className={styles.num}>
                    ${p.amount_usd}
                  </td>
                  <td data-label="Method">{p.method.replace('_transfer', '')}</td>
                  <td data-label="Details" className={styles.mono}>
                    {p.payout_details ?? '—'}
                  </td>
                  <td data-label="Asked">{when(p.created_at)}</td>
                  <td className={styles.rowActions}>
                    <DecisionButton label="Complete payout" run={decide(p._id, 'complete')} />
                    <DecisionButton label="Reject payout" danger withReason run={decide(p._id, 'reject')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListFrame>
  );
}

function AmlTab() {
  const list = usePaged((offset) => call(endpoints.adminQueueAml, page(offset)), 'aml');
  const decide = (id: string, action: 'approve' | 'reject') => async () => {
    await call(endpoints.adminAmlAction, { params: { id }, body: { action } });
    list.reload();
  };
  return (
    <ListFrame list={list} empty="No AML checks are waiting.">
      {(items: AdminAmlCheck[]) =>
        items.map((a) => (
          <article key={a.user._id} className={styles.item} aria-label={`AML check of ${a.user.username}`}>
            <header className={styles.itemHead}>
              <span>
                <strong>@{a.user.username}</strong> · {a.user.email}
              </span>
              <span>Submitted {when(a.submitted_at)}</span>
            </header>
            <dl className={styles.facts}>
              <dt>Full name</dt>
              <dd>{a.full_name}</dd>
              <dt>Born</dt>
              <dd>{a.date_of_birth}</dd>
              <dt>Address</dt>
              <dd>
                {a.address}, {a.postal_code} {a.city}, {a.country}
              </dd>
            </dl>
            <div className={styles.actions}>
              <DecisionButton label="Approve AML check" run={decide(a.user._id, 'approve')} />
              <DecisionButton label="Reject AML check" danger run={decide(a.user._id, 'reject')} />
            </div>
          </article>
        ))
      }
    </ListFrame>
  );
}

function UsersTab() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = usePaged((offset) => call(endpoints.adminUsers, { query: { q, offset } }), `users:${q}`);
  const [changed, setChanged] = useState<Record<string, AdminUser>>({});
  return (
    <>
      <form
        className={styles.search}
        onSubmit={(e) => {
          e.preventDefault();
          setChanged({});
          setQ(draft.trim());
        }}
      >
        <input
          type="search"
          aria-label="Search users"
          placeholder="Username, email or id"
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <ListFrame list={list} empty="No account matches.">
        {(items: AdminUser[]) =>
          items.map((u) => {
            const user = changed[u._id] ?? u;
            return (
              <article key={u._id} className={styles.item} aria-label={`Account ${u.username}`}>
                <UserPanel
                  user={user}
                  onChanged={(next) => setChanged((c) => ({ ...c, [next._id]: next }))}
                />
              </article>
            );
          })
        }
      </ListFrame>
    </>
  );
}

/** A queue's open items beside its name; an empty queue's zero is muted. */
function TabCount({ count }: { count: string | null }) {
  if (count === null) return null;
  return (
    <span className={styles.tabCount} data-empty={count === '0' || undefined}>
      {count}
    </span>
  );
}

const TABS: Record<AdminTab, () => ReactNode> = {
  applications: ApplicationsTab,
  'id-verifications': IdChecksTab,
  reports: ReportsTab,
  payouts: PayoutsTab,
  aml: AmlTab,
  users: UsersTab,
  audit: AuditTab,
};

/** /admin: the moderation console of the admin role (docs/moderation.md). */
export function AdminConsole() {
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  const Tab = TABS[tab];
  const { counts, refresh } = useQueueCounts();
  return (
    <div className={styles.console}>
      <header className={styles.top}>
        <div>
          <h1 className={styles.title}>Moderation</h1>
          <p className={styles.subtitle}>Queues to work through, accounts, and who did what.</p>
        </div>
      </header>
      <PlatformNoticeCard />
      <nav aria-label="Moderation sections">
        <ScrollRow className={styles.tabs} activeKey={tab}>
          {ADMIN_TABS.map((t) => (
            <Link
              key={t.key}
              to={`/admin/${t.key}`}
              className={styles.tab}
              aria-current={t.key === tab ? 'page' : undefined}
            >
              {t.label} <TabCount count={tabCount(counts, t.key)} />
            </Link>
          ))}
        </ScrollRow>
      </nav>
      <section className={styles.panel} aria-label={ADMIN_TABS.find((t) => t.key === tab)?.label}>
        <RefreshCounts value={refresh}>
          <Tab key={tab} />
        </RefreshCounts>
      </section>
    </div>
  );
}
