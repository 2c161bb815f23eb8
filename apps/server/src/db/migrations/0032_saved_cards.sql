CREATE TABLE "gateway_sandbox_tokens" (
	"merchant_id" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"masked_number" text NOT NULL,
	"expiry" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_sandbox_tokens_merchant_id_token_pk" PRIMARY KEY("merchant_id","token")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"gateway_token" text NOT NULL,
	"scheme" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_client_token_unique" UNIQUE("client_id","gateway_token")
);
--> statement-breakpoint
ALTER TABLE "gateway_sandbox_sessions" ADD COLUMN "stored_on_file" text;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_sessions" ADD COLUMN "transaction_source" text;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD COLUMN "card_expiry" text;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_cards_client_idx" ON "saved_cards" USING btree ("client_id");