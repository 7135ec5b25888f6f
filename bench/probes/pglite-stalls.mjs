// A probe for the embedded database's pauses, loaded into a server with `node --import`: every call into
// PGlite that takes longer than PROBE_MS (60) is written to stderr with the statements it ran, and so is every
// turn of the event loop that came more than 150 ms late (what a request waiting meanwhile felt). E.g.
//   BENCH_ONLY=import BENCH_IMPORT_NODE_ARGS="--import $PWD/bench/probes/pglite-stalls.mjs" npx tsx bench/run.ts
// Not part of the server: it wraps PGlite's prototype and reads the wire messages it is handed.
import { PGlite } from '@electric-sql/pglite';

const SLOW_MS = Number(process.env.PROBE_MS ?? 60);
const texts = new Map();
const decoder = new TextDecoder();

/** The statements of a batch of frontend messages: Parse's text (kept by name), Bind's name, Query's text. */
function statementsOf(msg) {
  const out = [];
  for (let i = 0; i + 5 <= msg.length;) {
    const type = String.fromCharCode(msg[i]);
    const length = ((msg[i + 1] << 24) | (msg[i + 2] << 16) | (msg[i + 3] << 8) | msg[i + 4]) >>> 0;
    const body = msg.subarray(i + 5, i + 1 + length);
    const cstring = (from) => decoder.decode(body.subarray(from, body.indexOf(0, from)));
    if (type === 'P') {
      const name = cstring(0);
      texts.set(name, cstring(name.length + 1));
    } else if (type === 'B') {
      const name = cstring(cstring(0).length + 1);
      out.push((texts.get(name) ?? name).slice(0, 140));
    } else if (type === 'Q') {
      out.push(cstring(0).slice(0, 140));
    }
    i += 1 + length;
  }
  return out.join(' | ');
}

const at = () => (performance.now() / 1000).toFixed(2);
const original = PGlite.prototype.execProtocolRawStream;
PGlite.prototype.execProtocolRawStream = function (msg, ...rest) {
  const started = performance.now();
  const done = () => {
    const ms = performance.now() - started;
    if (ms > SLOW_MS) process.stderr.write(`SLOW ${ms.toFixed(0)} ms at ${at()} s: ${statementsOf(msg)}\n`);
  };
  const answer = original.call(this, msg, ...rest);
  if (answer && typeof answer.then === 'function') return answer.finally(done);
  done();
  return answer;
};

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last > 150) process.stderr.write(`STALL ${(now - last - 20).toFixed(0)} ms at ${at()} s\n`);
  last = now;
}, 20).unref();
