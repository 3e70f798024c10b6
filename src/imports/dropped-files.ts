/**
 * The files of a drop, folders walked where the browser exposes them (`webkitGetAsEntry`). The
 * entries are taken at once (a drop's items are readable only during the event), then read.
 */
export function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = [...(transfer.items ?? [])]
    .map((item) => (item.kind === 'file' ? (item.webkitGetAsEntry?.() ?? null) : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  const files = [...transfer.files];
  if (entries.length === 0 || entries.every((entry) => entry.isFile)) return Promise.resolve(files);
  return walk(entries);
}

async function walk(entries: readonly FileSystemEntry[]): Promise<File[]> {
  const out: File[] = [];
  for (const entry of entries) {
    if (entry.isFile) {
      out.push(
        await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
      );
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // a directory reader gives its entries in batches until an empty one
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
          reader.readEntries(resolve, reject),
        );
        if (batch.length === 0) break;
        out.push(...(await walk(batch)));
      }
    }
  }
  return out;
}
