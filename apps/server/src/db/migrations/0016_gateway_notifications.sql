CREATE TABLE "gateway_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway_order_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_sandbox_sessions" ADD COLUMN "timeout_seconds" integer;