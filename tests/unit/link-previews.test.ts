import { firstLinkIn, normaliseUrl } from '../../shared/link-previews';

describe('the link a preview is made of', () => {
  it('is the first http(s) URL of the text, without the punctuation that ends a sentence', () => {
    expect(firstLinkIn('no link here')).toBeNull();
    expect(firstLinkIn('see https://example.com/a, and http://example.org/b')).toBe(
      'https://example.com/a',
    );
    expect(firstLinkIn('(read https://example.com/page).')).toBe('https://example.com/page');
    expect(firstLinkIn('https://en.wikipedia.org/wiki/Foo_(bar)!')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
    expect(firstLinkIn('<a href="https://example.com/x">x</a>')).toBe('https://example.com/x');
    expect(firstLinkIn('ftp://example.com/file then HTTPS://Example.COM/')).toBe(
      'https://example.com/',
    );
  });

  it('skips what cannot be fetched and takes the next one', () => {
    expect(firstLinkIn('http://user:pw@example.com/ then https://example.com/ok')).toBe(
      'https://example.com/ok',
    );
    expect(firstLinkIn('javascript:alert(1) https://example.com/')).toBe('https://example.com/');
  });
});

describe('a normalised URL, the cache key', () => {
  it('spells one page one way', () => {
    expect(normaliseUrl('HTTPS://Example.COM:443/Path?b=2&a=1#top')).toBe(
      'https://example.com/Path?a=1&b=2',
    );
    expect(normaliseUrl('http://example.com:80')).toBe('http://example.com/');
    expect(normaliseUrl('https://example.com/?utm_source=x&id=3&fbclid=y&gclid=z')).toBe(
      'https://example.com/?id=3',
    );
    expect(normaliseUrl('https://bücher.example/')).toBe('https://xn--bcher-kva.example/');
  });

  it('is null for anything but a plain http(s) URL', () => {
    for (const raw of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://user@example.com/',
      'not a url',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(normaliseUrl(raw)).toBeNull();
    }
  });
});
