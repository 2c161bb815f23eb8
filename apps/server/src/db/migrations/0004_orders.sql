CREATE TABLE "esims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "esims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iccid" text NOT NULL,
	"client_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"matching_id" text NOT NULL,
	"smdp_address" text NOT NULL,
	"pin" text,
	"puk" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "esims_iccid_unique" UNIQUE("iccid")
);
--> statement-breakpoint
CREATE TABLE "fulfilment_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fulfilment_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"claimed_by" text,
	"parked_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fulfilment_jobs_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_description" text NOT NULL,
	"enduser_price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"iso" text NOT NULL,
	"country" text NOT NULL,
	"payment_gateway_ref" text NOT NULL,
	CONSTRAINT "ledger_entries_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gateway_order_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"plan_description" text NOT NULL,
	"destination_iso" text NOT NULL,
	"destination_name" text NOT NULL,
	"type" text NOT NULL,
	"target_iccid" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"gateway_operation" text NOT NULL,
	"gateway_session_id" text,
	"success_indicator" text,
	"payment_transaction_id" text,
	"provider_order_started_at" timestamp with time zone,
	"provider_order_reference" text,
	"iccid" text,
	"payment_checks" integer DEFAULT 0 NOT NULL,
	"payment_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"confirmation_mailed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_gateway_order_id_unique" UNIQUE("gateway_order_id"),
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount_cents" > 0),
	CONSTRAINT "orders_topup_has_target" CHECK (("orders"."type" = 'Topup') = ("orders"."target_iccid" is not null))
);
--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_jobs" ADD CONSTRAINT "fulfilment_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esims_client_idx" ON "esims" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "fulfilment_jobs_due_idx" ON "fulfilment_jobs" USING btree ("run_after");--> statement-breakpoint
CREATE INDEX "ledger_entries_client_idx" ON "ledger_entries" USING btree ("client_id","booked_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");