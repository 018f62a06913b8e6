// Action specs of the security suite: the public forms, the sign-in pages and the SMS providers' callbacks.
import crypto from "node:crypto";
import { NEW_PASSWORD, type Spec, TWILIO_CALLBACK_ENV } from "./action-kit.ts";

/** The intents of the public forms, the sign-in pages and the providers' callbacks, by route id (read from the
 * route modules and the server modules they call). */
export function publicActions(): Record<string, Spec[]> {
  return {
    // Hostile tokens (and the one-click body) on the public unsubscribe link: a clear 404 page, nothing changed.
    "routes/site/unsubscribe.$token": [
      {
        name: "one-click unsubscribe",
        fields: () => [["List-Unsubscribe", "One-Click"]],
        strict: [],
        text: [],
        noFields: true,
      },
    ],
    // 'Get updates' (decision 014): an e-mail address, a phone (refused: the suite's app has no SMS sender, so
    // the phone form answers that text messages are off; the phone's own checks are in
    // subscriptions.server.test.ts) and the code form. Nothing is free text: every field is strict.
    "routes/site/track.$tracking-number.updates": [
      {
        name: "get updates by e-mail",
        fields: () => [
          ["intent", "email"],
          ["email", "subscriber@example.com"],
        ],
        strict: ["email", "intent"],
        text: [],
      },
      {
        name: "get updates by text message",
        fields: () => [
          ["intent", "phone"],
          ["phone", "0770 123 456"],
        ],
        strict: ["phone", "intent"],
        text: [],
      },
      {
        name: "code",
        fields: () => [
          ["intent", "code"],
          ["phone", "+231770123456"],
          ["code", "123456"],
        ],
        strict: ["code", "phone", "intent"],
        text: [],
      },
    ],
    // Signing in to the customer account (decision 029): the address, the code, the e-mailed link's button and
    // signing out. The address and the code are strict; a hostile redirectTo falls back to the account.
    "routes/account/sign-in": [
      {
        name: "ask for a sign-in code",
        fields: () => [
          ["address", "someone@example.com"],
          ["redirectTo", "/account/shipments"],
        ],
        strict: ["address"],
        text: [],
      },
    ],
    "routes/account/code": [
      {
        name: "type the sign-in code",
        fields: () => [
          ["code", "123456"],
          ["redirectTo", "/account/shipments"],
        ],
        strict: ["code"],
        text: [],
      },
    ],
    "routes/account/sign-in.$token": [
      { name: "sign in by the e-mailed link", fields: () => [], strict: [], text: [], noFields: true },
    ],
    "routes/account/sign-out": [{ name: "sign out", fields: () => [], strict: [], text: [], noFields: true }],
    // 'Show full details' (decision 029): a contact (an e-mail here: the suite's app sends no SMS), the code form
    // (no code is waiting in the suite's browser: 'ask for a new one') and starting again. Nothing is free text.
    "routes/site/track.$tracking-number.details": [
      {
        name: "details code by e-mail",
        fields: () => [
          ["intent", "contact"],
          ["contact", "someone@example.com"],
        ],
        strict: ["contact", "intent"],
        text: [],
      },
      {
        name: "details code",
        fields: () => [
          ["intent", "code"],
          ["code", "123456"],
        ],
        strict: ["code", "intent"],
        text: [],
      },
      {
        name: "details start again",
        fields: () => [["intent", "restart"]],
        strict: ["intent"],
        text: [],
      },
    ],
    // The customer's quote link (decision 016): hostile tokens and answers give a clear 404, nothing changed.
    "routes/site/quote.$token": [
      {
        name: "decline quote",
        fields: () => [
          ["intent", "decline"],
          ["comment", "Too dear"],
        ],
        strict: [],
        text: [],
      },
      {
        name: "accept quote",
        fields: () => [
          ["intent", "accept"],
          ["name", "Ama Mensah"],
        ],
        strict: [],
        text: [],
      },
    ],
    // Paying an invoice by mobile money (decision 027): hostile tokens, numbers and amounts give a clear 404
    // or a message, and nothing is stored (the refusals on a real invoice are in app/routes/site/invoice.pay.test.ts).
    "routes/site/invoice.$token.pay": [
      {
        name: "pay by mobile money",
        fields: () => [
          ["payer", "088 600 0001"],
          ["amount", "10.00"],
        ],
        strict: ["payer", "amount"],
        text: [],
      },
      {
        // A waiting request is cancelled only by its own invoice's link: a hostile id ends nothing.
        name: "cancel a waiting mobile-money request",
        fields: () => [
          ["intent", "cancel"],
          ["request", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["intent", "request"],
        text: [],
      },
    ],
    // Hostile tokens on the confirmation link: a clear 404 page, nothing confirmed.
    "routes/site/subscribe.$token": [
      {
        name: "confirm subscription",
        fields: () => [["confirm", "1"]],
        strict: [],
        text: [],
        noFields: true,
      },
    ],
    "routes/site/contact": [
      quoteFormSpec("quote form"),
      {
        name: "contact form",
        fields: () => [
          ["intent", "contact"],
          ["submissionKey", crypto.randomUUID()],
          ["name", "Musu Flomo"],
          ["email", "musu@example.com"],
          ["subject", "Shipping to Accra"],
          ["message", "How long does sea freight take?"],
        ],
        strict: ["email", "intent"],
        text: ["name", "subject", "message"],
        store: {
          table: "contact_submissions",
          columns: { name: "name", subject: "subject", message: "message" },
        },
      },
    ],
    "routes/site/services": [
      {
        name: "service inquiry form",
        fields: () => [
          ["intent", "service-inquiry"],
          ["submissionKey", crypto.randomUUID()],
          ["name", "Musu Flomo"],
          ["email", "musu@example.com"],
          ["phone", "+231 770 123 456"],
          ["phoneCountry", "LR"],
          ["shipmentType", "air"],
          ["cityDeparture", "Monrovia"],
          ["deliveryCity", "Lagos"],
          ["message", "Please quote air freight to Lagos."],
        ],
        strict: ["email", "phone", "phoneCountry", "shipmentType", "intent"],
        text: ["name", "cityDeparture", "deliveryCity", "message"],
        // A quote request: the name is split into first and last name, so only the others are compared as typed.
        store: {
          table: "quote_requests",
          columns: {
            cityDeparture: "city_departure",
            deliveryCity: "delivery_city",
            message: "special_info",
          },
        },
      },
    ],
    "routes/admin/auth/login": [
      {
        name: "login",
        // A wrong password: a valid post would count as a failed login, so only strict variants are sent.
        fields: () => [
          ["email", "nobody@example.com"],
          ["password", "not the password"],
          ["redirectTo", "/admin/dashboard"],
        ],
        strict: ["email"],
        text: [],
      },
    ],
    "routes/admin/auth/forgot-password": [
      {
        name: "forgot password",
        fields: () => [["email", "nobody@example.com"]],
        strict: ["email"],
        text: [],
      },
    ],
    "routes/admin/auth/reset-password": [
      {
        name: "reset password",
        fields: () => [
          ["token", "A".repeat(43)],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword", "token"],
        text: [],
      },
    ],
    // Logging out ends the session it is sent with: the corpus goes without one.
    "routes/admin/auth/logout": [
      { name: "logout", session: false, fields: () => [["x", "1"]], strict: ["x"], text: [] },
    ],
    "routes/admin/auth/change-password": [
      {
        name: "change password",
        // The current password is wrong; only strict variants (refused before it is checked) are sent.
        fields: () => [
          ["currentPassword", "not the password"],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword"],
        text: [],
      },
    ],
    // Unsigned: every post is refused (403) and changes nothing; run.ts signs hostile ones too.
    "routes/resources/webhooks.twilio.$kind": [
      {
        name: "status callback (unsigned)",
        path: "/webhooks/twilio/status?outbox=00000000-0000-4000-8000-000000000000",
        fields: () => [
          ["MessageSid", `SM${"0".repeat(32)}`],
          ["MessageStatus", "delivered"],
        ],
        strict: ["MessageSid", "MessageStatus"],
        text: [],
      },
      {
        name: "incoming STOP (unsigned)",
        path: "/webhooks/twilio/inbound",
        fields: () => [
          ["From", "+231770123456"],
          ["Body", "STOP"],
        ],
        strict: ["From", "Body"],
        text: [],
      },
    ],
    // With the right token: a hostile sender or message id matches nothing and records nothing.
    "routes/resources/webhooks.africastalking.$token.$kind": [
      {
        name: "delivery report",
        path: `/webhooks/africastalking/${TWILIO_CALLBACK_ENV.AFRICASTALKING_CALLBACK_TOKEN}/delivery`,
        fields: () => [
          ["id", "ATXid_no-such-message"],
          ["status", "Success"],
        ],
        strict: ["id"],
        text: [],
      },
      {
        name: "incoming STOP",
        path: `/webhooks/africastalking/${TWILIO_CALLBACK_ENV.AFRICASTALKING_CALLBACK_TOKEN}/inbound`,
        fields: () => [
          ["from", "+231770123456"],
          ["text", "STOP"],
        ],
        strict: ["from"],
        text: [],
      },
    ],
  };
}

/** The quote form's spec (the contact page's, and the customer account's 'Ask for a quote', decision 029). */
export function quoteFormSpec(name: string): Spec {
  return {
    name,
    fields: () => [
      ["intent", "quote"],
      ["submissionKey", crypto.randomUUID()],
      ["firstName", "Musu"],
      ["lastName", "Flomo"],
      ["email", "musu@example.com"],
      ["company", "Flomo Trading"],
      ["phone", "0770 123 456"],
      ["phoneCountry", "LR"],
      ["cityDeparture", "Monrovia"],
      ["deliveryCity", "Accra"],
      ["parcelType", "Parcels"],
      ["weight", "12 kg"],
      ["readyDate", "2026-12-10"],
      ["specialInfo", "Fragile"],
      ["freightTypes", "air"],
      ["freightTypes", "sea"],
      ["website", ""],
    ],
    strict: ["email", "phone", "phoneCountry", "readyDate", "parcelType", "freightTypes", "intent"],
    text: ["firstName", "lastName", "company", "cityDeparture", "deliveryCity", "weight", "specialInfo"],
    store: {
      table: "quote_requests",
      columns: {
        firstName: "first_name",
        lastName: "last_name",
        company: "company",
        cityDeparture: "city_departure",
        deliveryCity: "delivery_city",
        weight: "weight",
        specialInfo: "special_info",
      },
    },
  };
}
