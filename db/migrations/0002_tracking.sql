CREATE TABLE `tracking_recent_events` (
	`key` text PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracking_recent_events_seen_idx` ON `tracking_recent_events` (`seen_at`);--> statement-breakpoint
CREATE TABLE `tracking_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
