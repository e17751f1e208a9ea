import { LayoutGrid, List, Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { selectClass } from '../../../components/controls';
import {
  STATUS_FILTERS,
  VISIBILITY_FILTERS,
  type MyPostsFilters,
  type StatusFilter,
  type VisibilityFilter,
} from './myPosts';

export type ListView = 'grid' | 'list';

export interface MyPostsToolbarProps {
  typed: string;
  onType: (typed: string) => void;
  filters: MyPostsFilters;
  onFilter: (change: Partial<MyPostsFilters>) => void;
  categories: readonly string[];
  view: ListView;
  onView: (view: ListView) => void;
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={value}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      className={selectClass}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Search, the status, visibility and category filters, and the grid or list toggle (001 §2). */
export function MyPostsToolbar({
  typed,
  onType,
  filters,
  onFilter,
  categories,
  view,
  onView,
}: MyPostsToolbarProps) {
  const categoryChoices = [
    { value: '', label: 'All Categories' },
    ...categories.map((category) => ({ value: category, label: category })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="search" className="relative min-w-56 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search posts"
          placeholder="Search posts..."
          value={typed}
          onChange={(event) => onType(event.target.value)}
          className="pl-9"
          data-testid="my-posts-search"
        />
      </div>
      <Select<StatusFilter>
        label="Filter by status"
        value={filters.status}
        options={STATUS_FILTERS}
        onChange={(status) => onFilter({ status })}
        testId="my-posts-status-filter"
      />
      <Select<VisibilityFilter>
        label="Filter by visibility"
        value={filters.visibility}
        options={VISIBILITY_FILTERS}
        onChange={(visibility) => onFilter({ visibility })}
        testId="my-posts-visibility-filter"
      />
      <Select<string>
        label="Filter by category"
        value={filters.category}
        options={categoryChoices}
        onChange={(category) => onFilter({ category })}
        testId="my-posts-category-filter"
      />
      <div role="group" aria-label="Layout" className="flex rounded-lg border bg-card p-0.5">
        {(
          [
            { value: 'grid', label: 'Grid view', icon: LayoutGrid },
            { value: 'list', label: 'List view', icon: List },
          ] as const
        ).map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-label={label}
            aria-pressed={view === value}
            title={label}
            onClick={() => onView(value)}
            className={cn(
              'rounded-md p-2 text-muted-foreground transition-colors hover:text-foreground',
              'focus-visible:outline-2 focus-visible:outline-ring',
              view === value && 'bg-accent text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        ))}
      </div>
    </div>
  );
}
