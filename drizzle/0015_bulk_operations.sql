CREATE TABLE "bulk_operations" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
