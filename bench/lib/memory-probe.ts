// Loaded into the app by the start-up and memory benchmark only (NODE_OPTIONS=--import <this file>, with
// BENCH_MEMORY_PROBE_FILE set): five times a second it writes the process's own view of its memory (V8 heap,
// external and array buffers, resident set, malloc'ed memory) and the peaks so far to that file, so the
// benchmark can say where the app's memory goes. Not part of the app; without the variable it does nothing.
import fs from "node:fs";
import v8 from "node:v8";

const file = process.env.BENCH_MEMORY_PROBE_FILE;
if (file) {
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0 };
  const write = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heapTotal = Math.max(peak.heapTotal, usage.heapTotal);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.external = Math.max(peak.external, usage.external);
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
    );
    const sample = { ...usage, mallocedMemory: heap.malloced_memory, spaces, peak, at: Date.now() };
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(sample));
      fs.renameSync(`${file}.tmp`, file);
    } catch {}
  };
  setInterval(write, 200).unref();
  write();
}
