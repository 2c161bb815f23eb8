CREATE TABLE "gateway_sandbox_orders" (
	"merchant_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"total_authorized_minor" bigint DEFAULT 0 NOT NULL,
	"total_captured_minor" bigint DEFAULT 0 NOT NULL,
	"total_refunded_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_sandbox_orders_merchant_id_order_id_pk" PRIMARY KEY("merchant_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"order_id" text NOT NULL,
	"operation" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"merchant_name" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"success_indicator" text NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox_transactions" (
	"sequence" integer GENERATED ALWAYS AS IDENTITY (sequence name "gateway_sandbox_transactions_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"order_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"result" text NOT NULL,
	"gateway_code" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"target_transaction_id" text,
	"card_brand" text,
	"card_last4" text,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_sandbox_transactions_merchant_id_order_id_transaction_id_pk" PRIMARY KEY("merchant_id","order_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD CONSTRAINT "gateway_sandbox_transactions_order_fk" FOREIGN KEY ("merchant_id","order_id") REFERENCES "public"."gateway_sandbox_orders"("merchant_id","order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_sandbox_sessions_order_idx" ON "gateway_sandbox_sessions" USING btree ("merchant_id","order_id");