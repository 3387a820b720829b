/** An http(s) address (a video call's link), rather than a place's address. */
export function isWebLink(text: string | null | undefined): text is string {
  if (!text) return false;
  const value = text.trim();
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
