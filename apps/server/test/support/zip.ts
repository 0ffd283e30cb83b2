import yauzl from 'yauzl';

/** Every file of a ZIP archive, by its path in the archive. */
export function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a ZIP'));
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A JSON file of an archive, parsed. */
export function jsonIn<T = unknown>(files: Map<string, Buffer>, name: string): T {
  const file = files.get(name);
  if (!file) throw new Error(`${name} is not in the archive (it has ${[...files.keys()].join(', ')})`);
  return JSON.parse(file.toString('utf8')) as T;
}
