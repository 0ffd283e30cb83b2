/** The files of a drop, including those inside dropped folders (a glTF folder dropped whole). */
export async function filesFromDrop(transfer: DataTransfer): Promise<File[]> {
  const entries = Array.from(transfer.items ?? [])
    .map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0 || entries.every((entry) => entry.isFile)) return Array.from(transfer.files);
  const files = await Promise.all(entries.map((entry) => filesOfEntry(entry, 0)));
  return files.flat();
}

async function filesOfEntry(entry: FileSystemEntry, depth: number): Promise<File[]> {
  if (entry.isFile) {
    return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))];
  }
  if (!entry.isDirectory || depth > 4) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries hands out a directory in batches until it returns an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  return (await Promise.all(children.map((child) => filesOfEntry(child, depth + 1)))).flat();
}
