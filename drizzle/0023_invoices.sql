CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"tax_name" text,
	"tax_basis_points" integer,
	"amount_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."quantity_milli" > 0 and "invoice_lines"."unit_price_minor" >= 0 and "invoice_lines"."amount_minor" >= 0 and "invoice_lines"."tax_minor" >= 0),
	CONSTRAINT "invoice_lines_tax_check" CHECK (("invoice_lines"."tax_name" is null) = ("invoice_lines"."tax_basis_points" is null) and coalesce("invoice_lines"."tax_basis_points", 0) between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invoice_shipments" (
	"invoice_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	CONSTRAINT "invoice_shipments_invoice_id_shipment_id_pk" PRIMARY KEY("invoice_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"year" integer,
	"sequence" integer,
	"party_kind" text,
	"party_id" uuid,
	"customer_name" text NOT NULL,
	"customer_company" text,
	"customer_email" text,
	"billing_address" text,
	"currency" text NOT NULL,
	"issue_date" date,
	"due_date" date,
	"payment_terms_days" integer NOT NULL,
	"notes" text,
	"payment_instructions" text,
	"subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"quote_id" uuid,
	"credited_invoice_id" uuid,
	"created_by" uuid,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_state_check" CHECK ("invoices"."state" in ('draft', 'issued', 'void')),
	CONSTRAINT "invoices_number_check" CHECK (("invoices"."state" = 'draft') = ("invoices"."number" is null) and ("invoices"."number" is null) = ("invoices"."issue_date" is null)),
	CONSTRAINT "invoices_due_check" CHECK ("invoices"."due_date" is null or "invoices"."issue_date" is null or "invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."subtotal_minor" >= 0 and "invoices"."tax_minor" >= 0 and "invoices"."total_minor" = "invoices"."subtotal_minor" + "invoices"."tax_minor"),
	CONSTRAINT "invoices_credit_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "admin_users" DROP CONSTRAINT "admin_users_role_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_shipments" ADD CONSTRAINT "invoice_shipments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_shipments" ADD CONSTRAINT "invoice_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_admin_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_admin_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_shipments_shipment_idx" ON "invoice_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_idx" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_party_idx" ON "invoices" USING btree ("party_kind","party_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id") WHERE "invoices"."credited_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('administrator', 'operations', 'accounts', 'editor'));--> statement-breakpoint
-- hand-written
-- An issued invoice or credit note never changes (decision 015): only voiding it (issued → void, with who, when
-- and why) and the references a deletion elsewhere sets to null (the staff who made, issued or voided it, the
-- quote) may change; it is never deleted. A draft may change and be deleted.
CREATE FUNCTION invoices_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  may_change text[] := ARRAY['state', 'voided_at', 'voided_by', 'void_reason', 'updated_at', 'created_by', 'issued_by', 'quote_id'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.state <> 'draft' THEN
      RAISE EXCEPTION 'invoice % is issued and cannot be deleted', OLD.number USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.state = 'draft' THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - may_change) IS DISTINCT FROM (to_jsonb(OLD) - may_change)
    OR (NEW.state <> OLD.state AND NOT (OLD.state = 'issued' AND NEW.state = 'void'))
    OR (OLD.state = 'void' AND (NEW.state, NEW.voided_at, NEW.void_reason) IS DISTINCT FROM (OLD.state, OLD.voided_at, OLD.void_reason))
  THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_freeze BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_freeze();
--> statement-breakpoint
-- The lines and shipments of an issued invoice are frozen with it (except while a restore loads them).
CREATE FUNCTION invoice_parts_freeze() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore (npm run restore) loads issued invoices, then their lines, in its one transaction.
  IF current_setting('app.restoring', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF EXISTS (
    SELECT 1 FROM invoices
    WHERE state <> 'draft'
      AND id IN (
        CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.invoice_id END,
        CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.invoice_id END
      )
  ) THEN
    RAISE EXCEPTION 'the invoice is issued: its % cannot change', TG_TABLE_NAME USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_freeze BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_parts_freeze();
--> statement-breakpoint
CREATE TRIGGER invoice_shipments_freeze BEFORE INSERT OR UPDATE OR DELETE ON invoice_shipments FOR EACH ROW EXECUTE FUNCTION invoice_parts_freeze();
--> statement-breakpoint
-- Every money change in the activity log, with before and after (decision 021).
CREATE TRIGGER audit_invoices AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
--> statement-breakpoint
CREATE TRIGGER audit_invoice_lines AFTER INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION audit_row_change('id', '');
