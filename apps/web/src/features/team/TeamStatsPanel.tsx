import { creditsToDollars, plural, type TeamStatsRow } from '@parlor/contract';
import { useEffect, useState } from 'react';
import { toErrorInfo } from '../../platform/api';
import { Card, CardTitle } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import styles from './TeamScreen.module.css';
import { teamStats } from './teamApi';
import { authorName, defaultRange, formatReplyTime, orderStats, rangeQuery } from './teamModel';

const money = (credits: number) => `$${creditsToDollars(credits)}`;

/** The figures of one author, as the cards and the table both show them. */
function figures(row: TeamStatsRow) {
  return [
    { label: 'Messages', value: String(row.messages_sent) },
    { label: 'Paid sent', value: String(row.paid_sent) },
    { label: 'Paid sold', value: String(row.paid_sold) },
    { label: 'From sales', value: money(row.sales_credits), title: plural(row.sales_credits, 'credit') },
    { label: 'Tips', value: money(row.tips_credits), title: plural(row.tips_credits, 'credit') },
    { label: 'Median reply', value: formatReplyTime(row.median_reply_seconds) },
  ];
}

/**
 * What each author did over a range of days (the last 30 by default): messages, paid messages sent
 * and sold, what sales and tips brought in (credits, shown in dollars), and how fast they answer.
 * Cards on a phone, a table where there is room.
 */
export function TeamStatsPanel() {
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const [rows, setRows] = useState<TeamStatsRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const query = rangeQuery(range.from, range.to);
    if (!query) return;
    let live = true;
    setFailure(null);
    teamStats(query.from, query.to).then(
      (answer) => {
        if (live) setRows(orderStats(answer.data));
      },
      (error: unknown) => {
        if (live) setFailure(toErrorInfo(error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [range]);

  return (
    <Card roomy aria-labelledby="stats-title">
      <CardTitle id="stats-title">Team stats</CardTitle>
      <div className={styles.range}>
        <TextField
          label="From"
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          min={range.from}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
      <FormAlert message={failure} />
      {rows === null && !failure && <Spinner label="Loading figures" />}
      {rows && rows.length === 0 && <p className={styles.muted}>Nothing was written in these days.</p>}
      {rows && rows.length > 0 && (
        <div className={styles.figuresArea}>
          <ul className={styles.statCards} aria-label="Figures by author">
            {rows.map((row) => (
              <li key={row.member?._id ?? 'you'} className={styles.statCard} aria-label={authorName(row)}>
                <p className={styles.name}>{authorName(row)}</p>
                <dl className={styles.figures}>
                  {figures(row).map((f) => (
                    <div key={f.label} className={styles.figure}>
                      <dt>{f.label}</dt>
                      <dd title={f.title}>{f.value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Figures by author</caption>
              <thead>
                <tr>
                  <th scope="col">Author</th>
                  {figures(rows[0]!).map((f) => (
                    <th key={f.label} scope="col">
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.member?._id ?? 'you'}>
                    <th scope="row">{authorName(row)}</th>
                    {figures(row).map((f) => (
                      <td key={f.label} title={f.title}>
                        {f.value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <p className={styles.muted}>
        A sale counts for whoever wrote the paid message; a tip for whoever wrote your last message in that
        chat in the day before it.
      </p>
    </Card>
  );
}
