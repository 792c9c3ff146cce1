/**
 * Load runs with autocannon. Latency percentiles: autocannon's histogram has p50, p97.5 and p99 but no
 * p95 and keeps whole milliseconds; this records every 2xx response time (ms, float) from autocannon's
 * `response` event and takes exact nearest-rank p50 and p95 from them; autocannon's own p97.5 is kept beside.
 */
import autocannon from 'autocannon';

export type LoadFigures = {
  connections: number;
  p50: number;
  p95: number;
  p97_5: number;
  requestsPerSecond: number;
  responses: number;
  failures: number;
};

export type LoadRequest = { url: string; token: string; method?: 'GET' | 'POST'; body?: string };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], rank: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** p50 and p95 of response times measured one by one (e.g. the workflow moves). */
export function figuresOf(times: number[], failures: number, seconds: number): LoadFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    connections: 1,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p97_5: percentile(sorted, 97.5),
    requestsPerSecond: sorted.length / seconds,
    responses: sorted.length,
    failures,
  };
}

export function load(request: LoadRequest, connections: number, duration: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let failures = 0;
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const instance = autocannon(
      { url: request.url, method: request.method ?? 'GET', body: request.body, connections, duration, headers, timeout: 30 },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        times.sort((a, b) => a - b);
        resolve({
          connections,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p97_5: result.latency.p97_5,
          requestsPerSecond: times.length / result.duration,
          responses: times.length,
          failures: failures + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        times.push(responseTime);
      } else {
        failures += 1;
      }
    });
  });
}
