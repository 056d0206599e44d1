/** A value that is a web address (a "see also" URL) and can be a link; null for anything else. */
export function webUrl(value: string | null | undefined): string | null {
  const v = value?.trim() ?? '';
  if (!/^https?:\/\/[^\s<>"]+$/i.test(v)) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
