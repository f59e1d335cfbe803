import type { Gender } from '@parlor/contract';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import styles from './DiscoverFilters.module.css';
import { type DiscoverFilters as Filters, SEARCH_PAUSE_MS } from './discoverModel';

const GENDER_LABELS: Record<Gender, string> = { female: 'Female', male: 'Male', other: 'Other' };

/** The search box: it asks the server once typing pauses, and follows a search cleared elsewhere. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const sent = useRef(q);
  // The latest callback, so a new one (every render) does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    sent.current = q;
    setText(q);
  }, [q]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      search.current(text);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className={styles.search}>
      <label htmlFor="discover-search" className="visually-hidden">
        Search creators
      </label>
      <SearchIcon size={18} className={styles.searchIcon} />
      <input
        id="discover-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by name, bio or tag"
        maxLength={64}
        autoComplete="off"
      />
    </div>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className={styles.toggle} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

/** Search, then the toggles: featured and nearby, and the genders (any number of them). */
export function DiscoverFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
}) {
  const toggleGender = (g: Gender) =>
    onChange({
      genders: filters.genders.includes(g) ? filters.genders.filter((x) => x !== g) : [...filters.genders, g],
    });
  return (
    <div className={styles.filters}>
      <SearchBox q={filters.q} onSearch={(q) => onChange({ q })} />
      <div className={styles.toggles}>
        <fieldset className={styles.group}>
          <legend className="visually-hidden">Show</legend>
          <Toggle pressed={filters.featured} onClick={() => onChange({ featured: !filters.featured })}>
            Featured
          </Toggle>
          <Toggle pressed={filters.near} onClick={() => onChange({ near: !filters.near })}>
            Nearby
          </Toggle>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className="visually-hidden">Gender</legend>
          {(Object.keys(GENDER_LABELS) as Gender[]).map((g) => (
            <Toggle key={g} pressed={filters.genders.includes(g)} onClick={() => toggleGender(g)}>
              {GENDER_LABELS[g]}
            </Toggle>
          ))}
        </fieldset>
        {filters.code && (
          // The code the visitor came with narrows the list until they ask for everyone.
          <button
            type="button"
            className={`${styles.toggle} ${styles.code}`}
            aria-pressed="true"
            aria-label={`Only creators with the code ${filters.code}: show all creators`}
            onClick={() => onChange({ code: '' })}
          >
            Code {filters.code}
            <CloseIcon size={16} />
          </button>
        )}
      </div>
    </div>
  );
}
