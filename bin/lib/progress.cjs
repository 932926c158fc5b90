// A progress bar on stderr for long runs: redrawn in place on a terminal, a line per tenth
// otherwise (CI logs), nothing for small jobs.
"use strict";

function progress(label, { min = 200, stream = process.stderr } = {}) {
  let lastTenth = -1;
  let lastDraw = 0;
  return {
    update(done, total) {
      if (total < min) return;
      if (stream.isTTY) {
        const now = Date.now();
        if (done !== total && now - lastDraw < 80) return;
        lastDraw = now;
        const width = 30;
        const filled = Math.round((done / total) * width);
        stream.write(`\r${label} [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total}`);
        if (done === total) stream.write("\n");
      } else {
        const tenth = Math.floor((done / total) * 10);
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          stream.write(`${label}: ${done}/${total}\n`);
        }
      }
    },
  };
}

module.exports = { progress };
