import { Button } from '../../components/ui/button';

/** A page query of RTK Query: the page after `cursor`, or nothing while skipped. */
type PageQuery<Args> = (
  args: Args & { cursor?: string },
  options: { skip: boolean },
) => { data?: { nextCursor: string | null }; isFetching: boolean };

/**
 * "Load more …" while the last loaded page says more follow: the first page's cursor until a
 * further page is held, then that page's own (read from the cache the list already fills).
 */
export function LoadMore<Args>({
  usePage,
  args,
  cursor,
  first,
  onMore,
  label,
  size,
}: {
  usePage: PageQuery<Args>;
  args: Args;
  cursor: string | undefined;
  first: string | null;
  onMore: (cursor: string) => void;
  label: string;
  size?: 'sm';
}) {
  const { data, isFetching } = usePage({ ...args, cursor }, { skip: cursor === undefined });
  const next = cursor === undefined ? first : (data?.nextCursor ?? null);
  if (next === null) return null;
  return (
    <Button variant="outline" size={size} disabled={isFetching} onClick={() => onMore(next)}>
      {label}
    </Button>
  );
}
