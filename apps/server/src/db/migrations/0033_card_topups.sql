CREATE TABLE "auto_topup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_topup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iccid" text NOT NULL,
	"client_id" integer NOT NULL,
	"bundle_key" text NOT NULL,
	"month" text NOT NULL,
	"order_id" integer NOT NULL,
	"agreement_id" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_topup_runs_bundle_unique" UNIQUE("iccid","bundle_key")
);
--> statement-breakpoint
CREATE TABLE "auto_topup_stop_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auto_topups" (
	"iccid" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"saved_card_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"when_percent_left" integer NOT NULL,
	"max_per_month" integer NOT NULL,
	"agreement_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payment_challenges" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"redirect_html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_card_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_initiator" text;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_stop_links" ADD CONSTRAINT "auto_topup_stop_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_challenges" ADD CONSTRAINT "card_payment_challenges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_topup_runs_month_idx" ON "auto_topup_runs" USING btree ("iccid","month");--> statement-breakpoint
CREATE INDEX "auto_topup_runs_order_idx" ON "auto_topup_runs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "auto_topups_card_idx" ON "auto_topups" USING btree ("saved_card_id");