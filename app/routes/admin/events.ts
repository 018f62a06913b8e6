import { roleSeesInbox } from "#app/lib/roles.ts";
import { isInboxEvent } from "#app/server/platform/events.server.ts";
import { requireStaffPage } from "#app/server/staff/staff-page.server.ts";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for the back office: every new quote request or contact message, as the database
 * announces it (from any app instance), becomes an `inbox` event; the admin shell then reloads its data.
 * Signed-in staff only. The stream ends when the browser leaves or the server stops.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireStaffPage({ request, context });
  // Inbox events only for the roles that see the inboxes (decision 019): an Editor's stream has heartbeats.
  const seesInbox = roleSeesInbox(user.role);
  const { events } = services;
  const encoder = new TextEncoder();
  let stop = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = events.subscribe((event) => {
        if (!seesInbox || !isInboxEvent(event)) return;
        send(`event: inbox\ndata: ${JSON.stringify({ type: event.type, id: event.id })}\n\n`);
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      heartbeat.unref?.();
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener("abort", stop);
        events.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      };
      // Reconnect after 2 s when the stream drops (a restart, a proxy timeout).
      send("retry: 2000\n: connected\n\n");
      if (request.signal.aborted || events.signal.aborted) stop();
      request.signal.addEventListener("abort", stop);
      events.signal.addEventListener("abort", stop);
    },
    cancel() {
      stop();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression and proxies must pass each event on at once.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      // When the stream ends (the server stops), the connection closes too instead of idling in keep-alive,
      // so a graceful shutdown does not wait for its timeout.
      Connection: "close",
    },
  });
}
