// Sign-in latency (issue: p50 ≤ 150 ms including password hashing), measured with sequential requests
// next to a plain GET /api/health on the same app in the same run, so the figures compare.
const SAMPLES = 40;

export interface LatencyResult {
  samples: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SigninLatency {
  signin: LatencyResult;
  health: LatencyResult;
}

function percentiles(ms: number[]): LatencyResult {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { samples: ms.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}

async function timeRequests(send: () => Promise<Response>): Promise<LatencyResult> {
  for (let i = 0; i < 5; i++) await (await send()).arrayBuffer(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  return percentiles(ms);
}

/** Signs in as the demo investor (correct password: successful sign-ins are not rate-limited). */
export async function measureSigninLatency(baseUrl: string, password: string): Promise<SigninLatency> {
  const signin = await timeRequests(() =>
    fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'investor@hydrobridge.example', password, rememberMe: false }),
    }),
  );
  const health = await timeRequests(() => fetch(`${baseUrl}/api/health`));
  return { signin, health };
}
