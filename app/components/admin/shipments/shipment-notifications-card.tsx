import { Form } from "react-router";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { useShipmentEditable } from "#app/components/admin/shipments/shipment-editable.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import type {
  DetailNotificationMessage,
  DetailNotifications,
  DetailRecipient,
  DetailSubscriber,
} from "#app/server/shipments/shipment-detail-views.ts";

const CHANNEL = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" } as const;
const ROLE: Record<string, string> = { shipper: "Shipper", consignee: "Consignee", subscriber: "Subscriber" };

const STATE: Record<DetailNotificationMessage["status"], { label: string; tone: string }> = {
  queued: { label: "Queued", tone: "bg-slate-100 text-slate-800" },
  sending: { label: "Sending", tone: "bg-slate-100 text-slate-800" },
  sent: { label: "Sent", tone: "bg-green-100 text-green-900" },
  delivered: { label: "Delivered", tone: "bg-green-100 text-green-900" },
  failed: { label: "Failed", tone: "bg-red-100 text-red-900" },
  expired: { label: "Expired", tone: "bg-amber-100 text-amber-900" },
  cancelled: { label: "Cancelled", tone: "bg-amber-100 text-amber-900" },
};

/**
 * The 'Notifications' card: the shipment's recipients with their switch, pause/resume for the shipment, and
 * every message sent to them (channel, time, state, retries, the provider's reason), each with 'Resend'.
 * Messages are a list, not a table, so the card reads at 390 px.
 */
