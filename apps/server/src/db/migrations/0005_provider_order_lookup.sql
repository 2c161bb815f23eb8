ALTER TABLE "esimgo_sandbox_orders" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_orders" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_orders" ADD COLUMN "completes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esimgo_sandbox_settings" ADD COLUMN "async_delay_ms" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_order_settles_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "esimgo_sandbox_orders_created_idx" ON "esimgo_sandbox_orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_order_reference_unique" UNIQUE("provider_order_reference");