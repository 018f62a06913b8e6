// What the 'Show full details' page answers, read for its tests: the status, the data, the cookies it sets,
// and the code in a message it sent.

type Answer = { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
export const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as Answer)?.init?.status ?? 200);
export const bodyOf = (answer: unknown) => (answer as Answer).data as Record<string, unknown>;
export const cookiesOf = (answer: unknown) =>
  answer instanceof Response ? answer.headers.getSetCookie() : [];
/** The name=value part of the Set-Cookie named `name`, for the next request's Cookie header. */
export const cookiePair = (answer: unknown, name: string) =>
  cookiesOf(answer)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";
export const codeIn = (text: string) => /\b(\d{6}|\d{8})\b/.exec(text)?.[1] ?? "";
