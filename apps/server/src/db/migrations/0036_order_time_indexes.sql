CREATE INDEX "order_events_event_idx" ON "order_events" USING btree ("event","at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");