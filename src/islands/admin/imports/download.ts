/** Saves a Blob as a file through a temporary <a download> (no navigation, the page keeps its state). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
