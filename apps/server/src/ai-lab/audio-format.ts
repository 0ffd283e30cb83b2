/** The audio formats a recording may come in (what browsers' MediaRecorder writes, and common files), by content. */
const FORMATS: { extension: string; contentType: string; test: (data: Buffer) => boolean }[] = [
  { extension: 'webm', contentType: 'audio/webm', test: (data) => data.readUInt32BE(0) === 0x1a45dfa3 },
  { extension: 'ogg', contentType: 'audio/ogg', test: (data) => data.toString('ascii', 0, 4) === 'OggS' },
  {
    extension: 'wav',
    contentType: 'audio/wav',
    test: (data) => data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WAVE',
  },
  { extension: 'm4a', contentType: 'audio/mp4', test: (data) => data.toString('ascii', 4, 8) === 'ftyp' },
  { extension: 'flac', contentType: 'audio/flac', test: (data) => data.toString('ascii', 0, 4) === 'fLaC' },
  {
    extension: 'mp3',
    contentType: 'audio/mpeg',
    test: (data) => data.toString('ascii', 0, 3) === 'ID3' || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0),
  },
];

/** The format of a recording, read from its first bytes; undefined for anything that is not audio. */
export function audioFormat(data: Buffer): { extension: string; contentType: string } | undefined {
  if (data.length < 12) return undefined;
  const format = FORMATS.find((candidate) => candidate.test(data));
  return format && { extension: format.extension, contentType: format.contentType };
}
