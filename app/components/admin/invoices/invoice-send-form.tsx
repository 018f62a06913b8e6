// 'Send' on an issued invoice (decision 026): the address it goes to (the customer's, which the clerk may change)
// and the form's own key, so a double click sends one e-mail. It posts to /admin/invoices/:id/send.
import { Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import type { InvoiceSendActionData, InvoiceSendView } from "#app/server/invoices/invoice-views.ts";

export function InvoiceSendForm({
  send,
  actionData,
}: {
  send: InvoiceSendView;
  actionData?: InvoiceSendActionData;
}) {
  const action = `/admin/invoices/${send.id}/send`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const errors = actionData?.errors ?? {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send</CardTitle>
        <p className="text-sm text-slate-600">
          {send.kind === "credit_note"
            ? "E-mails the credit note with its PDF to the customer, in their language."
            : "E-mails the invoice with its PDF and a link where the customer sees it online and pays."}
        </p>
      </CardHeader>
      <CardContent>
        <Form method="post" action={action} className="flex flex-col gap-3" noValidate>
          <FormAlert id="send-error" errors={errors.form ? [errors.form] : undefined} />
          <input type="hidden" name="submissionKey" value={send.key} />
          <Field
            label="Send to"
            htmlFor="send-to"
            errorId="send-to-error"
            errors={errors.to ? [errors.to] : null}
          >
            <Input
              id="send-to"
              name="to"
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={actionData?.to ?? send.to}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? "send-to-error" : undefined}
            />
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              {send.kind === "credit_note" ? "Send credit note" : "Send invoice"} {send.number}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
