/**
 * The worker that runs espeak-ng (compiled to WebAssembly) off the main thread: synthesis is
 * synchronous and takes a few hundred milliseconds, which would stall every other request.
 * It is a source string run with `eval: true`, so it works the same from TypeScript sources
 * (tests) and from the compiled server. The WebAssembly module is compiled once; each request
 * gets a fresh instance, because the espeak-ng program runs once per instance.
 */
export const ESPEAK_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
let factory;
let compiled;
async function load() {
  if (!factory) {
    factory = (await import(workerData.moduleUrl)).default;
    compiled = await WebAssembly.compile(fs.readFileSync(workerData.wasmPath));
  }
}
parentPort.on('message', async ({ id, text, voice, speed }) => {
  try {
    await load();
    const errors = [];
    const program = await factory({
      arguments: ['-v', voice, '-s', String(speed), '-w', '/speech.wav', '-f', '/text.txt'],
      preRun: [(module) => module.FS.writeFile('/text.txt', text)],
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
        return {};
      },
      print() {},
      printErr(line) { errors.push(line); },
    });
    let wav;
    try {
      wav = program.FS.readFile('/speech.wav');
    } catch {
      throw new Error('espeak-ng wrote no audio: ' + errors.join(' ').slice(0, 300));
    }
    parentPort.postMessage({ id, wav });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;
