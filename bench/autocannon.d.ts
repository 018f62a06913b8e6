// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "5xx": number;
    latency: Histogram;
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram & { total: number };
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
