import { describe, expect, it } from 'vitest';
import { webUrl } from '../../../src-renderer/util/external-link';

describe('a see-also value that is a web address becomes a link', () => {
  it('takes http and https addresses, nothing else', () => {
    expect(webUrl('https://en.wikipedia.org/wiki/Pizza')).toBe('https://en.wikipedia.org/wiki/Pizza');
    expect(webUrl(' http://purl.obolibrary.org/obo/CL_0000604 ')).toBe('http://purl.obolibrary.org/obo/CL_0000604');
    expect(webUrl('javascript:alert(1)')).toBeNull();
    expect(webUrl('see https://x.org')).toBeNull();
    expect(webUrl('GO:0005634')).toBeNull();
    expect(webUrl(undefined)).toBeNull();
  });
});
