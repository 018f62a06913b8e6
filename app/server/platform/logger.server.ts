import { pino } from "pino";

export type Logger = pino.Logger;

/** The app's logger: JSON lines on standard output, or on `destination` (a test reading every line written). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}
