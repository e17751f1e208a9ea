/** A named parameter (`:id`) or wildcard (`*rest`) of an Express 5 path. */
const PARAMETER = /[:*]([A-Za-z_$][\w$]*)/g;

/**
 * `/friends/:id` → `/friends/{id}`. Optional groups (`{/:id}`) and escapes match more than one
 * OpenAPI path, so a route using them is refused here rather than documented wrongly.
 */
export function toOpenApiPath(expressPath: string): string {
  if (/[{}()\\]/.test(expressPath)) {
    throw new Error(
      `${expressPath}: optional groups and escapes have no OpenAPI form; declare one route per path`,
    );
  }
  return expressPath.replace(PARAMETER, '{$1}');
}

export function pathParameterNames(expressPath: string): string[] {
  return [...expressPath.matchAll(PARAMETER)].map((match) => match[1]!);
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/**
 * `post /friends/requests/:id/accept` → `postFriendsRequestsByIdAccept`: derived from the route
 * alone, so it stays the same while the route does (clients generated from the document rely on it).
 */
export function operationIdOf(method: string, expressPath: string): string {
  const parts = expressPath
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^[:*](.+)$/.exec(segment);
      return parameter ? ['by', ...words(parameter[1]!)] : words(segment);
    });
  return method + parts.map(capitalized).join('');
}
