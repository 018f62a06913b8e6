// Samples the memory of the app and its database server (bench/lib/server-processes.ts) on a worker thread
// while a load runs, so reading /proc (about 10 ms a sample) never delays the load generator's requests.
// The thread keeps the sample with the highest total and the highest of each part.
import fs from "node:fs";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { type MemorySample, sampleMemory } from "./server-processes.ts";

export type PeakMemory = {
  /** The sample with the highest total (app + database server). */
  peak: MemorySample | undefined;
  /** The highest app PSS and database server PSS of all samples, each on its own. */
  peakApp: number;
  peakDb: number;
  samples: number;
  /** The app's own memory report (bench/lib/memory-probe.ts) at the peak sample, when it runs the probe. */
  peakProbe: unknown;
};

type Options = { appPid: number; dataDir: string; everyMs: number; probeFile?: string };

/** Starts sampling every `everyMs`; `stop()` ends it and returns the peaks. */
export function startMemorySampler(options: Options): { stop(): Promise<PeakMemory> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const done = new Promise<PeakMemory>((resolve, reject) => {
    worker.once("message", (result: PeakMemory) => resolve(result));
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

if (!isMainThread && parentPort) {
  const { appPid, dataDir, everyMs, probeFile } = workerData as Options;
  const result: PeakMemory = { peak: undefined, peakApp: 0, peakDb: 0, samples: 0, peakProbe: undefined };
  const readProbe = () => {
    try {
      return probeFile ? JSON.parse(fs.readFileSync(probeFile, "utf8")) : undefined;
    } catch {
      return undefined;
    }
  };
  const take = () => {
    const sample = sampleMemory(appPid, dataDir);
    result.samples++;
    if (!result.peak || sample.total > result.peak.total) {
      result.peak = sample;
      result.peakProbe = readProbe();
    }
    result.peakApp = Math.max(result.peakApp, sample.app.pss);
    result.peakDb = Math.max(result.peakDb, sample.db.pss);
  };
  const timer = setInterval(take, everyMs);
  parentPort.on("message", () => {
    clearInterval(timer);
    take();
    parentPort!.postMessage(result);
  });
}
