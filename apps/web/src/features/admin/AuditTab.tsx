import { type AdminAuditEntry, endpoints } from '@parlor/contract';
import { call } from '../../platform/api';
import styles from './AdminConsole.module.css';
import { targetText, when } from './adminModel';
import { ListFrame, page } from './ListFrame';
import { usePaged } from './usePaged';

/** A detail's value in words: the flags an admin set read "tips off, vault on". */
function detailValue(v: unknown): string {
  if (v === null || typeof v !== 'object') return String(v);
  return Object.entries(v)
    .map(([k, on]) => `${k.replace(/_/g, ' ')} ${typeof on === 'boolean' ? (on ? 'on' : 'off') : String(on)}`)
    .join(', ');
}

function detailsText(entry: AdminAuditEntry): string {
  return Object.entries(entry.details)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${detailValue(v)}`)
    .join(' · ');
}

export function AuditTab() {
  const list = usePaged((offset) => call(endpoints.adminAudit, page(offset)), 'audit');
  return (
    <ListFrame list={list} empty="No admin actions yet.">
      {(items) => (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>When</th>
                <th>Admin</th>
                <th>Action</th>
                <th>Target</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e._id}>
                  <td data-label="When" className={styles.nowrap}>
                    {when(e.created_at)}
                  </td>
                  <td data-label="Admin" title={e.admin._id ?? undefined}>
                    {e.admin.username ? `@${e.admin.username}` : (e.admin._id ?? '—')}
                  </td>
                  <td data-label="Action">
                    <span className={styles.actionTag}>{e.action}</span>
                  </td>
                  <td data-label="Target" title={`${e.target_type} ${e.target_id}`}>
                    {targetText(e)}
                  </td>
                  <td data-label="Details" className={styles.details}>
                    {detailsText(e) || '—'}
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
