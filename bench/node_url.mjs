// node_url.mjs -- time Node's URL parser (WHATWG URL, ada inside) on URL lists, with the
// line rules of curi-bench: a UTF-8 BOM dropped, a trailing '\r' dropped, empty lines skipped.
//
//   node bench/node_url.mjs [--rounds N] [--machine] [--wall] FILE...
//
// Runners, after one warm-up pass, run once per round with the order rotated each round:
//   node-url       new URL(s) and the length of its href (parse + WHATWG serialization)
//   node-canparse  URL.canParse(s) (validation only)
// Time is the process's CPU time (process.cpuUsage, user + system, microseconds; V8's helper
// threads count too), or the wall clock with --wall, like curi-bench.
// Prints per file and runner the median ns/URL and MB/s (bytes of the lines as UTF-8 on disk);
// instructions/URL are n/a here.  --machine prints one line per runner for curi-bench:
// "name op valid ns_per_url mb_per_s checksum", op being the curi operation it is compared with.
// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

let rounds = 11;
let machine = false;
let wall = false;
const files = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds' && i + 1 < args.length) rounds = Math.max(1, parseInt(args[++i], 10) || 1);
  else if (args[i] === '--machine') machine = true;
  else if (args[i] === '--wall') wall = true;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node bench/node_url.mjs [--rounds N] [--machine] FILE...');
  process.exit(2);
}

// Split the raw bytes, so the byte count matches curi-bench even for invalid UTF-8.
function load(path) {
  let buf = readFileSync(path);
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
  const lines = [];
  let bytes = 0;
  let pos = 0;
  while (pos < buf.length) {
    let nl = buf.indexOf(0x0a, pos);
    if (nl < 0) nl = buf.length;
    let end = nl;
    if (end > pos && buf[end - 1] === 0x0d) end--;
    if (end > pos) {
      lines.push(buf.toString('utf8', pos, end));
      bytes += end - pos;
    }
    pos = nl + 1;
  }
  return { lines, bytes };
}

const runners = [
  {
    name: 'node-url',
    op: 'url',
    run(lines) {
      let ok = 0;
      let sum = 0;
      for (let i = 0; i < lines.length; i++) {
        try {
          sum += new URL(lines[i]).href.length;
          ok++;
        } catch {
          // not a valid WHATWG URL
        }
      }
      return [ok, sum];
    },
  },
  {
    name: 'node-canparse',
    op: 'parse',
    run(lines) {
      let ok = 0;
      for (let i = 0; i < lines.length; i++) if (URL.canParse(lines[i])) ok++;
      return [ok, ok];
    },
  },
];

// Nanoseconds on the chosen clock.
function now() {
  if (wall) return Number(process.hrtime.bigint());
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

function median(a) {
  const s = [...a].sort((x, y) => x - y);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

console.log(`# node ${process.version}, ada ${process.versions.ada ?? 'unknown'}`);
for (const f of files) {
  const { lines, bytes } = load(f);
  const n = lines.length;
  if (n === 0) continue;
  const valid = [];
  const sums = [];
  runners.forEach((r, j) => {
    const [ok, sum] = r.run(lines); // warm-up
    valid[j] = ok;
    sums[j] = sum;
  });
  const times = runners.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let jj = 0; jj < runners.length; jj++) {
      const j = (jj + round) % runners.length;
      const t0 = now();
      const [, sum] = runners[j].run(lines);
      const t1 = now();
      sums[j] = sum;
      times[j].push(t1 - t0);
    }
  }
  if (!machine) {
    console.log(`\n## ${basename(f)}: ${n} URLs, ${bytes} bytes\n`);
    console.log('| runner | valid | ns/URL | MB/s | instr/URL | checksum |');
    console.log('|---|---:|---:|---:|---:|---:|');
  }
  runners.forEach((r, j) => {
    const t = median(times[j]);
    const nsPerUrl = (t / n).toFixed(2);
    const mbps = (bytes / t * 1e3).toFixed(1);
    if (machine) console.log(`${r.name} ${r.op} ${valid[j]} ${nsPerUrl} ${mbps} ${sums[j]}`);
    else console.log(`| ${r.name} | ${valid[j]} | ${nsPerUrl} | ${mbps} | n/a | ${sums[j]} |`);
  });
}
