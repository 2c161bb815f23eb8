-- An order's fulfilment or refund job moves to the engine's table under the key order:<id>,
-- as it stood (due, leased, parked or done), before its own table goes.
INSERT INTO "jobs" ("kind", "key", "run_after", "attempts", "last_error", "locked_until", "claimed_by", "parked_at", "done_at", "created_at")
SELECT "kind", 'order:' || "order_id", "run_after", "attempts", "last_error", "locked_until", "claimed_by", "parked_at", "done_at", "created_at"
FROM "fulfilment_jobs"
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DROP TABLE "fulfilment_jobs" CASCADE;
