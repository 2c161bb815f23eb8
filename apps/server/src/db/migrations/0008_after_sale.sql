CREATE TABLE "esim_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esim_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"provider_revoked_at" timestamp with time zone,
	"money_returned_at" timestamp with time zone,
	"money_return" text,
	"mailed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "esim_refunds_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "esim_refunds_money_return_known" CHECK ("esim_refunds"."money_return" is null or "esim_refunds"."money_return" in ('voided', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "usage_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iccid" text NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bundle_key" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_alerts_once" UNIQUE("iccid","kind","bundle_key")
);
--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_assignments" ADD COLUMN "used_percent" integer;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_assignments" ADD COLUMN "notified_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_assignments" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_esims" ADD COLUMN "network_name" text;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_esims" ADD COLUMN "mobile_network_code" text;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_esims" ADD COLUMN "network_country" text;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_esims" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_esims" ADD COLUMN "refresh_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD CONSTRAINT "esim_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_refunds" ADD CONSTRAINT "esim_refunds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_alerts_unmailed_idx" ON "usage_alerts" USING btree ("mailed_at");