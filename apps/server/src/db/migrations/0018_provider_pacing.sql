CREATE TABLE "provider_pacing" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_order_turn_at" timestamp with time zone;