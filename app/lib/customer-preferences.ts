// A customer member's message choices (decision 029): the topics and channels the preferences page offers. Pure: the
// account pages' browser code imports it (never the server module).

export const MESSAGE_TOPICS = ["shipments", "quotes", "invoices"] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];
export const MESSAGE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
