import { useMemo, useState } from 'react';

export interface Selection {
  /** The chosen keys still in the list, in list order. */
  keys: string[];
  has: (key: string) => boolean;
  toggle: (key: string) => void;
  selectAll: () => void;
  clear: () => void;
}

/**
 * Multi-select over a list's keys. A file that leaves the list (archived, deleted, here or in
 * another tab) leaves the selection with it, so a bulk action never names a file out of sight.
 */
export function useSelection(available: readonly string[]): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const keys = useMemo(() => available.filter((key) => chosen.has(key)), [available, chosen]);
  return {
    keys,
    has: (key) => chosen.has(key),
    toggle: (key) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    selectAll: () => setChosen(new Set(available)),
    clear: () => setChosen(new Set()),
  };
}
