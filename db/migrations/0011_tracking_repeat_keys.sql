-- The repeat window's keys move to a table of integer keys (db/schema.ts, trackingRepeatKeys). tracking_recent_events
-- stays: while a deploy's build runs this, the previous functions still write their text keys there.
CREATE TABLE `tracking_repeat_keys` (
	`key` integer PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracking_repeat_keys_seen_idx` ON `tracking_repeat_keys` (`seen_at`);