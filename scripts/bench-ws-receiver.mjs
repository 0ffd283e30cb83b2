// The receiving side of `runChatBench` (bench-ws.mjs), in a worker thread of its own: opens the
// planned sockets (200 at a time), tells the sending thread how many chat sockets each conversation
// has, and records each chat frame's delivery latency from the send time its body carries
// (`bench <n> @<ms since the epoch>`), until the sending thread says stop; then closes everything.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { plan } = workerData;
/** The send time in a chat frame's message body (`"body":"bench <n> @<ms>"`). */
const SENT_AT = /"body":"bench \d+ @(\d+(?:\.\d+)?)"/;
const now = () => performance.timeOrigin + performance.now();
const failures = { open: 0, refused: 0, dropped: 0 };
const latencies = [];
const chatSockets = {};
const open = [];
let notificationsPushed = 0;
let stopping = false;

function openSocket({ url, access, conversation }) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, ['bearer', access]);
    let ready = false;
    socket.on('message', (data) => {
      const text = String(data);
      if (!ready) {
        if (JSON.parse(text).ready) {
          ready = true;
          if (conversation) chatSockets[conversation] = (chatSockets[conversation] ?? 0) + 1;
          open.push(socket);
          resolve();
        }
        return;
      }
      // Chat frames carry the send time in their body. The frames are read without a full JSON
      // parse: at 30,000 frames a second on the machine under test the load generator must stay cheap.
      if (text.startsWith('{"message":"')) {
        notificationsPushed += 1;
        return;
      }
      const at = SENT_AT.exec(text);
      if (at) latencies.push(now() - Number(at[1]));
    });
    socket.on('close', (code) => {
      if (!ready) {
        if (code >= 4000) failures.refused += 1;
        else failures.open += 1;
        resolve();
      } else if (!stopping) failures.dropped += 1;
    });
    socket.on('error', () => undefined);
  });
}

const started = performance.now();
for (let i = 0; i < plan.length; i += 200) await Promise.all(plan.slice(i, i + 200).map(openSocket));
parentPort.postMessage({ type: 'open', open: open.length, seconds: (performance.now() - started) / 1000, chatSockets });

parentPort.on('message', async (message) => {
  if (message.type !== 'stop') return;
  stopping = true;
  await Promise.all(
    open.map(
      (socket) =>
        new Promise((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', resolve);
          socket.close(1000);
          setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
  parentPort.postMessage({ type: 'done', latencies, notificationsPushed, failures });
});
