import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { arrivalCode, forgetArrivalCode } from '../../platform/arrivalCode';
import { readStorage, writeStorage } from '../../platform/browser';
import {
  DEFAULT_FILTERS,
  DISCOVER_GENDER_FILTER_KEY,
  type DiscoverFilters,
  filtersFromSearch,
  normalGenders,
  parseStoredGenders,
  searchFromFilters,
  storedGendersValue,
} from './discoverModel';

/**
 * Discover's filters: featured, search, nearby and the code from the address (replaced, not pushed,
 * so Back leaves Discover), the code else from the visit's arrival; the gender choice from
 * localStorage, where it is remembered between visits.
 */
export function useDiscoverFilters() {
  const [params, setParams] = useSearchParams();
  const [genders, setGenders] = useState(() => parseStoredGenders(readStorage(DISCOVER_GENDER_FILTER_KEY)));
  const filters = useMemo(() => filtersFromSearch(params, genders, arrivalCode()), [params, genders]);

  const update = useCallback(
    (patch: Partial<DiscoverFilters>) => {
      if (patch.genders) {
        const chosen = normalGenders(patch.genders);
        writeStorage(DISCOVER_GENDER_FILTER_KEY, storedGendersValue(chosen));
        setGenders(chosen);
      }
      if (patch.code === '') forgetArrivalCode();
      if (
        patch.featured !== undefined ||
        patch.q !== undefined ||
        patch.near !== undefined ||
        patch.code !== undefined
      ) {
        setParams(searchFromFilters({ ...filters, ...patch }), { replace: true });
      }
    },
    [filters, setParams],
  );
  const clear = useCallback(() => update(DEFAULT_FILTERS), [update]);

  return { filters, update, clear };
}
