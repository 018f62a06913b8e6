// Action specs of the security suite: the inbox and quotes, the address book, the blog and the media library.
import {
  type Fixtures,
  PARTY_TEXT,
  partyIntent,
  type Spec,
  unique,
  withPartyLanguage,
} from "./action-kit.ts";

function blogEditor(slug: () => string): Spec {
  return {
    name: "save post",
    fields: () => [
      ["title", "Customs clearance in Monrovia"],
      ["slug", slug()],
      ["category", "Guides"],
      ["excerpt", "What to prepare before your cargo lands."],
      ["featuredImage", ""],
      ["content", "<p>Bring the bill of lading.</p>"],
      ["intent", "publish"],
      ["publishAt", ""],
      // The post's language and the post it translates (decision 030): a blank one of either is valid (English,
      // none), so they cannot be strict; a hostile one is refused (blog-admin.server.test.ts).
      ["language", "en"],
      ["translationOf", ""],
    ],
    // Not the slug: a payload like "1e309" is a valid one. The intent must be one of four words.
    strict: ["intent"],
    text: ["title", "category", "excerpt", "content"],
    store: { table: "blog_posts", columns: { title: "title", category: "category", excerpt: "excerpt" } },
  };
}

function inbox(f: { keep: string; victim: string }): Spec[] {
  return [
    {
      name: "toggle read",
      fields: () => [
        ["intent", "toggle"],
        ["id", f.keep],
        ["read", "true"],
      ],
      strict: ["id", "read", "intent"],
      text: [],
    },
    {
      name: "delete",
      fields: () => [
        ["intent", "delete"],
        ["id", f.victim],
      ],
      strict: ["id", "intent"],
      text: [],
    },
    // Bulk actions (decision 016): chosen ids, or every row a filter matches. The suite marks the kept row read
    // by both, and deletes only the victim by id (a hostile filter must never widen a delete).
    {
      name: "bulk mark read (chosen)",
      fields: () => [
        ["intent", "bulk-read"],
        ["scope", "selected"],
        ["ids", f.keep],
      ],
      strict: ["intent", "scope", "ids"],
      text: [],
    },
    {
      name: "bulk mark unread (all matching a search)",
      fields: () => [
        ["intent", "bulk-unread"],
        ["scope", "matching"],
        ["read", "read"],
        ["q", "no request is called this"],
        ["stage", ""],
      ],
      strict: ["intent", "scope", "read", "stage"],
      text: ["q"],
    },
    {
      name: "bulk delete (chosen)",
      fields: () => [
        ["intent", "bulk-delete"],
        ["scope", "selected"],
        ["ids", f.victim],
      ],
      strict: ["intent", "scope", "ids"],
      text: [],
    },
  ];
}

/** The intents of the inbox, quotes, address book, blog and media library, by route id (read from the route
 * modules and the server modules they call). */
export function contentActions(f: Fixtures): Record<string, Spec[]> {
  return {
    // Staff's quote page (decision 016): the draft's checked fields, sending and booking.
    "routes/admin/quote-requests.$id.quote": [
      {
        name: "save quote draft",
        fields: () => [
          ["intent", "save-draft"],
          ["currency", "USD"],
          ["validUntil", "2099-12-31"],
          ["transitTime", "12 days"],
          ["incoterm", "FOB"],
          ["terms", "Payment before release"],
          ["note", "Thank you"],
          ["lineDescription", "Freight"],
          ["lineAmount", "1250.50"],
        ],
        strict: ["intent", "currency", "validUntil", "lineAmount"],
        text: [],
      },
      { name: "send quote", fields: () => [["intent", "send-quote"]], strict: ["intent"], text: [] },
      { name: "book shipment", fields: () => [["intent", "book-shipment"]], strict: ["intent"], text: [] },
    ],
    "routes/admin/parties": [
      {
        name: "delete party",
        fields: () => [
          ["intent", "delete-party"],
          ["id", f.victimShipper],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    "routes/admin/parties.new": [
      {
        name: "create party",
        fields: () => [
          ["intent", "save-party"],
          ["role", "shipper"],
          ["name", "Sec Party Ltd"],
          ["company", "Sec Holdings"],
          ["email", "party@example.com"],
          ["phone", "+231 77 012 3456"],
          ["address", "1 Broad Street, Monrovia"],
          // Its language (decision 030): English or French only.
          ["language", "fr"],
        ],
        strict: ["role", "intent", "phone", "language"],
        text: ["name", "company", "address"],
        store: { table: "shippers", columns: PARTY_TEXT },
      },
    ],
    "routes/admin/parties.$id": [
      withPartyLanguage(partyIntent("save-party", "shippers")),
      {
        name: "delete party",
        path: `/admin/parties/${f.victimShipper}`,
        fields: () => [["intent", "delete-party"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
    ],
    "routes/admin/quote-requests": inbox({ keep: f.quote, victim: f.victimQuote }),
    "routes/admin/contact-submissions": inbox({ keep: f.message, victim: f.victimMessage }),
    "routes/admin/blog": [
      {
        name: "delete post",
        fields: () => [
          ["intent", "delete"],
          ["id", f.victimPost],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    "routes/admin/cms.blog.new": [blogEditor(() => `sec-post-${unique()}`)],
    "routes/admin/cms.blog.$id": [blogEditor(() => f.post.slug)],
    "routes/admin/media": [
      {
        name: "alt text",
        fields: () => [
          ["intent", "alt"],
          ["id", f.media.id],
          ["alt", "A container ship at the port"],
        ],
        strict: ["id", "intent"],
        text: ["alt"],
        store: { table: "cms_media", columns: { alt: "alt" } },
      },
      {
        name: "delete",
        fields: () => [
          ["intent", "delete"],
          ["id", f.victimMedia],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
  };
}
