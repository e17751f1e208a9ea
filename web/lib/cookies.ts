/** The value of cookie `name` in a `Cookie` header (or `document.cookie`), or null. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at >= 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
