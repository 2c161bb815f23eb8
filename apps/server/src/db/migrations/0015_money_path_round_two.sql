CREATE TABLE "esimgo_sandbox_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esimgo_sandbox_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bundle_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"total" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD COLUMN "inventory_refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD COLUMN "inventory_refund_reference" text;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD COLUMN "inventory_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD COLUMN "inventory_refund_cents" integer;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_orders" ADD COLUMN "type" text DEFAULT 'transaction' NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_orders" ADD COLUMN "listed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "balance_cents" bigint DEFAULT 100000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "provider_refund_cents" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "provider_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD CONSTRAINT "esim_refunds_inventory_refund_reference_unique" UNIQUE("inventory_refund_reference");