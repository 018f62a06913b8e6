import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CustomerAccountCard } from "#app/components/admin/parties/customer-account-card.tsx";
import type { CustomerAccountCardData } from "#app/server/customers/customer-account-views.ts";

const PARTY = "11111111-1111-4111-8111-111111111111";
const account: CustomerAccountCardData = {
  companyName: "Mensah Trading",
  parties: [
    {
      key: `shipper:${PARTY}`,
      id: PARTY,
      kindLabel: "Shipper",
      name: "Ama Mensah",
      company: "Mensah Trading",
      current: true,
    },
    {
      key: "consignee:22222222-2222-4222-8222-222222222222",
      id: "22222222-2222-4222-8222-222222222222",
      kindLabel: "Consignee",
      name: "Mensah Kumasi",
      company: null,
      current: false,
    },
  ],
  members: [
    {
      id: "m1",
      name: "Ama Mensah",
      email: "ama@mensah.example",
      phone: null,
      lastSignIn: "Nov 27, 2026",
      canInvite: true,
    },
    { id: "m2", name: "Kojo", email: null, phone: "+231555000111", lastSignIn: null, canInvite: false },
  ],
  ownAddresses: "ama@mensah.example",
  selfSignIn: false,
  inviteDefaults: { name: "Ama Mensah", email: "ama@mensah.example", phone: "" },
  textMessages: false,
  partySearch: { q: "kumasi", matches: [] },
};

type ActionData = Parameters<typeof CustomerAccountCard>[0]["actionData"];
/** What the next render answers with (set by `render`, read by the route's component). */
let answered: ActionData;

function CardPage() {
  return <CustomerAccountCard partyId={PARTY} account={account} actionData={answered} />;
}

function render(actionData?: ActionData) {
  answered = actionData;
  const Stub = createRoutesStub([{ path: "/", Component: CardPage }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("the 'Customer account' card", () => {
  it("shows the company, its parties and members, and the staff's forms", () => {
    const html = render();
    expect(html).toContain("Mensah Trading");
    expect(html).toContain(`href="/admin/parties/22222222-2222-4222-8222-222222222222"`);
    expect(html).toContain("May invite colleagues");
    expect(html).toContain("Last signed in Nov 27, 2026");
    expect(html).toContain("Has not signed in yet");
    expect(html).toContain("Invite to customer account");
    expect(html).toContain("Off: ama@mensah.example gets no sign-in code");
    // Text messages are not set up: no mobile field.
    expect(html).not.toContain('name="phone"');
    expect(html).toContain("No other shipper or consignee matches");
  });

  it("shows a refused invitation under its form, with what was typed", () => {
    const html = render({
      account: {
        intent: "invite-member",
        message: "This address already belongs to the customer account of Okafor Auto.",
        values: { name: "<b>Chidi</b>", email: "chidi@okafor.example", phone: "" },
      },
    });
    expect(html).toContain("This address already belongs to the customer account of Okafor Auto.");
    expect(html).toContain('value="chidi@okafor.example"');
    expect(html).not.toContain("<b>Chidi</b>");
  });
});
