/**
 * Starts the browser's download of `url` as `filename` (an `<a href download>` click). The name is honoured for
 * same-origin URLs (the local store's); a store on another origin names the file itself (Content-Disposition).
 */
export function startDownload(url: string, filename: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}
