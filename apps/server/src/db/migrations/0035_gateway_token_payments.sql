CREATE TABLE "gateway_sandbox_agreements" (
	"merchant_id" text NOT NULL,
	"agreement_id" text NOT NULL,
	"type" text NOT NULL,
	"token" text NOT NULL,
	"order_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_sandbox_agreements_merchant_id_agreement_id_pk" PRIMARY KEY("merchant_id","agreement_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox_mit_requests" (
	"sequence" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_sandbox_mit_requests_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"order_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"agreement_id" text,
	"outcome" text NOT NULL,
	"refused_field" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_sandbox_tokens" ADD COLUMN "three_d_secure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_tokens" ADD COLUMN "declines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD COLUMN "authentication_status" text;--> statement-breakpoint
ALTER TABLE "gateway_sandbox_transactions" ADD COLUMN "redirect_response_url" text;