// extract_linkify.cjs -- linkify-it over a file, for bench/extract.sh: one link per output line.
// The file is read in 4 MB pieces cut after a newline, so that no link is split.  fuzzyLink
// and fuzzyEmail are off: scheme-prefixed links only, as in curi extract's strict mode.
// SPDX-License-Identifier: MIT
'use strict';
const fs = require('fs');
const linkifyModule = require('linkify-it');
const LinkifyIt = linkifyModule.LinkifyIt || linkifyModule.default || linkifyModule;
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false });
const fd = fs.openSync(process.argv[2], 'r');
const piece = Buffer.alloc(4 << 20);
let rest = Buffer.alloc(0);
let out = [];
function run(buf) {
  const m = linkify.match(buf.toString('utf8'));
  if (m) for (const x of m) out.push(x.url);
  if (out.length > 10000) { fs.writeSync(1, out.join('\n') + '\n'); out = []; }
}
for (;;) {
  const n = fs.readSync(fd, piece, 0, piece.length, null);
  if (n === 0) break;
  const buf = Buffer.concat([rest, piece.subarray(0, n)]);
  const nl = buf.lastIndexOf(10);
  if (nl < 0) { rest = buf; continue; }
  run(buf.subarray(0, nl + 1));
  rest = Buffer.from(buf.subarray(nl + 1));
}
if (rest.length) run(rest);
if (out.length) fs.writeSync(1, out.join('\n') + '\n');
