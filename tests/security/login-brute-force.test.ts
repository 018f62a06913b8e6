// 1,000 wrong-password logins (guessing and spraying): throttled cheaply, no session; the right password is
// refused while locked. It locks the admin and this client's address: files that sign in run before it.
import { pool } from "./client.ts";
import { attack, check, connect } from "./harness.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, encode, sessionToken } from "./requests.ts";

const { client, login } = connect();

attack("1,000 wrong-password logins are throttled cheaply and let no one in", async () => {
  const statuses = new Map<number, number>();
  const times = { checked: [] as number[], throttled: [] as number[] };
  let sessions = 0;
  const at = performance.now();
  const attempt = async (email: string, password: string, headers: Record<string, string> = {}) => {
    const sent = await client.send("/admin-login", {
      method: "POST",
      body: encode([
        ["email", email],
        ["password", password],
      ]),
      headers,
    });
    statuses.set(sent.status, (statuses.get(sent.status) ?? 0) + 1);
    if (sessionToken(sent)) sessions++;
    if (sent.status === 429) times.throttled.push(sent.ms);
    else times.checked.push(sent.ms);
  };
  // 500 guesses at the admin's password, then 500 at other accounts (spraying, with a forged client
  // address), 8 at a time as a brute-force tool would.
  const guesses = Array.from({ length: 1000 }, (_, i) => i);
  await pool(guesses, 8, (i) =>
    i < 500
      ? attempt(ADMIN_EMAIL, `wrong password ${i}`)
      : attempt(`user${i}@example.com`, `Password${i}!`, { "X-Forwarded-For": `203.0.113.${i % 250}` }),
  );
  const seconds = (performance.now() - at) / 1000;
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const checked = times.checked.length;
  const throttled = statuses.get(429) ?? 0;
  check(sessions === 0, `${sessions} wrong passwords got a session`);
  check(
    [...statuses.keys()].every((s) => s === 401 || s === 429),
    `unexpected statuses: ${JSON.stringify([...statuses])}`,
  );
  // Threshold 5 per account and 50 per address, plus what the 8 parallel requests had in flight (and a
  // few more if a lock ran out on a slow machine).
  check(checked <= 75, `${checked} passwords were checked before the throttle stopped them`);
  check(throttled >= 900, `only ${throttled} of 1,000 attempts were throttled`);
  // Cheap: well under the time of a checked attempt (or fast in absolute terms on a busy machine).
  check(
    median(times.throttled) < Math.max(100, median(times.checked) / 2),
    `a throttled attempt takes ${Math.round(median(times.throttled))} ms (median), a checked one ${Math.round(median(times.checked))} ms`,
  );
  check(seconds < 60, `1,000 attempts took ${seconds.toFixed(1)} s`);
  const right = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  check(
    right.sent.status === 429 && !right.token,
    `the right password while locked: status ${right.sent.status}`,
  );
  return `${checked} checked, ${throttled} throttled (429) in ${seconds.toFixed(1)} s; median ${Math.round(median(times.checked))} ms checked, ${Math.round(median(times.throttled))} ms throttled; the right password is refused while locked too`;
});
