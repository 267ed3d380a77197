-- The repeat window's keys become 64-bit integers (the table's rowid). The old keys were text hashes that no new key
-- can match, so they are dropped, not copied: for one repeat window after this runs, a repeat of an event counted just
-- before it is counted once more.
DROP TABLE `tracking_recent_events`;--> statement-breakpoint
CREATE TABLE `tracking_recent_events` (
	`key` integer PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracking_recent_events_seen_idx` ON `tracking_recent_events` (`seen_at`);
