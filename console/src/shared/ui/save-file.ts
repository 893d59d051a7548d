/** Hands a file (a CSV the API answered, a chart exported) to the browser as a download. */
export function saveFile(content: Blob, fileName: string) {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
