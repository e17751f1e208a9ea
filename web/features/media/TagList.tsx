import { visibleTags } from './mediaFormat';

/** At most three tags, then "+N" for the rest (001 §2), all of them in the tooltip. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  const { shown, more } = visibleTags(tags);
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags" title={tags.join(', ')}>
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
          {tag}
        </li>
      ))}
      {more > 0 && (
        <li
          className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground"
          aria-label={`${more} more`}
        >
          +{more}
        </li>
      )}
    </ul>
  );
}
