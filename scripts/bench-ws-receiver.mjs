// The receiving side of `runChatBench` (bench-ws.mjs): opens the planned sockets (200 at a time),
// tells the sending side how many chat sockets each conversation has, and records each chat frame's
// delivery latency from the scheduled send time its body carries (`bench <n> @<ms since the epoch>`),
// until the sending side says stop; then closes everything and answers its figures, with its own
// CPU time and event-loop delay (a receiver that falls behind would count its own queue as latency).
//
// It runs where `--receiver` puts it: a worker thread (default), a child process of its own, or the
// sending thread itself (`inline`); the same core answers through whichever channel it has.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** Where a chat frame's message body (`"body":"bench <n> @<ms>"`) gives the send time: after ` @`. */
const BODY = Buffer.from('"body":"bench ');
const SENT_AT = Buffer.from(' @');
const QUOTE = Buffer.from('"');
const NOTIFICATION = Buffer.from('{"message":"');
const now = () => performance.timeOrigin + performance.now();

/**
 * Opens the sockets of `plan`; `post(message)` gets `{type:'open'}` once they are, and
 * `{type:'done'}` after `stop()`. Answers `{ stop }`.
 */
export function startReceiver(plan, post) {
  const failures = { open: 0, refused: 0, dropped: 0, deflate: 0 };
  const latencies = [];
  const chatSockets = {};
  const open = [];
  let notificationsPushed = 0;
  let stopping = false;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let cpuAtOpen;

  function openSocket({ url, access, conversation }) {
    return new Promise((resolve) => {
      // Like a browser, ws offers permessage-deflate; the server must decline it (`failures.deflate` counts it).
      // Frames are read as bytes: no UTF-8 validation and no string for each (30,000 a second here).
      const socket = new WebSocket(url, ['bearer', access], { skipUTF8Validation: true });
      let ready = false;
      socket.on('message', (data) => {
        if (!ready) {
          if (JSON.parse(String(data)).ready) {
            ready = true;
            if (socket.extensions.includes('deflate')) failures.deflate += 1;
            if (conversation) chatSockets[conversation] = (chatSockets[conversation] ?? 0) + 1;
            open.push(socket);
            resolve();
          }
          return;
        }
        // Chat frames carry the send time in their body; notification frames are `{"message":"<type>"}`.
        // Neither is parsed whole: at 30,000 frames a second on the machine under test the load
        // generator must stay cheap.
        if (data.indexOf(NOTIFICATION) === 0) {
          notificationsPushed += 1;
          return;
        }
        const body = data.indexOf(BODY);
        const at = body < 0 ? -1 : data.indexOf(SENT_AT, body);
        if (at < 0) return;
        const start = at + SENT_AT.length;
        const end = data.indexOf(QUOTE, start);
        const sentAt = Number(data.toString('latin1', start, end));
        if (Number.isFinite(sentAt)) latencies.push(now() - sentAt);
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

  (async () => {
    const started = performance.now();
    for (let i = 0; i < plan.length; i += 200) await Promise.all(plan.slice(i, i + 200).map(openSocket));
    cpuAtOpen = process.cpuUsage();
    delay.enable();
    post({ type: 'open', open: open.length, seconds: (performance.now() - started) / 1000, chatSockets });
  })();

  return {
    async stop() {
      stopping = true;
      delay.disable();
      const cpu = process.cpuUsage(cpuAtOpen);
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
      post({
        type: 'done',
        latencies,
        notificationsPushed,
        failures,
        // In a worker thread process.cpuUsage() is the whole process's: the sender subtracts nothing then.
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      });
    },
  };
}

if (parentPort && workerData?.plan) {
  const receiver = startReceiver(workerData.plan, (message) => parentPort.postMessage(message));
  parentPort.on('message', (message) => message.type === 'stop' && receiver.stop());
} else if (process.send && process.argv.includes('--bench-ws-receiver')) {
  let receiver;
  process.on('message', (message) => {
    if (message.type === 'plan') receiver = startReceiver(message.plan, (reply) => process.send(reply));
    else if (message.type === 'stop') receiver.stop();
  });
}