export function ShipmentNotificationsCard({
  notifications,
  formError,
}: {
  notifications: DetailNotifications;
  formError: string[] | undefined;
}) {
  const editable = useShipmentEditable();
  const { paused, recipients, subscribers, messages, textMessages } = notifications;
  const pausing = useSubmitting(
    paused ? SHIPMENT_DETAIL_INTENTS.resumeNotifications : SHIPMENT_DETAIL_INTENTS.pauseNotifications,
  );
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="notifications-title">Notifications</CardTitle>
        <Form method="post" action="." preventScrollReset hidden={!editable}>
          <input
            type="hidden"
            name={INTENT}
            value={
              paused
                ? SHIPMENT_DETAIL_INTENTS.resumeNotifications
                : SHIPMENT_DETAIL_INTENTS.pauseNotifications
            }
          />
          <Button type="submit" variant="outline" size="sm" disabled={pausing}>
            {paused ? "Resume notifications" : "Pause notifications"}
          </Button>
        </Form>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <FormAlert errors={formError} id="notifications-form-error" />
        {paused ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Notifications are paused: customers are not told of this shipment's changes.
          </p>
        ) : null}

        <section aria-labelledby="notification-recipients-title" className="flex flex-col gap-3">
          <h3 id="notification-recipients-title" className="text-sm font-semibold text-slate-900">
            Recipients
          </h3>
          {recipients.length === 0 ? (
            <p className="text-sm text-slate-600">No shipper or consignee to notify.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200">
              {recipients.map((recipient) => (
                <RecipientRow key={recipient.role} recipient={recipient} textMessages={textMessages} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="notification-subscribers-title" className="flex flex-col gap-3">
          <h3 id="notification-subscribers-title" className="text-sm font-semibold text-slate-900">
            Subscribed on the tracking page
          </h3>
          {subscribers.length === 0 ? (
            <p className="text-sm text-slate-600">No one has subscribed on the tracking page.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200">
              {subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="notification-messages-title" className="flex flex-col gap-3">
          <h3 id="notification-messages-title" className="text-sm font-semibold text-slate-900">
            Messages sent
          </h3>
          {messages.length === 0 ? (
            <p className="text-sm text-slate-600">No messages sent yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200">
              {messages.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function RecipientRow({ recipient, textMessages }: { recipient: DetailRecipient; textMessages: boolean }) {
  const editable = useShipmentEditable();
  const switching = useSubmitting(SHIPMENT_DETAIL_INTENTS.setRecipient);
  const role = ROLE[recipient.role] ?? recipient.role;
  const contacts = [recipient.email, recipient.phone].filter(Boolean);
  // Switched on is not told: a party with neither an e-mail nor a phone gets no message, whatever the switch, and
  // a phone is texted only while SMS or WhatsApp has a provider here.
  const reachable = Boolean(recipient.email) || (Boolean(recipient.phone) && textMessages);
  const reached = recipient.enabled && reachable;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {role}: <span className="break-words">{recipient.name}</span>
        </p>
        {contacts.length ? <p className="break-all text-slate-600">{contacts.join(" · ")}</p> : null}
        <p className={cn("font-medium", reached ? "text-green-800" : "text-slate-700")}>
          {reached
            ? "Notified"
            : !contacts.length
              ? "Not notified: no e-mail or phone on file"
              : recipient.enabled && !reachable
                ? "Not notified: no e-mail on file, and text messages are not set up"
                : "Not notified"}
          {recipient.unsubscribed.length
            ? ` (unsubscribed from ${recipient.unsubscribed
                .map((c) => CHANNEL[c as keyof typeof CHANNEL] ?? c)
                .join(", ")})`
            : ""}
        </p>
      </div>
      <Form method="post" action="." preventScrollReset hidden={!editable}>
        <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.setRecipient} />
        <input type="hidden" name="role" value={recipient.role} />
        <input type="hidden" name="enabled" value={recipient.enabled ? "off" : "on"} />
        <Button type="submit" variant="outline" size="sm" disabled={switching}>
          {recipient.enabled ? "Stop notifying" : "Notify"}
          <span className="sr-only"> {recipient.role}</span>
        </Button>
      </Form>
    </li>
  );
}

function SubscriberRow({ subscriber }: { subscriber: DetailSubscriber }) {
  const editable = useShipmentEditable();
  const removing = useSubmitting(SHIPMENT_DETAIL_INTENTS.removeSubscriber);
  const channel = CHANNEL[subscriber.channel];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {channel}: <span className="break-all">{subscriber.address}</span>
        </p>
        <p className={cn("font-medium", subscriber.confirmed ? "text-green-800" : "text-slate-700")}>
          {subscriber.unsubscribed
            ? "Unsubscribed"
            : subscriber.confirmed
              ? "Confirmed"
              : subscriber.channel === "email"
                ? "Waiting for the link to be opened"
                : "Waiting for the code"}
          <span className="font-normal text-slate-600">
            {" "}
            · {subscriber.confirmed ? "since" : "until"}{" "}
            <time dateTime={subscriber.iso}>{subscriber.date}</time>
          </span>
        </p>
      </div>
      <Form method="post" action="." preventScrollReset hidden={!editable}>
        <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.removeSubscriber} />
        <input type="hidden" name="id" value={subscriber.id} />
        <Button type="submit" variant="outline" size="sm" disabled={removing}>
          Remove
          <span className="sr-only"> {subscriber.address}</span>
        </Button>
      </Form>
    </li>
  );
}

function MessageRow({ message }: { message: DetailNotificationMessage }) {
  const editable = useShipmentEditable();
  const resending = useSubmitting(SHIPMENT_DETAIL_INTENTS.resendNotification);
  const state = STATE[message.status];
  const channel = CHANNEL[message.channel];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded px-2 py-0.5 text-xs font-semibold", state.tone)}>{state.label}</span>
          <span className="font-medium text-slate-900">{channel}</span>
          <span className="break-all text-slate-700">to {message.address}</span>
        </p>
        <p className="break-words text-slate-900">{message.summary}</p>
        <p className="text-slate-600">
          <time dateTime={message.iso}>{message.date}</time>
          {ROLE[message.role] ? ` · ${ROLE[message.role]}` : ""}
          {message.retries > 0
            ? ` · retried ${message.retries} ${message.retries === 1 ? "time" : "times"}`
            : ""}
        </p>
        {message.reason ? (
          <p className="break-words text-red-800">
            <span className="font-medium">Reason:</span> {message.reason}
          </p>
        ) : null}
      </div>
      <Form method="post" action="." preventScrollReset hidden={!editable}>
        <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.resendNotification} />
        <input type="hidden" name="id" value={message.id} />
        <Button type="submit" variant="outline" size="sm" disabled={resending}>
          Resend
          <span className="sr-only">
            {" "}
            {channel} to {message.address}, {message.date}
          </span>
        </Button>
      </Form>
    </li>
  );
}
