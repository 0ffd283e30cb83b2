import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface S3StandIn {
  url: string;
  objects: Map<string, StoredObject>;
  /** Requests whose Authorization header was not a SigV4 signature by the expected key. */
  unsigned: number;
  /** Every object key asked for, in order. */
  keysAsked: string[];
  close(): Promise<void>;
}

const notFound = (res: http.ServerResponse, code = 'NoSuchKey') => {
  res.writeHead(404, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>Not found</Message></Error>`);
};

/**
 * A loopback stand-in for the few S3 calls the portal makes (path-style PUT, GET, HEAD, DELETE of
 * objects, and one page of ListObjectsV2 under a prefix for the backups), so the adapter is tested with the official SDK without a cloud account.
 */
export async function startS3StandIn(bucket: string, accessKeyId: string): Promise<S3StandIn> {
  const state = { objects: new Map<string, StoredObject>(), unsigned: 0, keysAsked: [] as string[] };
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !auth.includes('Signature=')) state.unsigned += 1;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    state.keysAsked.push(key);
    if (bucketName !== bucket) return notFound(res, 'NoSuchBucket');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const object = state.objects.get(key);
      switch (req.method) {
        case 'PUT':
          state.objects.set(key, {
            body: Buffer.concat(chunks),
            contentType: req.headers['content-type'] ?? 'application/octet-stream',
          });
          res.writeHead(200, { etag: '"stand-in"' });
          return res.end();
        case 'GET':
          if (key === '' && url.searchParams.get('list-type') === '2') {
            const prefix = url.searchParams.get('prefix') ?? '';
            const contents = [...state.objects.keys()]
              .filter((name) => name.startsWith(prefix))
              .sort()
              .map((name) => `<Contents><Key>${name}</Key><Size>${state.objects.get(name)!.body.length}</Size></Contents>`)
              .join('');
            res.writeHead(200, { 'content-type': 'application/xml' });
            return res.end(
              `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
            );
          }
          if (!object) return notFound(res);
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
          return res.end(object.body);
        case 'HEAD':
          if (!object) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
          return res.end();
        case 'DELETE':
          state.objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          res.writeHead(405);
          return res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects: state.objects,
    keysAsked: state.keysAsked,
    get unsigned() {
      return state.unsigned;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Clients that keep their connections open (the SDK's keep-alive) must not hold the close.
        server.closeAllConnections();
      }),
  };
}
