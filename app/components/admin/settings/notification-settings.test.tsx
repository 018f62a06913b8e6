import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NotificationSettings } from "#app/components/admin/settings/notification-settings.tsx";
import { DEFAULT_TEMPLATES, DEFAULT_TEMPLATES_FR } from "#app/lib/notification-templates.ts";
import { notifications as frenchWords } from "#app/server/i18n/fr/notifications.ts";

// Settings → Notifications (decision 030): the English messages form as before, and the French one below it with
// its own 'Reset to default' buttons and a preview of what a French recipient gets.

const customized = { emailSubject: false, emailBody: false, sms: false };
/** Whether the next render's site has WhatsApp without a French template (set by `render`). */
let whatsappInEnglish = false;

function Page() {
  return (
    <NotificationSettings
      enabled
      smtpConfigured
      email="boss@example.com"
      messages={{
        senderName: "",
        replyTo: "",
        templates: DEFAULT_TEMPLATES,
        customized,
        defaultSenderName: "Unitrans",
        sample: {
          siteUrl: "https://freight.example.com",
          companyName: "Unitrans",
          companyAddress: "",
          companyPhone: "",
        },
      }}
      frenchMessages={{ templates: DEFAULT_TEMPLATES_FR, customized, words: frenchWords, whatsappInEnglish }}
      formKey="k"
      lastResult={undefined}
      frenchLastResult={undefined}
    />
  );
}

function render(withoutFrenchTemplate: boolean) {
  whatsappInEnglish = withoutFrenchTemplate;
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("Settings → Notifications in two languages", () => {
  it("shows the English form and the French one, each with its reset buttons and preview", () => {
    const html = render(false);
    expect(html).toContain("Messages to customers</h3>");
    expect(html).toContain("Customer messages in French</h3>");
    expect(html).toContain('value="notifications-messages"');
    expect(html).toContain('value="notifications-messages-fr"');
    expect(html.match(/Reset to default/g)).toHaveLength(6);
    expect(html).toContain('data-testid="preview-subject"');
    expect(html).toContain('data-testid="preview-subject-fr"');
    // The French preview: French sample, fixed words and tracking address.
    expect(html).toContain("Expédition UTG-1234-5678 : Arrivée à Port of Monrovia");
    expect(html).toContain("Suivre votre expédition : https://freight.example.com/fr/suivi/UTG-1234-5678");
    expect(html).not.toContain("WhatsApp messages in English");
  });

  it("says French-speaking customers get WhatsApp in English when no French template is set", () => {
    expect(render(true)).toContain(
      "No French WhatsApp template is set up: French-speaking customers get WhatsApp messages in English.",
    );
  });
});
