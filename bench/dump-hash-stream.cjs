// Writes the token stream the JS walk hands the core for bench/freeze.bench.cjs's 100k-leaf
// context (PREFIX.ops, .num, .txt, .hash), for the native timing of the feed:
//
//   node bench/dump-hash-stream.cjs .tmp/stream
//   BG_STREAM=$PWD/.tmp/stream cargo test --release --lib stream_speed -- --ignored --nocapture
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const prefix = path.resolve(process.argv[2] ?? ".tmp/stream");
const glue = require("../pkg/boomerang_guard.js"); // the module instance the guard uses
const guard = require("../dist/cjs/node.js").createGuardSync();
const { context } = require("./payloads.cjs");
const hashStream = glue.hashStream;
let args;
glue.hashStream = (...a) => {
  args = a;
  return hashStream(...a);
};
const hash = guard.contextHash(context(100000));
glue.hashStream = hashStream;
const bytes = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
fs.mkdirSync(path.dirname(prefix), { recursive: true });
fs.writeFileSync(`${prefix}.ops`, bytes(args[0]));
fs.writeFileSync(`${prefix}.num`, bytes(args[1]));
fs.writeFileSync(`${prefix}.txt`, bytes(args[2]));
fs.writeFileSync(`${prefix}.hash`, hash);
console.log(`${args[0].length} ops, ${args[1].length} numbers, ${args[2].length} text bytes: ${hash}`);
