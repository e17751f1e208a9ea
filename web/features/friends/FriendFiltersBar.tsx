import { useId } from 'react';
import { Label } from '../../components/ui/label';
import {
  isPrivacyFilter,
  isStatusFilter,
  PRIVACY_FILTERS,
  STATUS_FILTERS,
  type FriendFilters,
} from './friendFilters';

const selectClass =
  'h-9 rounded-lg border border-input bg-card px-2.5 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

/** Spec 000 §2: filter friends by presence status and by profile privacy. */
export function FriendFiltersBar({
  filters,
  onChange,
}: {
  filters: FriendFilters;
  onChange: (filters: FriendFilters) => void;
}) {
  const statusId = useId();
  const privacyId = useId();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex items-center gap-2">
        <Label htmlFor={statusId}>Status</Label>
        <select
          id={statusId}
          data-testid="friends-status-filter"
          value={filters.status}
          onChange={(event) => {
            const status = event.target.value;
            if (isStatusFilter(status)) onChange({ ...filters, status });
          }}
          className={selectClass}
        >
          {STATUS_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor={privacyId}>Privacy</Label>
        <select
          id={privacyId}
          data-testid="friends-privacy-filter"
          value={filters.privacy}
          onChange={(event) => {
            const privacy = event.target.value;
            if (isPrivacyFilter(privacy)) onChange({ ...filters, privacy });
          }}
          className={selectClass}
        >
          {PRIVACY_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
