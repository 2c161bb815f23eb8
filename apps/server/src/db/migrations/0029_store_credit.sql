CREATE TABLE "credit_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"order_reference" text,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"operator" text,
	CONSTRAINT "credit_entries_amount_nonzero" CHECK ("credit_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_client_idx" ON "credit_entries" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "credit_entries_order_idx" ON "credit_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_not_negative" CHECK ("orders"."credit_cents" >= 0);