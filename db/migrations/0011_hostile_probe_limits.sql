ALTER TABLE `conversions` ADD `signed_at` integer;--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `previous_hits` integer DEFAULT 0 NOT NULL;