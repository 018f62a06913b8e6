import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { INTENT } from "#app/components/admin/form-fields.tsx";
import {
  type FrenchMessagesProps,
  NotificationMessagesForm,
  type NotificationMessagesProps,
} from "#app/components/admin/settings/notification-messages-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NOTIFICATIONS_SWITCH_INTENT, NOTIFICATIONS_TEST_INTENT } from "#app/schemas/settings-intents.ts";

/**
 * Settings → Notifications: the master switch of shipment notifications (decision 013), 'Send a test message
 * to me', and the messages' sender, reply-to and templates with their preview, in English and in French
 * (decision 030: each recipient gets the set of their language).
 */
export function NotificationSettings({
  enabled,
  smtpConfigured,
  email,
  messages,
  frenchMessages,
  formKey,
  lastResult,
  frenchLastResult,
}: {
  enabled: boolean;
  smtpConfigured: boolean;
  email: string;
  messages: NotificationMessagesProps;
  frenchMessages: FrenchMessagesProps;
  formKey: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  frenchLastResult: SubmissionResult<string[]> | null | undefined;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700" role="status">
        {enabled
          ? "Notifications are on: shippers and consignees receive an e-mail when their shipment's status changes."
          : "Notifications are off: no customer is messaged about their shipments."}
      </p>
      {smtpConfigured ? null : (
        <p className="text-sm text-amber-800">
          No mail server is set up for this site: messages are kept and not sent.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name={INTENT} value={NOTIFICATIONS_SWITCH_INTENT} />
          <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
          <Button type="submit" variant={enabled ? "outline" : "primary"}>
            {enabled ? "Turn notifications off" : "Turn notifications on"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name={INTENT} value={NOTIFICATIONS_TEST_INTENT} />
          <Button type="submit" variant="outline">
            Send a test message to me
          </Button>
        </Form>
      </div>
      <p className="text-xs text-slate-600">
        The test message goes to {email}: the e-mail customers get, with the saved texts and a sample
        shipment.
      </p>
      <hr className="border-slate-200" />
      <NotificationMessagesForm key={formKey} {...messages} lastResult={lastResult} />
      <hr className="border-slate-200" />
      <NotificationMessagesForm
        key={`${formKey}-fr`}
        {...messages}
        {...frenchMessages}
        locale="fr"
        lastResult={frenchLastResult}
      />
    </div>
  );
}
