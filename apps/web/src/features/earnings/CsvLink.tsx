import styles from './EarningsScreen.module.css';

/** A file the browser builds and saves, no request: a data URL with the CSV. */
export function CsvLink({ csv, name, label }: { csv: string; name: string; label: string }) {
  return (
    <a className={styles.csv} href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`} download={name}>
      {label}
    </a>
  );
}
