CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"staff_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_events_kind_check" CHECK ("invoice_events"."kind" in ('sent', 'opened', 'reminded'))
);
--> statement-breakpoint
CREATE TABLE "invoice_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_money_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider" text DEFAULT 'mtn' NOT NULL,
	"payer" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"financial_transaction_id" text,
	"payment_id" uuid,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_money_requests_amount_check" CHECK ("mobile_money_requests"."amount_minor" > 0),
	CONSTRAINT "mobile_money_requests_state_check" CHECK ("mobile_money_requests"."state" in ('pending', 'successful', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"party_kind" text,
	"party_id" uuid,
	"customer_name" text NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"settled_currency" text NOT NULL,
	"settled_minor" bigint NOT NULL,
	"rate_micro" bigint,
	"state" text DEFAULT 'received' NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" uuid,
	"reversal_reason" text,
	"submission_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_minor" > 0 and "payments"."settled_minor" > 0),
	CONSTRAINT "payments_rate_check" CHECK (("payments"."currency" = "payments"."settled_currency") = ("payments"."rate_micro" is null) and coalesce("payments"."rate_micro", 1) > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'bank_transfer', 'cheque', 'mobile_money', 'card')),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('received', 'reversed')),
	CONSTRAINT "payments_reversal_check" CHECK (("payments"."state" = 'reversed') = ("payments"."reversed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "consignees" ADD COLUMN "no_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shippers" ADD COLUMN "no_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_staff_id_admin_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_requests" ADD CONSTRAINT "mobile_money_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_money_requests" ADD CONSTRAINT "mobile_money_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_admin_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_events_dedupe_idx" ON "invoice_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_links_hash_idx" ON "invoice_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invoice_links_invoice_idx" ON "invoice_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "mobile_money_requests_invoice_idx" ON "mobile_money_requests" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "mobile_money_requests_due_idx" ON "mobile_money_requests" USING btree ("next_check_at") WHERE "mobile_money_requests"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_money_requests_payment_idx" ON "mobile_money_requests" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_idx" ON "payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_series_idx" ON "payments" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_submission_key_idx" ON "payments" USING btree ("submission_key");--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("party_kind","party_id");--> statement-breakpoint
CREATE INDEX "payments_received_on_idx" ON "payments" USING btree ("received_on");--> statement-breakpoint
-- hand-written
-- A payment is never deleted and never changes, except being reversed once (received → reversed, with who, when
-- and why) and the references a deletion elsewhere sets to null (decision 026).
CREATE FUNCTION payments_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  may_change text[] := ARRAY['state', 'reversed_at', 'reversed_by', 'reversal_reason', 'updated_at', 'created_by'];
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment % cannot be deleted: reverse it', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  IF (to_jsonb(NEW) - may_change) IS DISTINCT FROM (to_jsonb(OLD) - may_change)
    OR (OLD.state = 'reversed' AND (NEW.state, NEW.reversed_at, NEW.reversal_reason) IS DISTINCT FROM (OLD.state, OLD.reversed_at, OLD.reversal_reason))
    OR (NEW.state = 'received' AND OLD.state = 'reversed')
  THEN
    RAISE EXCEPTION 'payment % cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_freeze BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_freeze();
--> statement-breakpoint
-- What a payment settled stays as it was; a later use of the customer's credit is a new allocation.
CREATE FUNCTION payment_allocations_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'what a payment settled cannot change' USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_freeze BEFORE UPDATE OR DELETE ON payment_allocations FOR EACH ROW EXECUTE FUNCTION payment_allocations_freeze();
--> statement-breakpoint
CREATE TRIGGER audit_payments AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_payment_allocations AFTER INSERT OR UPDATE OR DELETE ON payment_allocations FOR EACH ROW EXECUTE FUNCTION audit_row_change('payment_id', '');
